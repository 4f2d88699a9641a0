/**
 * A danfojs DataFrame straight from record columns, with the same typing rules as `toFrame` of the
 * records (schema order, then extra fields; values converted to their field's type; units).
 * Dictionary-coded columns are converted once per distinct value instead of once per row.
 */
import type { DataFrame } from "danfojs-node";
import { frameFromColumnData, type DeferredFrameField } from "./frame-from-columns";
import { inferFieldType, normaliseColumn } from "../table/normalise";
import { schemaColumnOrder, type FieldType, type RecordSchema } from "../table/schema";
import { unitForField } from "../table/units";
import { arrayOfCodes } from "./plain-arrays";
import type { Column, RecordColumns } from "../table/record-columns";

/**
 * The frame of these columns.
 * @param columns the records as columns.
 * @param schema the record schema; default none (types inferred from the values).
 */
export function columnsToFrame(columns: RecordColumns, schema?: RecordSchema): DataFrame {
  const { names, fields } = schemaColumnOrder(schema, columns.names);
  const out: DeferredFrameField[] = names.map((name) => {
    const col = columns.columns.get(name);
    const field = fields.get(name);
    const type = field?.type ?? (col === undefined ? "float" : inferType(col));
    const unit = field?.unit ?? unitForField(name);
    const typedColumn = col === undefined ? { values: normaliseColumn(name, new Array<unknown>(columns.length).fill(null), type, true) } : typed(name, col, type, columns);
    return { name, type, ...typedColumn, ...(unit === undefined ? {} : { unit }) };
  });
  return frameFromColumnData(out, columns.length);
}

function inferType(col: Column): FieldType {
  if (col.kind === "coded") return inferFieldType(col.dict);
  if (col.kind === "mixed") return inferFieldType(col.values);
  const v = col.values;
  for (let i = 0; i < v.length; i++) {
    const x = v[i]!;
    if (x === x && !Number.isInteger(x)) return "float";
  }
  return "int";
}

/**
 * A column's values in its field's type. Checks and conversions happen here (per distinct value for
 * coded columns); the plain array danfo keeps is left to `data`, made when the frame first reads it.
 */
function typed(name: string, col: Column, type: FieldType, columns: RecordColumns): Pick<DeferredFrameField, "values" | "data"> {
  if (col.kind === "number" && (type === "int" || type === "float")) {
    return { values: col.values, data: col.values };
  }
  if (col.kind === "coded") {
    let dict: unknown[];
    try {
      dict = normaliseColumn(name, col.dict, type);
    } catch {
      // The error must name the row: convert row by row to find it.
      return { values: normaliseColumn(name, columns.values(name), type, true) };
    }
    // A numeric type's dtype depends on the values: those few columns are decoded now.
    if (type === "int" || type === "float") return { values: arrayOfCodes(col.codes, dict) };
    return { values: dict, data: { codes: col.codes, dict } };
  }
  return { values: normaliseColumn(name, columns.values(name), type, true) };
}
