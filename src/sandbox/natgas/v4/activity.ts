import { formatDay } from "../../core/dates";
import { aggregateRows } from "../shared/aggregate";
import type { NatgasEndpoint } from "../shared/endpoint";
import { fleetRows } from "../shared/fleet-rows";
import type { FleetPosition } from "../model/fleet";
import { FRAC_FLEET, RIG_FLEET, fleetOf } from "../model/fleets";
import type { ParsedParams } from "../shared/params";
import { accepts, inRange, listRowSet, rowsOf } from "../shared/row-set";
import type { RowSet } from "../shared/row-set";
import { positionMatcher, serviceCompanyOf } from "../v3/activity";
import { completedWells } from "../v3/completions";
import { aggregateBy } from "../v3/shared-params";
import { coord } from "../v3/wells";
import { acceptsWellId, CLASS, DATE, LIST, V4_LOCATION, V4_NAMES, wellIdOf } from "./v4-params";
import { v4Wells } from "./production-by-well";

/** v4 aggregation: group by the date field and the chosen columns; `count` sums the records' counts. */
function v4Aggregate(rows: RowSet, params: ParsedParams, dateField: string): RowSet {
  const dims = params.listOrder.get("aggregate_by");
  if (!dims) return rows;
  const fields = dims.map((d) => d.toLowerCase()).filter((d) => d !== dateField);
  return listRowSet(aggregateRows(rowsOf(rows), { dateField, groupFields: fields, sumFields: ["count"] }), (r) => r);
}

const AGGREGATE_DIMENSIONS = ["county", "operator", "region_natgas", "state_code", "sub_region_natgas"];

function place(p: FleetPosition, extra: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {
    county: p.pad.county.name,
    lat: coord(p.pad.lat),
    long: coord(p.pad.lon),
    operator: p.pad.operatorName,
    region_natgas: p.pad.county.region,
    state_code: p.pad.county.stateAb,
    sub_region_natgas: p.pad.county.subRegion,
    wellpad_id: p.pad.wellpadId,
  };
  for (const key in extra) out[key] = extra[key];
  return out;
}

/** POST /v4/rigs: as v3 rigs with v4 names; `count` is 1 per rig-day, summed by aggregate_by. */
export const v4Rigs: NatgasEndpoint = {
  method: "POST",
  paged: false,
  params: { ...V4_LOCATION, rig_class: CLASS, date_observed_min: DATE, date_observed_max: DATE, aggregate_by: aggregateBy(...AGGREGATE_DIMENSIONS, "rig_class", "date_observed") },
  answer(params, data) {
    const match = positionMatcher(params, { ...V4_NAMES, cls: "rig_class" }, data.seed);
    const rows = fleetRows(fleetOf(data, RIG_FLEET), params.dates.get("date_observed_min"), params.dates.get("date_observed_max"), match, (p) =>
      place(p, { date_observed: formatDay(p.day), rig_class: p.pad.wellClass, count: 1 }),
    );
    return { rows: v4Aggregate(rows, params, "date_observed") };
  },
};

/** POST /v4/fraccrews: as v3 fraccrews with v4 names; `count` is 1 per crew-day, summed by aggregate_by. */
export const v4FracCrews: NatgasEndpoint = {
  method: "POST",
  paged: false,
  params: {
    ...V4_LOCATION, frac_class: CLASS, service_company: LIST, date_frac_min: DATE, date_frac_max: DATE,
    aggregate_by: aggregateBy(...AGGREGATE_DIMENSIONS, "frac_class", "service_company", "date_frac"),
  },
  answer(params, data) {
    const match = positionMatcher(params, { ...V4_NAMES, cls: "frac_class", company: "service_company" }, data.seed);
    const rows = fleetRows(fleetOf(data, FRAC_FLEET), params.dates.get("date_frac_min"), params.dates.get("date_frac_max"), match, (p) =>
      place(p, { date_frac: formatDay(p.day), frac_class: p.pad.wellClass, service_company: serviceCompanyOf(data.seed, p.unit), count: 1 }),
    );
    return { rows: v4Aggregate(rows, params, "date_frac") };
  },
};

/**
 * POST /v4/completions: one record per well. Date ranges: date_completion_start_min/max bound the
 * start of fracking, date_completion_end_min/max its end (the spec leaves these names unsaid).
 */
export const v4Completions: NatgasEndpoint = {
  method: "POST",
  paged: false,
  params: {
    well_id: LIST, ...V4_LOCATION, completion_class: CLASS,
    date_completion_start_min: DATE, date_completion_start_max: DATE, date_completion_end_min: DATE, date_completion_end_max: DATE,
    aggregate_by: aggregateBy(...AGGREGATE_DIMENSIONS, "completion_class", "date_completion_end"),
  },
  answer(params, data) {
    const list = v4Wells(completedWells(data), params).filter(
      (w) =>
        acceptsWellId(params, w) &&
        accepts(params, "completion_class", w.wellClass) &&
        inRange(params, "date_completion_start_min", "date_completion_start_max", w.fracStartDay) &&
        inRange(params, "date_completion_end_min", "date_completion_end_max", w.completionDay),
    );
    const rows = listRowSet(list, (w) => ({
      well_id: wellIdOf(w.api),
      completion_class: w.wellClass,
      count: 1,
      county: w.county.name,
      date_completion_end: formatDay(w.completionDay),
      operator: w.operatorName,
      region_natgas: w.county.region,
      date_completion_start: formatDay(w.fracStartDay),
      state_code: w.county.stateAb,
      sub_region_natgas: w.county.subRegion,
      wellpad_id: w.wellpadId,
    }));
    return { rows: v4Aggregate(rows, params, "date_completion_end") };
  },
};
