const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())

const swc = [
  "@swc/jest",
  { jsc: { parser: { syntax: "typescript", decorators: true }, target: "es2022" } },
]

// The storefront kit's React components, rendered to markup by its unit specs.
const swcReact = [
  "@swc/jest",
  {
    jsc: {
      parser: { syntax: "typescript", tsx: true },
      target: "es2022",
      transform: { react: { runtime: "automatic" } },
    },
  },
]

// One project per kind of spec, so `jest --selectProjects unit` runs just the pure ones: `unit`
// specs open no socket, `local` specs talk to servers they start on the loopback (the sandbox, a
// fake Platega, a callback receiver, the sandbox CLI), and neither touches a database.
const base = {
  transform: { "^.+\\.[jt]s$": swc, "^.+\\.tsx$": swcReact },
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "tsx", "json"],
  modulePathIgnorePatterns: ["dist/", "<rootDir>/.medusa/"],
  setupFiles: ["<rootDir>/integration-tests/setup.js"],
  // The plugin's specs run the workspace sandbox from its TypeScript sources, so they never test a
  // stale build of it.
  moduleNameMapper: {
    "^platega-sandbox$": "<rootDir>/packages/platega-sandbox/src/index.ts",
    "^medusa-payment-platega-storefront$": "<rootDir>/packages/platega-storefront/src/index.ts",
    // The storefront kit's ESM sources import their siblings as `./x.js`.
    "^(\\.{1,2}/.*)\\.js$": "$1",
  },
}

module.exports = {
  projects: [
    {
      ...base,
      displayName: "unit",
      // A unit spec that opens a socket fails, saying it is a local (or database) spec.
      setupFilesAfterEnv: ["<rootDir>/integration-tests/setup-unit.js"],
      testMatch: [
        "<rootDir>/src/**/__tests__/**/*.unit.spec.ts",
        "<rootDir>/packages/*/src/**/__tests__/**/*.unit.spec.ts",
        // The CI and release workflows, read.
        "<rootDir>/scripts/__tests__/**/*.unit.spec.ts",
      ],
    },
    {
      ...base,
      displayName: "local",
      testMatch: [
        "<rootDir>/src/**/__tests__/**/*.local.spec.ts",
        "<rootDir>/packages/*/src/**/__tests__/**/*.local.spec.ts",
      ],
    },
    {
      ...base,
      displayName: "modules",
      testMatch: [
        "<rootDir>/src/modules/*/__tests__/**/*.spec.ts",
        // The jobs' lock helper against the module's table.
        "<rootDir>/src/jobs/**/__tests__/**/*.spec.ts",
      ],
      testPathIgnorePatterns: ["\\.(unit|local)\\.spec\\.ts$"],
    },
    {
      ...base,
      displayName: "integration:http",
      testMatch: ["<rootDir>/integration-tests/http/**/*.spec.ts"],
    },
    // Several Medusa processes on one database and Redis (npm test provides the Redis).
    {
      ...base,
      displayName: "multi",
      testMatch: ["<rootDir>/integration-tests/multi/**/*.spec.ts"],
    },
    {
      ...base,
      displayName: "e2e",
      testMatch: ["<rootDir>/integration-tests/e2e/**/*.spec.ts"],
      // One demo for every browser spec (see support/shared-demo.ts).
      globalSetup: "<rootDir>/integration-tests/e2e/support/global-setup.ts",
      globalTeardown: "<rootDir>/integration-tests/e2e/support/global-teardown.ts",
    },
  ],
}
