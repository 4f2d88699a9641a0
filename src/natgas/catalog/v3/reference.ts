/**
 * v3 status and reference endpoints: pipeline scrape status and scrapes, DTIL and TIL monitoring,
 * regions, operator classification, forecast run dates.
 */
import type { EndpointSpec } from "../../../catalog/types";
import { v3Field as F } from "../shared/fields";
import { dateRange, end_date, get, page, perMinute, post, PYTHON_CLIENT, region, SPEC_ENDPOINTS, SPEC_V4_CHANGES, source, start_date, state_code, sub_region } from "./params";

const bcfd = { name: "bcfd", type: "float", unit: "BCF/day", description: "Expected production of the wellpad's wells" } as const;
const frac_end = { name: "frac_end", type: "date", description: "End of the frac job; null while fracking" } as const;
const til_date = { name: "til_date", type: "date", description: "Day the wells were turned in line; null while they wait" } as const;
const wells = { name: "wells", type: "int", description: "Wells on the wellpad" } as const;

/** Status and reference endpoints by client method name. */
export const v3Reference = {
  pipelineScrapeStatus: {
    ...get,
    method: "pipelineScrapeStatus",
    path: "/v3/pipelinescrapestatus",
    record: {
      name: "natgas.v3.pipelineScrapeStatus",
      fields: [
        F.date,
        { name: "id1_pct", type: "float", unit: "%" },
        { name: "id2_pct", type: "float", unit: "%" },
        { name: "id3_pct", type: "float", unit: "%" },
        { name: "other_pct", type: "float", unit: "%" },
        { name: "points_reporting_pct", type: "int", unit: "%" },
        { name: "timely_pct", type: "float", unit: "%" },
      ],
    },
    rateLimit: perMinute(300),
    source: source({ spec: SPEC_ENDPOINTS, docs: [page("pipelinescrapestatus"), "https://apidocs.synmax.com/v3_references/pipelinescrapestatus.html"] }),
    description: "Pipeline flow data scrape status.",
  },
  pipelineScrapes: {
    ...post,
    method: "pipelineScrapes",
    path: "/v3/pipelinescrapes",
    params: [end_date, region, start_date, state_code, sub_region],
    ranges: dateRange,
    record: {
      name: "natgas.v3.pipelineScrapes",
      fields: [
        F.date,
        { name: "pipeline_name", type: "string" },
        { name: "point_name", type: "string" },
        { name: "flow_direction", type: "string", description: "receipt or delivery" },
        { name: "cycle", type: "string", description: "nomination cycle of the posting: timely, id1, id2, id3 or other" },
        { name: "scheduled_volume", type: "float", unit: "MMBtu/day" },
        F.region,
        F.state_ab,
        F.sub_region,
      ],
    },
    warnUnfiltered: true,
    source: source({
      choice: `the path and method come from ${PYTHON_CLIENT}; no page describes it, so the filters (those the client sends) and the point-level fields are gasframes' choice, consistent with pipelinescrapestatus's cycles`,
    }),
    description: "Scraped pipeline point flows by gas day.",
  },
  dtils: {
    ...get,
    method: "dtils",
    path: "/v3/dtils",
    record: {
      name: "natgas.v3.dtils",
      fields: [bcfd, frac_end, F.operator_name, til_date, F.wellpad_id, { ...wells, description: "DTIL wells on the wellpad" }],
    },
    source: source({ spec: SPEC_ENDPOINTS }),
    description: "Drilled-but-turned-in-line-pending (DTIL) wells per wellpad.",
  },
  tilMonitoring: {
    ...get,
    method: "tilMonitoring",
    path: "/v3/til_monitoring",
    record: {
      name: "natgas.v3.tilMonitoring",
      fields: [bcfd, { name: "dtil", type: "bool", description: "true when the turn-in-line is delayed" }, frac_end, F.operator_name, F.sub_region, til_date, F.wellpad_id, wells],
    },
    source: source({
      docs: ["http://exceldocs.synmax.com/hyperion_v4/tils.html"],
      choice: `the path comes from ${PYTHON_CLIENT}; the fields are the v4 tils page's under v3 names (as /v3/dtils) plus a dtil flag, the v3 page not being published`,
    }),
    description: "Wellpads monitored for turn-in-line, delayed (DTIL) or not.",
  },
  regions: {
    ...get,
    method: "regions",
    path: "/v3/regions",
    record: { name: "natgas.v3.regions", fields: [F.county, F.region, F.state_ab, F.sub_region] },
    source: source({
      spec: SPEC_V4_CHANGES,
      choice: `the path comes from ${PYTHON_CLIENT}; the fields are v4 regions' under v3 names`,
    }),
    description: "Every county with its state, region and sub-region.",
  },
  operatorClassification: {
    ...get,
    method: "operatorClassification",
    path: "/v3/operatorclassification",
    record: {
      name: "natgas.v3.operatorClassification",
      fields: [F.operator_name, { name: "public_or_private", type: "string" }, { name: "ticker", type: "string", description: "null for a private operator" }],
    },
    source: source({ spec: SPEC_V4_CHANGES, choice: `the path comes from ${PYTHON_CLIENT}` }),
    description: "Whether each operator is public or private, with its ticker.",
  },
  shortTermForecastHistoryDates: {
    ...get,
    method: "shortTermForecastHistoryDates",
    path: "/v3/shorttermforecasthistorydates",
    record: { name: "natgas.v3.shortTermForecastHistoryDates", fields: [F.forecast_run_date] },
    source: source({
      spec: SPEC_V4_CHANGES,
      choice: `the path comes from ${PYTHON_CLIENT}; records are { forecast_run_date } (the spec's v4 date_forecast_run "was forecast_run_date")`,
    }),
    description: "Every forecast run a backcast can replay, ascending.",
  },
} as const satisfies Record<string, EndpointSpec>;
