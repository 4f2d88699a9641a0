/**
 * Notes an analysis function leaves on the frame it returns: what it dropped or replaced and why
 * (`deriveVoyages` reports records without `imo`, duplicates replaced...). Kept in a WeakMap keyed by
 * the frame object, so they live exactly as long as that frame; a frame derived from it by danfo
 * (head, query, sort) starts without notes.
 */
const notes = new WeakMap<object, Record<string, unknown>>();

/** Records notes on a frame (merged with any it has) and returns the frame. */
export function attachNotes<T extends object>(frame: T, entries: Record<string, unknown>): T {
  notes.set(frame, { ...(notes.get(frame) ?? {}), ...entries });
  return frame;
}

/**
 * The notes an analysis function left on this frame, e.g. for `deriveVoyages`:
 * `{ dropped_no_imo: 2, dropped_no_destination_timestamp: 1, duplicates_removed: 3, transactions_used: 120 }`.
 * An empty object when there are none.
  * @example
  * const voyages = deriveVoyages(transactions);
  * console.log(notesOf(voyages)); // { dropped_no_imo: 2, ... }
 */
export function notesOf(frame: object): Record<string, unknown> {
  return { ...(notes.get(frame) ?? {}) };
}
