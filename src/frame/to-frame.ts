/**
 * Records to a danfojs DataFrame, typed by a record schema.
 * (First version: column order and nulls. The frames issue adds type normalisation and units.)
 */
import type { DataFrame } from "danfojs-node";
import type { RecordSchema } from "./schema";
import { loadDanfo } from "./danfo";

/**
 * Builds a DataFrame from records. Columns follow the schema's field order, then any extra fields in
 * first-seen order. Missing and null values become missing values (never 0 or "null").
 * An empty record list gives a frame with the schema's columns and zero rows.
 */
export function toFrame(records: readonly Record<string, unknown>[], schema?: RecordSchema): DataFrame {
  const dfd = loadDanfo();
  const names: string[] = schema ? schema.fields.map((f) => f.name) : [];
  const seen = new Set(names);
  for (const r of records) {
    for (const k of Object.keys(r)) {
      if (!seen.has(k)) {
        seen.add(k);
        names.push(k);
      }
    }
  }
  const columns: Record<string, unknown[]> = {};
  for (const name of names) {
    const col = new Array<unknown>(records.length);
    for (let i = 0; i < records.length; i++) {
      const v = records[i]![name];
      col[i] = v === undefined ? null : v;
    }
    columns[name] = col;
  }
  if (records.length === 0) return new dfd.DataFrame([], { columns: names });
  return new dfd.DataFrame(columns, { columns: names });
}
