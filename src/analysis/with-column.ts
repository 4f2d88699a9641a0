/**
 * A new table: the input's columns (typed as the input had them) plus new ones.
 */
import { columnsOf, isDataFrame, type FrameInput } from "../frame/columns";
import { inferFieldType, normaliseColumn } from "../table/normalise";
import type { FieldType } from "../table/schema";
import type { Table } from "../table/table";
import { unitForField, unitsOf } from "../frame/units";
import { outputTable, type OutputField } from "./output-table";

const FROM_DTYPE: Record<string, FieldType> = { float32: "float", int32: "int", boolean: "bool" };

/** The input's columns as output columns, with their types and units. */
export function inputColumns(input: FrameInput): OutputField[] {
  const t = columnsOf(input);
  const dtypes: string[] | undefined = isDataFrame(input) ? ((input as unknown as { dtypes: string[] }).dtypes ?? undefined) : undefined;
  const units = unitsOf(input);
  return t.names.map((name, j) => {
    const raw = t.valuesView(name);
    const type = (dtypes !== undefined ? FROM_DTYPE[dtypes[j] ?? ""] : undefined) ?? inferFieldType(raw);
    const values = dtypes !== undefined && type === "string" ? raw : normaliseColumn(name, raw, type);
    const unit = units[name] ?? unitForField(name);
    return unit === undefined ? { name, values, type } : { name, values, type, unit };
  });
}

/**
 * A table of the input's columns, with `extra` columns added (replacing any of the same name).
 * @param name the table's schema name (`gasframes.addDailyRate`); default `gasframes.withColumns`.
 */
export function withColumns(input: FrameInput, extra: readonly OutputField[], name = "gasframes.withColumns"): Table<Record<string, unknown>> {
  const base = inputColumns(input).filter((c) => !extra.some((e) => e.name === c.name));
  const n = columnsOf(input, []).length;
  return outputTable<Record<string, unknown>>(name, [...base, ...extra], n);
}
