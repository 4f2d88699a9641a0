import { aggregateRows } from "../shared/aggregate";
import type { ParsedParams } from "../shared/params";
import { listRowSet, rowsOf } from "../shared/row-set";
import type { RowSet } from "../shared/row-set";

/** How a v4 endpoint groups its rows under `aggregate_by`. */
export interface V4Grouping {
  /** The date column: always grouped by (naming it in aggregate_by changes nothing). */
  readonly dateField: string;
  /** Columns always grouped by besides the date (shorttermforecasthistory's run, so runs are never summed together). */
  readonly alwaysBy?: readonly string[];
  /** The summed measures. */
  readonly sumFields: readonly string[];
  /** A column counting the rows (wells) summed, if the endpoint has one. */
  readonly countField?: string;
  /** Divide each sum by the row count (shorttermforecastdeclines `aggregation_type: "avg"`). */
  readonly average?: boolean;
}

/**
 * Rows grouped by `aggregate_by` (in request order), the date and `alwaysBy`, measures summed (or
 * averaged); the rows as they are when the request has no `aggregate_by`.
 */
export function groupV4(rows: RowSet, params: ParsedParams, g: V4Grouping): RowSet {
  const dims = params.listOrder.get("aggregate_by");
  if (!dims) return rows;
  const chosen = dims.map((d) => d.toLowerCase()).filter((d) => d !== g.dateField && !(g.alwaysBy ?? []).includes(d));
  const groupFields = [...(g.alwaysBy ?? []), ...new Set(chosen)];
  const countField = g.countField ?? (g.average ? "__rows" : undefined);
  const grouped = aggregateRows(rowsOf(rows), { dateField: g.dateField, groupFields, sumFields: g.sumFields, countField });
  if (g.average && countField !== undefined) {
    for (const r of grouped) {
      const n = r[countField] as number;
      for (const f of g.sumFields) {
        const v = r[f];
        if (typeof v === "number") r[f] = Number((v / n).toPrecision(10));
      }
      if (countField === "__rows") delete r.__rows;
    }
  }
  return listRowSet(grouped, (r) => r);
}
