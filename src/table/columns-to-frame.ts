/**
 * A danfojs DataFrame straight from record columns, with the same typing rules as `toFrame` of the
 * records (schema order, then extra fields; values converted to their field's type; units).
 * Dictionary-coded columns are converted once per distinct value instead of once per row.
 */
import type { DataFrame } from "danfojs-node";
import { frameFromColumns, type FrameColumn } from "./frame-from-columns";
import { inferFieldType, normaliseColumn } from "./normalise";
import { schemaColumnOrder, type FieldType, type RecordSchema } from "./schema";
import { unitForField } from "./units";
import { arrayOfCodes, arrayOfDoubles } from "./plain-arrays";
import type { RecordColumn, RecordColumns } from "./record-columns";

/**
 * The frame of these columns.
 * @param columns the records as columns.
 * @param schema the record schema; default none (types inferred from the values).
 */
export function columnsToFrame(columns: RecordColumns, schema?: RecordSchema): DataFrame {
  const { names, fields } = schemaColumnOrder(schema, columns.names);
  const out: FrameColumn[] = names.map((name) => {
    const col = columns.columns.get(name);
    const field = fields.get(name);
    const type = field?.type ?? (col === undefined ? "float" : inferType(col));
    const unit = field?.unit ?? unitForField(name);
    const values = col === undefined ? normaliseColumn(name, new Array<unknown>(columns.length).fill(null), type, true) : typed(name, col, type, columns);
    return unit === undefined ? { name, values, type } : { name, values, type, unit };
  });
  return frameFromColumns(out, columns.length);
}

function inferType(col: RecordColumn): FieldType {
  if (col.kind === "coded") return inferFieldType(col.dict);
  if (col.kind === "mixed") return inferFieldType(col.values);
  const v = col.values;
  for (let i = 0; i < v.length; i++) {
    const x = v[i]!;
    if (x === x && !Number.isInteger(x)) return "float";
  }
  return "int";
}

function typed(name: string, col: RecordColumn, type: FieldType, columns: RecordColumns): ArrayLike<unknown> {
  if (col.kind === "number" && (type === "int" || type === "float")) return arrayOfDoubles(col.values);
  if (col.kind === "coded") {
    let dict: unknown[];
    try {
      dict = normaliseColumn(name, col.dict, type);
    } catch {
      // The error must name the row: convert row by row to find it.
      return normaliseColumn(name, columns.values(name), type, true);
    }
    return arrayOfCodes(col.codes, dict);
  }
  return normaliseColumn(name, columns.values(name), type, true);
}
