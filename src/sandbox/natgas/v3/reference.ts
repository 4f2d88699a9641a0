import { formatDay } from "../../core/dates";
import { SandboxHttpError } from "../../core/types";
import type { NatgasEndpoint } from "../shared/endpoint";
import { COUNTIES, PAIRS } from "../geo/geography";
import { SERVICE_COMPANIES } from "../geo/operators";
import type { NatgasDataset } from "../model/dataset";
import { accepts, listRowSet } from "../shared/row-set";
import { LIST } from "./shared-params";

/** v3 filter fields that have dropdown values. */
const FILTER_TYPES = ["county", "operator", "region", "state_code", "sub_region", "service_company", "frac_class", "rig_class", "completion_class"] as const;

/** The distinct values of a v3 filter field, sorted. */
export function v3FilterValues(filterType: string): string[] {
  const pick: Record<string, () => string[]> = {
    county: () => COUNTIES.map((c) => c.name),
    operator: () => PAIRS.map((p) => p.operatorName),
    region: () => COUNTIES.map((c) => c.region),
    state_code: () => COUNTIES.map((c) => c.stateAb),
    sub_region: () => COUNTIES.map((c) => c.subRegion),
    service_company: () => [...SERVICE_COMPANIES],
  };
  const values = (Object.hasOwn(pick, filterType) ? pick[filterType] : () => ["gas", "oil"])();
  return [...new Set(values)].sort();
}

/** Timestamp the dropdown tables were "updated": the day before asOf, at 06:00 UTC. */
function tableUpdate(data: NatgasDataset): string {
  return `${formatDay(data.asOfDay - 1)}T06:00:00Z`;
}

/**
 * POST /v3/dropdownfilters (replaced by v4 glossary): records {filter_type, table_update_timestamp,
 * target_function, value}. `filter_type` narrows to one field; `target_function` is echoed (default "all").
 */
export const dropdownFilters: NatgasEndpoint = {
  method: "POST",
  paged: true,
  params: { filter_type: { kind: "str", values: FILTER_TYPES }, target_function: { kind: "str" } },
  answer(params, data) {
    const types = params.listOrder.get("filter_type")?.map((t) => t.toLowerCase()) ?? [...FILTER_TYPES];
    const target = params.listOrder.get("target_function")?.[0] ?? "all";
    const records = types.flatMap((t) => v3FilterValues(t).map((value) => ({ filter_type: t, table_update_timestamp: tableUpdate(data), target_function: target, value })));
    return { rows: listRowSet(records, (r) => r) };
  },
};

/** POST /v3/filter_regions (gone in v4, replaced by GET /v4/regions): counties narrowed by the location filters. */
export const filterRegions: NatgasEndpoint = {
  method: "POST",
  paged: true,
  params: { county: LIST, region: LIST, state_code: LIST, sub_region: LIST },
  answer(params) {
    const counties = COUNTIES.filter(
      (c) => accepts(params, "county", c.name) && accepts(params, "region", c.region) && accepts(params, "state_code", c.stateAb) && accepts(params, "sub_region", c.subRegion),
    );
    return { rows: listRowSet(counties, (c) => ({ county: c.name, region: c.region, state_ab: c.stateAb, sub_region: c.subRegion })) };
  },
};

/** GET /v3/glossary/{path}/{filter_field}: `{"data": [values]}` of a filter field for an endpoint path. */
export const glossaryByPath: NatgasEndpoint = {
  method: "GET",
  paged: false,
  params: {},
  answer(_params, _data, req) {
    const [, , , path, field] = req.path.split("/");
    if (!(FILTER_TYPES as readonly string[]).includes(field.toLowerCase())) {
      throw new SandboxHttpError(400, `/v3/glossary/${path}/${field}: unknown filter field "${field}"; one of ${FILTER_TYPES.join(", ")}`);
    }
    return { json: { data: v3FilterValues(field.toLowerCase()) } };
  },
};

/** GET /v3/regions: every county with its state, region and sub-region (v3 names). */
export const regions: NatgasEndpoint = {
  method: "GET",
  paged: false,
  params: {},
  answer() {
    return { json: { data: COUNTIES.map((c) => ({ county: c.name, region: c.region, state_ab: c.stateAb, sub_region: c.subRegion })) } };
  },
};

/** GET /v3/shorttermforecasthistorydates: every forecast run, `{forecast_run_date}` ascending. */
export const shortTermForecastHistoryDates: NatgasEndpoint = {
  method: "GET",
  paged: false,
  params: {},
  answer(_params, data) {
    return { json: { data: data.runDays.map((d) => ({ forecast_run_date: formatDay(d) })) } };
  },
};
