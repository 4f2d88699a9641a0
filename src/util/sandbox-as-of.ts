/**
 * The sandbox's default "today". Here, at the ground floor, because both sides need it: the sandbox (which
 * may import only errors/ and util/) and `connect()`, loaded by `require("gasframes")`, which must not load
 * the sandbox until it starts one.
 */

/**
 * Fixed "today" of the sandbox data, YYYY-MM-DD, when none is given: `startSandbox()`, `gasframes sandbox`
 * and `connect()` all default to it, so a notebook shows the same numbers against any of them and reports
 * are reproducible.
 */
export const DEFAULT_SANDBOX_AS_OF = "2026-11-01";
