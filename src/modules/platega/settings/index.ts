// The settings: their one table (definition.ts), the rules of their values, and the shapes the
// admin sees. Nothing here needs Node: the admin's form reads it too. The server's side sits
// beside it: effective.ts (the settings in force), settings-store.ts (the admin's view and saves),
// connection-test.ts.
export * from "./definition"
export { CSV_SEPARATORS, DESCRIPTION_TOKENS, clearable } from "./fields"
export * from "./types"
