import { formatDay, formatDayMdy, parseDay } from "../../core/dates";
import { aggregateRows } from "../shared/aggregate";
import type { NatgasEndpoint } from "../shared/endpoint";
import type { Well } from "../model/wells";
import type { NatgasDataset } from "../model/dataset";
import { accepts, atOrAfter, atOrBefore, listRowSet } from "../shared/row-set";
import { aggregateBy, CLASS, DATE, LIST, V3_DIMENSION_FIELD } from "./shared-params";
import { matchingWells } from "./wells";

/** Wells whose completion ended by asOf, ordered by end of fracking then API. */
export function completedWells(data: NatgasDataset): Well[] {
  return data.wells.filter((w) => w.completionDay <= data.asOfDay).sort((a, b) => a.completionDay - b.completionDay || a.api - b.api);
}

/**
 * POST /v3/completions: one record per API. start_date bounds the start of fracking from below,
 * end_date the end of fracking from above.
 */
export const completions: NatgasEndpoint = {
  method: "POST",
  paged: true,
  params: {
    aggregate_by: aggregateBy("county", "date", "end_date", "operator", "region", "state_code", "sub_region"),
    completion_class: CLASS, county: LIST, end_date: DATE, operator: LIST, region: LIST, start_date: DATE, state_code: LIST, sub_region: LIST,
  },
  answer(params, data) {
    const list = matchingWells(completedWells(data), params).filter(
      (w) => accepts(params, "completion_class", w.wellClass) && atOrAfter(params, "start_date", w.fracStartDay) && atOrBefore(params, "end_date", w.completionDay),
    );
    const rows = listRowSet(list, (w) => ({
      api: w.api,
      completion_class: w.wellClass,
      county: w.county.name,
      end_date: formatDay(w.completionDay),
      operator_name: w.operatorName,
      region: w.county.region,
      start_date: formatDay(w.fracStartDay),
      state_ab: w.county.stateAb,
      sub_region: w.county.subRegion,
      wellpad_id: w.wellpadId,
    }));
    const dims = params.listOrder.get("aggregate_by");
    if (!dims) return { rows };
    const fields = dims.filter((d) => !["date", "end_date"].includes(d.toLowerCase())).map((d) => V3_DIMENSION_FIELD[d.toLowerCase()]);
    const grouped = aggregateRows(list.map((_, k) => rows.row(k)), { dateField: "end_date", groupFields: fields, sumFields: [], countField: "completions_count" });
    for (const g of grouped) g.end_date = formatDayMdy(parseDay(g.end_date as string) as number);
    return { rows: listRowSet(grouped, (r) => r) };
  },
};
