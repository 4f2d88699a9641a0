/**
 * One-time warnings (a deprecated endpoint, an unfiltered query on a huge dataset). They go to
 * `console.warn`, which a tslab notebook shows under the cell (process warnings would only reach the
 * kernel's log), prefixed `gasframes:`.
 */

const seen = new Set<string>();

/** Where a warning goes: `console.warn` by default. */
export type WarningSink = (message: string) => void;

const consoleSink: WarningSink = (message) => console.warn(`gasframes: ${message}`);

/**
 * Warns with `message` the first time `key` is seen in this process; later calls with the same key
 * are silent. `sink` defaults to `console.warn` (prefixed `gasframes:`). Returns whether it warned.
 */
export function warnOnce(key: string, message: string, sink: WarningSink = consoleSink): boolean {
  if (seen.has(key)) return false;
  seen.add(key);
  sink(message);
  return true;
}

/**
 * Forgets which warnings were given, so that each warns once again (for tests and long sessions).
 * @example
 * resetWarnings(); // the next deprecated call warns again
 */
export function resetWarnings(): void {
  seen.clear();
}
