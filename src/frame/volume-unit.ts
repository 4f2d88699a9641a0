/**
 * Volume unit labels as the services write them (`gas_Bcf`, `bcf`, `mcf`): one unit can have several
 * spellings, so labels are compared by a key while rows keep the label the service sent.
 */

/**
 * The key two volume unit labels are compared by: trimmed, lower case, without a `gas_` prefix, so
 * `gas_Bcf`, `GAS_BCF` and `bcf` are one unit. `undefined` for null, undefined, an empty label or a
 * value that is not a string.
 */
export function volumeUnitKey(label: unknown): string | undefined {
  if (typeof label !== "string") return undefined;
  const key = label.trim().toLowerCase().replace(/^gas_/, "");
  return key === "" ? undefined : key;
}

/** Whether two labels name one volume unit (see {@link volumeUnitKey}); two absent labels are equal. */
export function sameVolumeUnit(a: unknown, b: unknown): boolean {
  return volumeUnitKey(a) === volumeUnitKey(b);
}

/**
 * The distinct volume units among `labels`, one per unit, each as the first label seen for it (the
 * service's own spelling), in first-seen order. Absent labels are skipped.
 */
export function distinctVolumeUnits(labels: Iterable<unknown>): string[] {
  const seen = new Map<string, string>();
  for (const label of labels) {
    const key = volumeUnitKey(label);
    if (key !== undefined && !seen.has(key)) seen.set(key, label as string);
  }
  return [...seen.values()];
}
