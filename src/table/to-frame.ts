/**
 * Records to a danfojs DataFrame, typed by a record schema.
 */
import type { DataFrame } from "danfojs-node";
import { DataError } from "../errors";
import { columnsFromRecords } from "./columns-from-records";
import { columnsToFrame } from "./columns-to-frame";
import type { RecordSchema } from "./schema";
import { schemaFrame } from "./schema-frame";

/**
 * Builds a DataFrame from records.
 * - Columns follow the schema's field order, then any extra fields in first-seen order.
 * - Values take their field's type: numbers as numbers (numeric strings converted), dates as
 *   YYYY-MM-DD (M/D/YYYY and timestamps converted to their UTC day), timestamps as ISO 8601 UTC,
 *   booleans as booleans. Without a schema (and for extra fields) the type is inferred from the values.
 * - Missing and null values stay missing: NaN in numeric columns, null elsewhere; never 0 or "null".
 * - A value that does not fit its type is a DataError naming the column, row and value.
 * - Units come from the schema (or from known field names) and are readable with `unitsOf(frame)`.
 * - An empty record list gives a frame with the schema's columns and zero rows.
 * @param records the records, as the service sent them.
 * @param schema the endpoint's record schema; default none (types inferred).
 */
export function toFrame(records: readonly Record<string, unknown>[], schema?: RecordSchema): DataFrame {
  if (!Array.isArray(records)) throw new DataError(`toFrame: expected an array of records, got ${describe(records)}`);
  if (schema !== undefined) {
    const fast = schemaFrame(records, schema);
    if (fast !== undefined) return fast;
  }
  const columns = columnsFromRecords(records);
  if (columns === undefined) {
    const i = records.findIndex((r) => r === null || typeof r !== "object" || Array.isArray(r));
    throw new DataError(`toFrame: record ${i} is ${describe(records[i])}, not an object`);
  }
  return columnsToFrame(columns, schema);
}

function describe(x: unknown): string {
  if (x === null) return "null";
  if (Array.isArray(x)) return "an array";
  return typeof x === "object" ? `an object (${Object.keys(x as object).slice(0, 5).join(", ")})` : typeof x;
}
