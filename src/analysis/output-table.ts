/**
 * What every analysis function returns: a gasframes Table of its own rows, built straight from the
 * columns it computed (no row objects until asked for, no danfo until `toFrame()`).
 */
import type { DataFrame } from "danfojs-node";
import { attachNotes, notesOf } from "../frame/notes";
import { tableToFrame } from "../frame/table-to-frame";
import { withUnits } from "../frame/units";
import { normaliseColumn } from "../table/normalise";
import { RecordColumns, type RecordColumn } from "../table/record-columns";
import type { FieldSpec, FieldType, RecordSchema } from "../table/schema";
import { Table } from "../table/table";

/** One output column: name, values, type (as `toFrame()` types it) and unit. */
export interface OutputColumn {
  readonly name: string;
  /** Numbers (NaN for missing) for `int` / `float`; YYYY-MM-DD, ISO 8601, text, booleans or null otherwise. */
  readonly values: ArrayLike<unknown>;
  readonly type: FieldType;
  /** The column's unit, kept in the table's `units` (and on the frame, for `unitsOf`). */
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
export function outputTable<R>(name: string, columns: readonly OutputColumn[], length: number, notes?: Record<string, unknown>): Table<R> {
  const names: string[] = [];
  const held = new Map<string, RecordColumn>();
  const fields: FieldSpec[] = [];
  const units: Record<string, string> = {};
  for (const c of columns) {
    names.push(c.name);
    held.set(c.name, recordColumn(c));
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

/** A column as the table holds it: numbers in a Float64Array, anything else as its values. */
function recordColumn(c: OutputColumn): RecordColumn {
  const v = c.values;
  if (c.type === "int" || c.type === "float") {
    if (v instanceof Float64Array) return { kind: "number", values: v };
    const out = new Float64Array(v.length);
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      out[i] = typeof x === "number" ? x : NaN;
    }
    return { kind: "number", values: out };
  }
  let clean = true;
  const text = c.type === "string";
  for (let i = 0; i < v.length && clean; i++) {
    const x = v[i];
    if (x === undefined || (text && x !== null && typeof x !== "string")) clean = false;
  }
  // The analysis functions hand over arrays of their own: kept as they are when already clean.
  if (clean && Array.isArray(v)) return { kind: "mixed", values: v };
  const values = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    values[i] = x === undefined ? null : x;
  }
  // A text column holds text: a key that was a number in some rows reads as the frame shows it.
  if (text && !clean) normaliseColumn(c.name, values, "string", true);
  return { kind: "mixed", values };
}
