/**
 * What a builder accepts (what the analysis functions accept: records, a danfojs DataFrame, a Result
 * or anything else holding records as columns), converted ONCE to a table: its columns, its schema's
 * name and its units come from that one conversion, and the column checks every builder makes before
 * it draws anything.
 */
import { DataError, InvalidParamsError } from "../errors";
import { columnsOf, type FrameInput } from "../frame/columns";
import { registeredUnits } from "../frame/frame-units";
import type { RecordColumns } from "../table/record-columns";
import { Table } from "../table/table";

/** Rows to chart: plain records, a danfojs DataFrame, or a client `Result` (any input the analysis functions take). */
export type ChartInput = FrameInput;

/** The input's columns, by name (a frame's columns even when it is empty; records: their fields in first-seen order). */
export interface ChartData {
  readonly names: readonly string[];
  readonly length: number;
  /** The values of a column (null where missing); an all-null column for a name the data lacks. */
  column(name: string): readonly unknown[];
  /**
   * The unit of each column that has one, as the table knows it: units given to it (`withUnits`, an
   * analysis function's output), its schema's, an LNG volume's `volume_unit` (`"mixed"` for several).
   */
  readonly units: Readonly<Record<string, string>>;
  /** The name of the input's schema (`gasframes.weeklyActivity`), when it is a table that has one. */
  readonly schemaName: string | undefined;
}

/** Reads any accepted input as columns. A DataError names the chart and what was wrong with anything else. */
export function chartData(input: unknown, chart: string): ChartData {
  let table: RecordColumns;
  try {
    table = columnsOf(input as FrameInput);
  } catch (e) {
    if (e instanceof DataError) throw new DataError(`${chart}: ${e.message}`, { cause: e });
    throw e;
  }
  const { names, length } = table;
  const own = registeredUnits(input as object);
  // The table's units, read from the same columns (no second pass over the input); units registered on
  // the input (withUnits on a frame or a table) come first, as unitsOf reads them.
  const units = { ...(input instanceof Table ? input.units : Table.fromColumns(table).units), ...(own ?? {}) };
  for (const k of Object.keys(units)) if (!names.includes(k)) delete units[k];
  const schemaName = input instanceof Table ? input.schema?.name : undefined;
  const read = new Map<string, readonly unknown[]>();
  const column = (name: string): readonly unknown[] => {
    let values = read.get(name);
    if (values === undefined) read.set(name, (values = table.values(name)));
    return values;
  };
  return { names, length, column, units, schemaName };
}

/** Throws a DataError naming every column in `needed` that the data lacks, and the columns it has. */
export function requireColumns(data: ChartData, needed: readonly string[], chart: string): void {
  const have = new Set(data.names);
  const missing = needed.filter((c) => !have.has(c));
  if (missing.length === 0) return;
  const names = missing.map((c) => `"${c}"`).join(", ");
  throw new DataError(
    `${chart}: missing column${missing.length > 1 ? "s" : ""} ${names} (columns present: ${listColumns(data)})`,
  );
}

/** The first of `candidates` the data has; a DataError naming all of them otherwise. */
export function firstColumn(data: ChartData, candidates: readonly string[], chart: string, role: string): string {
  const found = candidates.find((c) => data.names.includes(c));
  if (found !== undefined) return found;
  throw new DataError(
    `${chart}: missing column for ${role}: expected one of ${candidates.map((c) => `"${c}"`).join(", ")} ` +
      `(columns present: ${listColumns(data)})`,
  );
}

function listColumns(data: ChartData): string {
  return data.names.length === 0 ? "none" : data.names.join(", ");
}

/** A builder option with a wrong value: an InvalidParamsError naming the option, the value and what was expected. */
export function optionError(chart: string, param: string, value: unknown, expected: string, suggestion?: string): InvalidParamsError {
  return new InvalidParamsError(chart, [{ param, value, expected, ...(suggestion === undefined ? {} : { suggestion }) }]);
}
