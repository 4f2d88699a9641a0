/**
 * v4 reference data: filter values, operator classification, regions.
 */
import type { EndpointSpec } from "../../../catalog/types";
import { kind, v4Field as F } from "../shared/fields";
import { strArr, county, operator, region_natgas, sub_region_natgas, state_code, post, get, SPEC, MIGRATION_GUIDE } from "./params";

/** Reference data: filter values, operator classification, regions. */
export const v4Reference = {
  glossary: {
    ...post,
    method: "glossary",
    path: "/v4/glossary",
    params: [
      {
        name: "filter_type",
        type: {
          kind: "str",
          values: ["county", "state_code", "operator", "region_natgas", "sub_region_natgas", "service_company", "completion_class", "rig_class", "frac_class", "date_forecast_run"],
        },
        required: true,
        requiredHint: "which filter's values you want, e.g. \"operator\"",
        description: "the filter whose values are wanted",
      },
      {
        name: "target_function",
        type: {
          kind: "str",
          values: ["completions", "dailyfrackedfeet", "dailyproduction", "ducsbyoperator", "fraccrews", "longtermforecast", "productionbywell", "rigs", "shorttermforecast", "shorttermforecastdeclines", "shorttermforecasthistory"],
        },
        description: "the v4 endpoint the values are for (default: all)",
      },
      { name: "search", type: kind.str, description: "case-insensitive substring of the value" },
      county,
      operator,
      region_natgas,
      state_code,
      sub_region_natgas,
      strArr("service_company"),
    ],
    record: {
      name: "natgas.v4.glossary",
      fields: [
        F.county,
        F.state_code,
        F.operator,
        F.region_natgas,
        F.sub_region_natgas,
        { name: "service_company", type: "string" },
        { name: "completion_class", type: "string" },
        { name: "rig_class", type: "string" },
        { name: "frac_class", type: "string" },
        F.date_forecast_run,
        { name: "category", type: "string" },
        { name: "source", type: "string" },
      ],
    },
    source: { spec: SPEC, docs: [MIGRATION_GUIDE] },
  },
  operatorClassification: {
    ...get,
    method: "operatorClassification",
    path: "/v4/operatorclassification",
    record: {
      name: "natgas.v4.operatorClassification",
      fields: [F.operator, { name: "public_or_private", type: "string" }, { name: "ticker", type: "string" }],
    },
    source: { spec: SPEC, docs: [MIGRATION_GUIDE] },
  },
  regions: {
    ...get,
    method: "regions",
    path: "/v4/regions",
    record: { name: "natgas.v4.regions", fields: [F.county, F.region_natgas, F.state_code, F.sub_region_natgas] },
    source: { spec: SPEC, docs: [MIGRATION_GUIDE] },
  },
} as const satisfies Record<string, EndpointSpec>;
