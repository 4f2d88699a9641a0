import { formatDay, formatMonth } from "../../core/dates";
import type { NatgasDataset } from "../model/dataset";
import type { NatgasEndpoint } from "../shared/endpoint";
import type { Well } from "../model/wells";
import type { ParsedParams } from "../shared/params";
import { accepts, inRange, listRowSet } from "../shared/row-set";
import { DATE, LIST } from "./shared-params";

/** Wells matching the location / operator filters under the given parameter names. */
export function matchingWells(
  wells: readonly Well[],
  params: ParsedParams,
  names = { county: "county", operator: "operator", region: "region", state: "state_code", subRegion: "sub_region" },
): Well[] {
  return wells.filter(
    (w) =>
      accepts(params, names.county, w.county.name) &&
      accepts(params, names.operator, w.operatorName) &&
      accepts(params, names.region, w.county.region) &&
      accepts(params, names.state, w.county.stateAb) &&
      accepts(params, names.subRegion, w.county.subRegion),
  );
}

/** Decimal degrees as the service sends them: a string. */
export function coord(value: number): string {
  return value.toFixed(6);
}

/** The v3 well record of a well, seen on the dataset's asOf (later dates are null: not happened yet). */
export function wellRecord(w: Well, data: NatgasDataset): Record<string, unknown> {
  const seen = (day: number) => (day <= data.asOfDay ? formatDay(day) : null);
  return {
    api: w.api,
    completion_date: seen(w.completionDay),
    county: w.county.name,
    horizontal_length: w.horizontalLength,
    lat: coord(w.lat),
    lat_bottomhole: coord(w.latBottom),
    long: coord(w.lon),
    lon_bottomhole: coord(w.lonBottom),
    measured_depth: w.measuredDepth,
    operator_name: w.operatorName,
    permit_date: seen(w.permitDay),
    production_first_date: w.firstProdMonth < data.asOfMonth ? formatMonth(w.firstProdMonth) : null,
    region: w.county.region,
    spud_date: seen(w.spudDay),
    state_ab: w.county.stateAb,
    sub_region: w.county.subRegion,
    total_vertical_depth: w.tvd,
    wellbore_type: w.wellboreType,
    wellpad_id: w.wellpadId,
  };
}

/** POST /v3/wells: wells permitted by asOf; start_date / end_date bound the completion date. */
export const wells: NatgasEndpoint = {
  method: "POST",
  paged: true,
  params: { county: LIST, end_date: DATE, operator: LIST, region: LIST, start_date: DATE, state_code: LIST, sub_region: LIST },
  answer(params, data) {
    const list = matchingWells(data.wells, params).filter((w) =>
      inRange(params, "start_date", "end_date", w.completionDay <= data.asOfDay ? w.completionDay : null),
    );
    return { rows: listRowSet(list, (w) => wellRecord(w, data)) };
  },
};
