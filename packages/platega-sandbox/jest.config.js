// The package's own test run (`npm test` here). The repository's root runner runs these specs too.
module.exports = {
  transform: {
    "^.+\\.ts$": ["@swc/jest", { jsc: { parser: { syntax: "typescript" }, target: "es2022" } }],
  },
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "json"],
  testMatch: ["<rootDir>/src/**/__tests__/**/*.spec.ts"],
  modulePathIgnorePatterns: ["<rootDir>/dist/"],
}
