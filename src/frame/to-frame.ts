/**
 * Records to a danfojs DataFrame, typed by a record schema.
 */
import type { DataFrame } from "danfojs-node";
import type { FieldType, RecordSchema } from "../table/schema";
import { toColumns } from "./columns";
import { frameFromColumns, type FrameColumn } from "./from-columns";
import { inferFieldType, normaliseColumn } from "./normalise";
import { unitForField } from "./units";
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
  if (schema !== undefined && Array.isArray(records)) {
    const fast = schemaFrame(records, schema);
    if (fast !== undefined) return fast;
  }
  const table = toColumns(records);
  const fields = new Map<string, { type: FieldType; unit?: string }>();
  const names: string[] = [];
  if (schema !== undefined) {
    for (const f of schema.fields) {
      if (fields.has(f.name)) continue;
      fields.set(f.name, f.unit === undefined ? { type: f.type } : { type: f.type, unit: f.unit });
      names.push(f.name);
    }
  }
  for (const name of table.names) if (!fields.has(name)) names.push(name);
  const columns: FrameColumn[] = names.map((name) => {
    const raw = table.columns.get(name) ?? new Array<unknown>(table.length).fill(null);
    const field = fields.get(name);
    const type = field?.type ?? inferFieldType(raw);
    const unit = field?.unit ?? unitForField(name);
    const values = normaliseColumn(name, raw, type, table.columns.has(name));
    return unit === undefined ? { name, values, type } : { name, values, type, unit };
  });
  return frameFromColumns(columns, table.length);
}
