/**
 * The group columns of aggregated rows, named by the dimension: the rows of
 * productionbycountyandoperator, which name their group in two columns (`aggregate_by:
 * "region,operator"`, `aggregate_by_filter_value: "west,Acme"`), get one column per dimension
 * (`region`, `operator_name`), as the other endpoints' aggregated rows have, the service's two kept.
 */
import { DataError } from "../errors";
import type { EndpointSpec } from "../catalog/types";
import { dimensionField } from "../catalog/aggregated-schema";
import { CodedColumn, RecordColumns, type Column } from "../table/record-columns";
import { narrowedCodes } from "../table/narrow-codes";
import type { RecordPart } from "../decode/columnar/gathered-parts";

const BY = "aggregate_by";
const VALUE = "aggregate_by_filter_value";

/**
 * Rows with `aggregate_by` and `aggregate_by_filter_value` get a column per dimension, named by the
 * record's field, holding that dimension's part of the value. A value with more commas than
 * dimensions is split so that an operator name may hold commas when it is the only dimension that
 * can; anything else that does not split is a DataError naming the row (never a wrong column).
 */
export function addGroupColumns(data: RecordPart, spec: EndpointSpec): RecordPart {
  if (!spec.aggregatedRecord?.fields.some((f) => f.name === VALUE)) return data;
  if (Array.isArray(data)) {
    data.forEach((r, i) => {
      if (r === null || typeof r !== "object") return;
      const row = r as Record<string, unknown>;
      for (const [name, v] of splitGroup(spec, row[BY], row[VALUE], i)) row[name] = v;
    });
    return data;
  }
  const cols = data;
  if (!cols.names.includes(VALUE) || !cols.names.includes(BY)) return cols;
  const by = cols.values(BY);
  const value = cols.values(VALUE);
  const made = new Map<string, { codes: Int32Array; dict: unknown[]; index: Map<unknown, number> }>();
  for (let i = 0; i < cols.length; i++) {
    for (const [name, v] of splitGroup(spec, by[i], value[i], i)) {
      let col = made.get(name);
      if (col === undefined) {
        col = { codes: new Int32Array(cols.length), dict: [null], index: new Map([[null, 0]]) };
        made.set(name, col);
      }
      let code = col.index.get(v);
      if (code === undefined) {
        code = col.dict.length;
        col.dict.push(v);
        col.index.set(v, code);
      }
      col.codes[i] = code;
    }
  }
  const fresh = [...made.keys()].filter((n) => !cols.names.includes(n));
  if (fresh.length === 0) return cols;
  const columns = new Map<string, Column>(cols.columns);
  for (const n of fresh) {
    const { codes, dict } = made.get(n)!;
    columns.set(n, new CodedColumn(narrowedCodes(codes, dict.length), dict));
  }
  return new RecordColumns([...cols.names, ...fresh], columns, cols.length);
}

function splitGroup(spec: EndpointSpec, by: unknown, value: unknown, row: number): [string, string | null][] {
  if (by === null || by === undefined) return [];
  if (typeof by !== "string" || (value !== null && value !== undefined && typeof value !== "string")) {
    throw new DataError(`${spec.method}: row ${row} has aggregate_by ${JSON.stringify(by)} and aggregate_by_filter_value ${JSON.stringify(value)}; expected two strings`);
  }
  const dims = by.split(",").map((d) => d.trim().toLowerCase());
  const names = dims.map((d) => dimensionField(spec, d));
  if (value === null || value === undefined) return names.map((n) => [n, null]);
  const parts = dims.length === 1 ? [value] : value.split(",");
  const extra = parts.length - dims.length;
  const operator = dims.indexOf("operator");
  if (extra === 0) return names.map((n, k) => [n, parts[k]!]);
  if (extra > 0 && operator >= 0) {
    const own = [...parts.slice(0, operator), parts.slice(operator, operator + extra + 1).join(","), ...parts.slice(operator + extra + 1)];
    return names.map((n, k) => [n, own[k]!]);
  }
  throw new DataError(
    `${spec.method}: row ${row}: aggregate_by_filter_value ${JSON.stringify(value)} does not split into the ${dims.length} dimensions of aggregate_by ${JSON.stringify(by)}`,
  );
}
