/**
 * A new frame: the input's columns (typed as the input had them) plus new ones.
 */
import type { DataFrame } from "danfojs-node";
import { columnsOf, isDataFrame, type FrameInput } from "../frame/columns";
import { frameFromColumns, type FrameColumn } from "../table/frame-from-columns";
import { inferFieldType, normaliseColumn } from "../table/normalise";
import type { FieldType } from "../table/schema";
import { unitForField, unitsOf, withUnits } from "../frame/units";

const FROM_DTYPE: Record<string, FieldType> = { float32: "float", int32: "int", boolean: "bool" };

/** The input's columns as frame columns, with their types and units. */
export function inputColumns(input: FrameInput): FrameColumn[] {
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

/** A frame of the input's columns, with `extra` columns added (replacing any of the same name). */
export function withColumns(input: FrameInput, extra: readonly FrameColumn[]): DataFrame {
  const base = inputColumns(input).filter((c) => !extra.some((e) => e.name === c.name));
  const n = columnsOf(input, []).length;
  const df = frameFromColumns([...base, ...extra], n);
  const units: Record<string, string> = {};
  for (const c of [...base, ...extra]) if (c.unit !== undefined) units[c.name] = c.unit;
  return withUnits(df, units);
}
