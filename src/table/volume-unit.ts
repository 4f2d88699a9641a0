/**
 * Volume unit labels as the services write them (`gas_Bcf`, `bcf`, `mcf`): one unit can have several
 * spellings, so labels are compared by a key while rows keep the label the service sent.
 */
import { canonicalUnit } from "./units";

/**
 * The key two volume unit labels are compared by: the unit `convertUnits` knows the label as (its alias
 * table: `gas_Bcf`, `GAS_BCF`, `bcf` and `Bcf of gas` are all `BCF`), else the label trimmed and in lower
 * case. Only listed spellings are merged, so a label that merely looks alike (`gas_m3` next to LNG
 * `m3`) stays a unit of its own and is reported as mixed rather than summed. `undefined` for null,
 * undefined, an empty label or a value that is not a string.
  * @example
  * volumeUnitKey("gas_Bcf"); // "BCF"
 */
export function volumeUnitKey(label: unknown): string | undefined {
  if (typeof label !== "string") return undefined;
  const key = label.trim().toLowerCase();
  if (key === "") return undefined;
  return canonicalUnit(key) ?? key;
}

/**
 * Whether two labels name one volume unit (see {@link volumeUnitKey}); two absent labels are equal.
 * @example
 * sameVolumeUnit("gas_Bcf", "bcf"); // true
 */
export function sameVolumeUnit(a: unknown, b: unknown): boolean {
  return volumeUnitKey(a) === volumeUnitKey(b);
}

/**
 * The distinct volume units among `labels`, one per unit, each as the first label seen for it (the
 * service's own spelling), in first-seen order. Absent labels are skipped.
  * @example
  * distinctVolumeUnits(["bcf", "gas_Bcf", "m3"]); // ["bcf", "m3"]
 */
export function distinctVolumeUnits(labels: Iterable<unknown>): string[] {
  const seen = new Map<string, string>();
  for (const label of labels) {
    const key = volumeUnitKey(label);
    if (key !== undefined && !seen.has(key)) seen.set(key, label as string);
  }
  return [...seen.values()];
}
