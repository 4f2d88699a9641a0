/**
 * What every analysis function returns: a gasframes Table of its own rows, built straight from the
 * columns it computed (no row objects until asked for, no danfo until `toFrame()`).
 */
import type { DataFrame } from "danfojs-node";
import { attachNotes, notesOf } from "../frame/notes";
import { tableToFrame } from "../frame/table-to-frame";
import { withUnits } from "../frame/units";
import { columnOfType, type Column } from "../table/column";
import { RecordColumns } from "../table/record-columns";
import type { FieldSpec, FieldType, RecordSchema } from "../table/schema";
import { Table } from "../table/table";

/**
 * One field of an analysis function's answer and the values computed for it: the schema's field
 * (name, type as `toFrame()` types it, unit, kept in the table's `units`) with the values `outputTable`
 * makes the table's `Column` of.
 */
export interface OutputField extends FieldSpec {
  /** Numbers (NaN for missing) for `int` / `float`; YYYY-MM-DD, ISO 8601, text, booleans or null otherwise. */
  readonly values: ArrayLike<unknown>;
  readonly type: FieldType;
  readonly unit?: string;
}

/**
 * A table whose `toFrame()` carries the notes the analysis function left on it (`notesOf(table)` and
 * `notesOf(table.toFrame())` agree). A table derived from it (`filter`, `sortBy`, `select`) starts
 * without notes, as a danfo frame derived from a noted frame does.
 */
class NotedTable<R> extends Table<R> {
  override toFrame(): DataFrame {
    return attachNotes(tableToFrame(this), notesOf(this));
  }
}

/**
 * The table of these columns, in this order.
 * @param name the schema's name (`gasframes.rollup`), for messages.
 * @param columns the columns, each of `length` values.
 * @param length number of rows (needed when there are no columns).
 * @param notes what the function dropped or how it computed (see `notesOf`); default none.
 */
export function outputTable<R>(name: string, columns: readonly OutputField[], length: number, notes?: Record<string, unknown>): Table<R> {
  const names: string[] = [];
  const held = new Map<string, Column>();
  const fields: FieldSpec[] = [];
  const units: Record<string, string> = {};
  for (const c of columns) {
    names.push(c.name);
    held.set(c.name, columnOfType(c.name, c.values, c.type));
    fields.push(c.unit === undefined ? { name: c.name, type: c.type } : { name: c.name, type: c.type, unit: c.unit });
    if (c.unit !== undefined) units[c.name] = c.unit;
  }
  const schema: RecordSchema = { name, fields };
  const data = new RecordColumns(names, held, length);
  const table = notes === undefined ? new Table<R>(data, { schema, units }) : attachNotes(new NotedTable<R>(data, { schema, units }), notes);
  // Registered as a frame's units are, so that unitsOf(table) (what the next analysis function reads)
  // knows a unit that no column name implies (`gas_monthly_per_day` in MCF/day).
  return withUnits(table, units);
}

/**
 * A table of records (for results whose rows are built one by one anyway, like the old reports).
 * @param name the schema's name.
 * @param records the records.
 * @param fields the fields in order, with their types and units.
 */
export function recordsTable<R>(name: string, records: R[], fields: readonly FieldSpec[]): Table<R> {
  const units: Record<string, string> = {};
  for (const f of fields) if (f.unit !== undefined) units[f.name] = f.unit;
  return withUnits(Table.fromRecords<R>(records, { schema: { name, fields }, units }), units);
}
