// The client's defaults and bounds, with no imports: the plugin's settings table (which the
// admin's browser code reads too) takes them from here.

export const DEFAULT_BASE_URL = "https://app.platega.io"

/** The longest deadline of one call (ms): the store's option and the client's own obey it. */
export const MAX_TIMEOUT_MS = 120_000

/** The deadline of one call (ms) when the store sets none. */
export const DEFAULT_TIMEOUT_MS = 15_000
