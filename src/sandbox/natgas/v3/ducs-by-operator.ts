import { firstDayOfMonth, formatDay, monthOfDay } from "../../core/dates";
import { aggregateRows } from "../shared/aggregate";
import type { NatgasEndpoint } from "../shared/endpoint";
import { FIRST_ACTIVITY_DAY } from "../model/dataset";
import { ducsOf } from "../model/ducs";
import { listRowSet, monthOverlaps, rowsOf } from "../shared/row-set";
import { matchingPairs } from "./production-by-county-and-operator";
import { aggregateBy, DATE, LIST, V3_DIMENSION_FIELD } from "./shared-params";

/**
 * POST /v3/ducsbyoperator: drilled-but-uncompleted wells per county and operator at the start of each
 * month from 2020-01 (the numbers of /v4/ducsbyoperator); `count` and `ducs_count` are the same
 * number. `aggregate_by` sums both by date and the chosen columns.
 */
export const ducsByOperator: NatgasEndpoint = {
  method: "POST",
  paged: true,
  params: {
    aggregate_by: aggregateBy("county", "date", "region", "state_code", "sub_region"),
    county: LIST,
    end_date: DATE,
    operator: LIST,
    region: LIST,
    start_date: DATE,
    state_code: LIST,
    sub_region: LIST,
  },
  answer(params, data) {
    const pairs = matchingPairs(params);
    const months: number[] = [];
    for (let m = monthOfDay(FIRST_ACTIVITY_DAY); m <= data.lastHistoryMonth; m++) if (monthOverlaps(params, "start_date", "end_date", m)) months.push(m);
    const n = pairs.length;
    const rows = {
      count: n * months.length,
      row(k: number) {
        const pair = pairs[k % n];
        const month = months[Math.floor(k / n)];
        const ducs = ducsOf(data.seed, pair.index, month);
        return {
          count: ducs,
          county: pair.county.name,
          date: formatDay(firstDayOfMonth(month)),
          ducs_count: ducs,
          operator_name: pair.operatorName,
          region: pair.county.region,
          state_ab: pair.county.stateAb,
          sub_region: pair.county.subRegion,
        };
      },
    };
    const dims = params.listOrder.get("aggregate_by")?.map((d) => d.toLowerCase());
    if (!dims) return { rows };
    const fields = dims.filter((d) => d !== "date").map((d) => V3_DIMENSION_FIELD[d]);
    return { rows: listRowSet(aggregateRows(rowsOf(rows), { dateField: "date", groupFields: fields, sumFields: ["count", "ducs_count"] }), (r) => r) };
  },
};
