import js from "@eslint/js"
import tseslint from "typescript-eslint"
import globals from "globals"
import jest from "eslint-plugin-jest"

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".medusa/",
      ".demo-data/",
      "coverage/",
      "test-results/",
      "storefront/dist/",
      "packages/*/dist/",
      "**/.next/",
      "**/*.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser, ...globals.jest },
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["**/*.js", "**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["**/__tests__/**", "integration-tests/**", "bench/**"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
  // Small files: split by concern past 400 lines.
  {
    files: ["src/**", "packages/**"],
    ignores: ["src/modules/*/migrations/**"],
    rules: { "max-lines": ["error", { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  // Every test asserts something: jest's own expect, or a helper whose name says it asserts.
  {
    files: ["**/*.spec.ts", "**/*.spec.tsx", "integration-tests/helpers/**/*.ts"],
    plugins: { jest },
    rules: {
      "jest/expect-expect": ["error", { assertFunctionNames: ["expect", "expect*", "assert*"] }],
    },
  },
)
