/**
 * Fixes what a service sends inconsistently, in place, on freshly parsed records.
 */
import type { RecordSchema } from "../table/schema";
import { Result } from "../table/result";

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * `M/D/YYYY` (as in the aggregated completions and rigs samples) to `YYYY-MM-DD`; any other value
 * is returned unchanged.
 */
export function normaliseDate(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const m = US_DATE.exec(value);
  if (!m) return value;
  return `${m[3]}-${m[1]!.padStart(2, "0")}-${m[2]!.padStart(2, "0")}`;
}

/**
 * Normalises records in place and returns them:
 * - every `date` field of the schema written M/D/YYYY becomes YYYY-MM-DD;
 * - a field the service labels differently (`aliases`: service label -> schema name, e.g.
 *   `state_ab` -> `state_code`) is renamed to the schema's name;
 * - null stays null (never 0 or ""), and no field is dropped.
 */
export function normaliseRecords<R>(records: R[], schema: RecordSchema | undefined, aliases?: Readonly<Record<string, string>>): R[] {
  const dateFields = schema ? schema.fields.filter((f) => f.type === "date").map((f) => f.name) : [];
  const aliasPairs = aliases ? Object.entries(aliases) : [];
  if (dateFields.length === 0 && aliasPairs.length === 0) return records;
  for (const record of records as unknown as Record<string, unknown>[]) {
    if (record === null || typeof record !== "object") continue;
    for (const [from, to] of aliasPairs) {
      if (from in record && !(to in record)) {
        record[to] = record[from];
        delete record[from];
      }
    }
    for (const f of dateFields) {
      const v = record[f];
      if (typeof v === "string" && v.includes("/")) record[f] = normaliseDate(v);
    }
  }
  return records;
}

/**
 * `normaliseRecords` for a Result: a column-backed one is normalised on its columns (dates once per
 * distinct value), a records-backed one in place. Returns the normalised Result.
 */
export function normaliseResult<R>(result: Result<R>, schema: RecordSchema | undefined, aliases?: Readonly<Record<string, string>>): Result<R> {
  if (!result.isColumnar) {
    normaliseRecords(result.records, schema, aliases);
    return result;
  }
  let columns = aliases ? result.columns().renamed(aliases) : result.columns();
  for (const f of schema?.fields ?? []) if (f.type === "date") columns = columns.mapped(f.name, normaliseDate);
  return Result.fromColumns<R>(columns, result.meta, result.schema);
}
