/**
 * LNG response records made uniform: every timestamp field through the one parser, volume units kept
 * per row and a mixture of units reported, never hidden.
 */
import type { RecordSchema } from "../table/schema";
import { tryParseServiceTimestamp } from "./timestamps";
import { sameVolumeUnit } from "../table/volume-unit";

/** What normalisation found worth telling the user. */
export interface NormalizeReport {
  /** Human-readable warnings (unparsable timestamps, mixed volume units). */
  warnings: string[];
  /** The distinct units of `volume_unit` in the records, in first-seen order, each as first spelt (`gas_Bcf` and `bcf` are one). */
  volumeUnits: string[];
}

/**
 * Normalises records in place: each field the schema types as `timestamp` is parsed with
 * `parseServiceTimestamp` (null stays null; a value that does not parse is kept as sent and
 * reported). A bare string record (a list of timestamps) becomes `{ [firstField]: value }`.
 *
 * @returns the records (same array when no record needed wrapping) and a report
 */
export function normalizeRecords(
  schema: RecordSchema,
  input: readonly unknown[],
): { records: Record<string, unknown>[]; report: NormalizeReport } {
  const timestampFields = schema.fields.filter((f) => f.type === "timestamp").map((f) => f.name);
  const firstField = schema.fields[0]?.name ?? "value";
  const badFields = new Map<string, unknown>();
  const units: string[] = [];
  const labels = new Set<string>();
  const records = new Array<Record<string, unknown>>(input.length);
  for (let i = 0; i < input.length; i++) {
    const raw = input[i];
    const rec: Record<string, unknown> =
      raw !== null && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : { [firstField]: raw };
    for (const name of timestampFields) {
      if (!(name in rec)) continue;
      const parsed = tryParseServiceTimestamp(rec[name]);
      if (!parsed.ok && !badFields.has(name)) badFields.set(name, rec[name]);
      rec[name] = parsed.value;
    }
    const unit = rec.volume_unit;
    // One unit has several spellings (gas_Bcf, bcf): a new label is one more unit only if its key is new.
    if (typeof unit === "string" && !labels.has(unit)) {
      labels.add(unit);
      if (!units.some((u) => sameVolumeUnit(u, unit))) units.push(unit);
    }
    records[i] = rec;
  }
  const warnings: string[] = [];
  for (const [name, value] of badFields) {
    warnings.push(`${schema.name}: ${name} = ${JSON.stringify(value)} is not a timestamp; kept as sent`);
  }
  if (units.length > 1) {
    warnings.push(
      `${schema.name}: the records carry several volume units (${units.join(", ")}); each row keeps its own volume_unit: convert before adding volumes`,
    );
  }
  return { records, report: { warnings, volumeUnits: units } };
}
