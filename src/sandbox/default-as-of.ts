/**
 * The sandbox's default "today", in a file of its own so that `connect()` (loaded by `require("gasframes")`)
 * can name it without loading the sandbox server.
 */

/**
 * Fixed "today" of the sandbox data, YYYY-MM-DD, when none is given: `startSandbox()`, `gasframes sandbox`
 * and `connect()` all default to it, so a notebook shows the same numbers against any of them and reports
 * are reproducible.
 */
export const DEFAULT_SANDBOX_AS_OF = "2026-11-01";
