/**
 * Schema drift at run time: an answer's fields compared with the catalog's record. A field the catalog
 * does not know is kept as sent and reported once per endpoint; a catalog field the answer lacks is
 * added as nulls, with a warning once per endpoint, so code reading it gets null rather than undefined
 * and the user learns the service changed. `gasframes doctor` makes the same comparison on purpose.
 */
import type { RecordPart } from "../decode/columnar/gathered-parts";
import { CodedColumn, RecordColumns, type Column } from "../table/record-columns";
import type { RecordSchema } from "../table/schema";

/** What an answer's fields differ by from its schema. */
export interface FieldDrift {
  /** Fields the answer has and the schema does not, in the answer's order. */
  readonly added: readonly string[];
  /** Schema fields no record of the answer has, in the schema's order. */
  readonly missing: readonly string[];
}

/** The field names an answer carries: its columns, or every key of its records. */
export function answerFields(data: RecordPart): string[] {
  if (!Array.isArray(data)) return [...(data as RecordColumns).names];
  const seen = new Set<string>();
  for (const r of data) {
    if (r === null || typeof r !== "object") continue;
    for (const k of Object.keys(r)) seen.add(k);
  }
  return [...seen];
}

/** How `fields` differ from `schema`. */
export function fieldDrift(schema: RecordSchema, fields: readonly string[]): FieldDrift {
  const known = new Set(schema.fields.map((f) => f.name));
  const have = new Set(fields);
  return {
    added: fields.filter((f) => !known.has(f)),
    missing: schema.fields.map((f) => f.name).filter((f) => !have.has(f)),
  };
}

/**
 * Compares a non-empty answer with its schema: returns the answer with every missing schema field added
 * as nulls, and the warnings to give (none when nothing drifted). An empty answer says nothing.
 */
export function checkDrift(schema: RecordSchema, data: RecordPart): { data: RecordPart; warnings: string[]; drift?: FieldDrift } {
  const length = Array.isArray(data) ? data.length : (data as RecordColumns).length;
  // A record the catalog gives no fields (a SQL query's rows) is the caller's to shape: nothing to compare.
  if (length === 0 || schema.fields.length === 0) return { data, warnings: [] };
  const drift = fieldDrift(schema, answerFields(data));
  const { added, missing } = drift;
  if (added.length === 0 && missing.length === 0) return { data, warnings: [] };
  const warnings: string[] = [];
  if (added.length > 0) {
    warnings.push(`${schema.name}: the service sent field${added.length > 1 ? "s" : ""} the catalog does not know (${added.join(", ")}); kept as sent`);
  }
  if (missing.length > 0) {
    warnings.push(`${schema.name}: the service sent no ${missing.join(", ")}, which the catalog lists; ${missing.length > 1 ? "they are" : "it is"} null in every row`);
    data = withNulls(data, missing);
  }
  return { data, warnings, drift };
}

function withNulls(data: RecordPart, missing: readonly string[]): RecordPart {
  if (Array.isArray(data)) {
    for (const r of data) {
      if (r === null || typeof r !== "object") continue;
      const row = r as Record<string, unknown>;
      for (const f of missing) if (!(f in row)) row[f] = null;
    }
    return data;
  }
  const cols = data as RecordColumns;
  const columns = new Map<string, Column>(cols.columns);
  // One code (0 -> null) for every row: a byte a row, whatever the answer's size.
  for (const f of missing) columns.set(f, new CodedColumn(new Uint8Array(cols.length), [null]));
  return new RecordColumns([...cols.names, ...missing], columns, cols.length);
}
