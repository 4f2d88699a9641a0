import { formatDay, formatDayMdy, parseDay } from "../../core/dates";
import { aggregateRows } from "../shared/aggregate";
import type { NatgasEndpoint } from "../shared/endpoint";
import { fleetRows } from "../shared/fleet-rows";
import type { FleetFilter } from "../shared/fleet-rows";
import type { FleetPosition } from "../model/fleet";
import { COUNTIES, SUB_REGIONS } from "../geo/geography";
import { SERVICE_COMPANIES } from "../geo/operators";
import { pick } from "../../core/hash";
import { FRAC_FLEET, RIG_FLEET, fleetOf } from "../model/fleets";
import type { ParsedParams } from "../shared/params";
import { accepts, listRowSet, rowsOf } from "../shared/row-set";
import type { RowSet } from "../shared/row-set";
import { aggregateBy, CLASS, DATE, LIST, V3_DIMENSION_FIELD } from "./shared-params";
import { coord } from "./wells";

/** Service company of a frac crew (fixed per crew). */
export function serviceCompanyOf(seed: number, unitIndex: number): string {
  return SERVICE_COMPANIES[pick(SERVICE_COMPANIES.length, seed, 79, unitIndex)];
}

/**
 * The filter of a fleet query from the location / operator / class filters (v3 or v4 names), or
 * undefined when none is given. Sub-regions no matching county lies in are ruled out up front.
 */
export function positionMatcher(
  params: ParsedParams,
  names: { county: string; operator: string; region: string; state: string; subRegion: string; cls: string; company?: string },
  seed: number,
): FleetFilter | undefined {
  const used = [names.county, names.operator, names.region, names.state, names.subRegion, names.cls, names.company ?? ""].some((n) => params.lists.has(n));
  if (!used) return undefined;
  const places = COUNTIES.filter(
    (c) => accepts(params, names.county, c.name) && accepts(params, names.region, c.region) && accepts(params, names.state, c.stateAb) && accepts(params, names.subRegion, c.subRegion),
  );
  const subRegions = SUB_REGIONS.map((s) => places.some((c) => c.subRegion === s.name));
  return {
    subRegions,
    match: (p) =>
      accepts(params, names.county, p.pad.county.name) &&
      accepts(params, names.operator, p.pad.operatorName) &&
      accepts(params, names.region, p.pad.county.region) &&
      accepts(params, names.state, p.pad.county.stateAb) &&
      accepts(params, names.subRegion, p.pad.county.subRegion) &&
      accepts(params, names.cls, p.pad.wellClass) &&
      (names.company === undefined || accepts(params, names.company, serviceCompanyOf(seed, p.unit))),
  };
}

const V3_NAMES = { county: "county", operator: "operator", region: "region", state: "state_code", subRegion: "sub_region" };

/** The fields of a v3 rig or frac crew record that an aggregation can group by, besides the date. */
const GROUPED_FIELD: Readonly<Record<string, (p: FleetPosition, seed: number) => unknown>> = {
  county: (p) => p.pad.county.name,
  operator_name: (p) => p.pad.operatorName,
  region: (p) => p.pad.county.region,
  state_ab: (p) => p.pad.county.stateAb,
  sub_region: (p) => p.pad.county.subRegion,
  service_company: (p, seed) => serviceCompanyOf(seed, p.unit),
};

/**
 * The record of a fleet position as {@link v3Aggregate} reads it: the date and the grouped fields only. The
 * record's other fields (coordinates as text, the service company of a frac crew when not grouped by) would be
 * made for each of a few hundred thousand positions and never read: the groups and their counts are the same.
 */
function groupedFields(dims: readonly string[], seed: number): (p: FleetPosition) => Record<string, unknown> {
  const fields = dims.filter((d) => d.toLowerCase() !== "date").map((d) => V3_DIMENSION_FIELD[d.toLowerCase()]!);
  const makers = fields.map((f) => [f, GROUPED_FIELD[f]] as const);
  return (p) => {
    const row: Record<string, unknown> = { date: formatDay(p.day) };
    for (const [f, make] of makers) if (make) row[f] = make(p, seed);
    return row;
  };
}

function v3Aggregate(rows: RowSet, dims: readonly string[], countField: string, mdy: boolean): RowSet {
  const fields = dims.filter((d) => d.toLowerCase() !== "date").map((d) => V3_DIMENSION_FIELD[d.toLowerCase()]);
  const grouped = aggregateRows(rowsOf(rows), { dateField: "date", groupFields: fields, sumFields: [], countField });
  if (mdy) for (const g of grouped) g.date = formatDayMdy(parseDay(g.date as string) as number);
  return listRowSet(grouped, (r) => r);
}

/** POST /v3/rigs: one record per working rig per day, from 2020-01-01 to the day before asOf. */
export const rigs: NatgasEndpoint = {
  method: "POST",
  paged: true,
  params: {
    aggregate_by: aggregateBy("county", "date", "operator", "region", "state_code", "sub_region"),
    county: LIST, end_date: DATE, operator: LIST, region: LIST, rig_class: CLASS, start_date: DATE, state_code: LIST, sub_region: LIST,
  },
  answer(params, data) {
    const fleet = fleetOf(data, RIG_FLEET);
    const match = positionMatcher(params, { ...V3_NAMES, cls: "rig_class" }, data.seed);
    const dims = params.listOrder.get("aggregate_by");
    const rows = fleetRows(fleet, params.dates.get("start_date"), params.dates.get("end_date"), match, dims ? groupedFields(dims, data.seed) : (p) => ({
      county: p.pad.county.name,
      date: formatDay(p.day),
      lat: coord(p.pad.lat),
      long: coord(p.pad.lon),
      operator_name: p.pad.operatorName,
      region: p.pad.county.region,
      rig_class: p.pad.wellClass,
      state_ab: p.pad.county.stateAb,
      sub_region: p.pad.county.subRegion,
      wellpad_id: p.pad.wellpadId,
    }));
    return { rows: dims ? v3Aggregate(rows, dims, "rigs_count", true) : rows };
  },
};

/** POST /v3/fraccrews: one record per working frac crew per day, from 2020-01-01 to the day before asOf. */
export const fracCrews: NatgasEndpoint = {
  method: "POST",
  paged: true,
  params: {
    aggregate_by: aggregateBy("county", "date", "operator", "region", "service_company", "state_code", "sub_region"),
    county: LIST, end_date: DATE, frac_class: CLASS, operator: LIST, region: LIST, service_company: LIST, start_date: DATE, state_code: LIST, sub_region: LIST,
  },
  answer(params, data) {
    const fleet = fleetOf(data, FRAC_FLEET);
    const match = positionMatcher(params, { ...V3_NAMES, cls: "frac_class", company: "service_company" }, data.seed);
    const dims = params.listOrder.get("aggregate_by");
    const rows = fleetRows(fleet, params.dates.get("start_date"), params.dates.get("end_date"), match, dims ? groupedFields(dims, data.seed) : (p) => ({
      county: p.pad.county.name,
      date: formatDay(p.day),
      frac_class: p.pad.wellClass,
      lat: coord(p.pad.lat),
      long: coord(p.pad.lon),
      operator_name: p.pad.operatorName,
      region: p.pad.county.region,
      service_company: serviceCompanyOf(data.seed, p.unit),
      state_ab: p.pad.county.stateAb,
      sub_region: p.pad.county.subRegion,
      wellpad_id: p.pad.wellpadId,
    }));
    return { rows: dims ? v3Aggregate(rows, dims, "frac_crews_count", false) : rows };
  },
};
