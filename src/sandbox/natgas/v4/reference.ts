import { formatDay } from "../../core/dates";
import { SandboxHttpError } from "../../core/types";
import type { NatgasEndpoint } from "../shared/endpoint";
import { COUNTIES, PAIRS } from "../geo/geography";
import { OPERATORS, SERVICE_COMPANIES } from "../geo/operators";
import { accepts } from "../shared/row-set";
import { LIST, V4_LOCATION } from "./v4-params";

/** Operators that produce somewhere in the sandbox, by name. */
function activeOperators() {
  const names = new Set(PAIRS.map((p) => p.operatorName));
  return OPERATORS.filter((o) => names.has(o.name));
}

/** GET /v4/regions: every county with its state and v4 region names. */
export const v4Regions: NatgasEndpoint = {
  method: "GET",
  paged: false,
  params: {},
  answer() {
    return { json: COUNTIES.map((c) => ({ county: c.name, region_natgas: c.region, state_code: c.stateAb, sub_region_natgas: c.subRegion })) };
  },
};

/** GET /v4/operatorclassification: public or private, with a ticker for public operators. */
export const v4OperatorClassification: NatgasEndpoint = {
  method: "GET",
  paged: false,
  params: {},
  answer() {
    return { json: activeOperators().map((o) => ({ operator: o.name, public_or_private: o.publicOrPrivate, ticker: o.ticker })) };
  },
};

/** GET /v3/operatorclassification: the v3 shape (operator_name), in `{"data": [...]}`. */
export const v3OperatorClassification: NatgasEndpoint = {
  method: "GET",
  paged: false,
  params: {},
  answer() {
    return { json: { data: activeOperators().map((o) => ({ operator_name: o.name, public_or_private: o.publicOrPrivate, ticker: o.ticker })) } };
  },
};

/** filter_type values of the glossary: the keys of its records that hold values. */
export const GLOSSARY_FILTER_TYPES = [
  "county", "state_code", "operator", "region_natgas", "sub_region_natgas", "service_company",
  "completion_class", "rig_class", "frac_class", "date_forecast_run",
] as const;

/** target_function values: the v4 data endpoints. */
export const GLOSSARY_TARGETS = [
  "completions", "dailyfrackedfeet", "dailyproduction", "ducsbyoperator", "fraccrews", "longtermforecast",
  "productionbywell", "rigs", "shorttermforecast", "shorttermforecastdeclines", "shorttermforecasthistory",
] as const;

const KEYS = [...GLOSSARY_FILTER_TYPES, "category", "source"] as const;

/**
 * POST /v4/glossary: the values a filter can take. Body: `filter_type` (required: which values),
 * `target_function` (the endpoint they are for; default all), dependent filters county, operator,
 * region_natgas, state_code, sub_region_natgas narrowing location values, and `search`, a
 * case-insensitive substring of the value. Records carry every key; keys that do not apply are null.
 */
export const v4Glossary: NatgasEndpoint = {
  method: "POST",
  paged: false,
  params: {
    filter_type: { kind: "str", values: GLOSSARY_FILTER_TYPES },
    target_function: { kind: "str", values: GLOSSARY_TARGETS },
    search: { kind: "str" },
    ...V4_LOCATION,
    service_company: LIST,
  },
  answer(params, data) {
    const type = [...(params.lists.get("filter_type") ?? [])][0];
    if (!type) throw new SandboxHttpError(400, `/v4/glossary: "filter_type" is required; one of ${GLOSSARY_FILTER_TYPES.join(", ")}`);
    const target = [...(params.lists.get("target_function") ?? [])][0] ?? null;
    const search = [...(params.lists.get("search") ?? [])][0];
    const pairs = PAIRS.filter(
      (p) =>
        accepts(params, "county", p.county.name) &&
        accepts(params, "operator", p.operatorName) &&
        accepts(params, "region_natgas", p.county.region) &&
        accepts(params, "state_code", p.county.stateAb) &&
        accepts(params, "sub_region_natgas", p.county.subRegion),
    );
    const records = new Map<string, Record<string, unknown>>();
    const add = (value: string, extra: Record<string, unknown> = {}) => {
      if (search !== undefined && !value.toLowerCase().includes(search)) return;
      if (records.has(value)) return;
      const record: Record<string, unknown> = Object.fromEntries(KEYS.map((k) => [k, null]));
      Object.assign(record, extra, { [type]: value, category: type, source: target });
      records.set(value, record);
    };
    if (type === "county") for (const p of pairs) add(p.county.name, { state_code: p.county.stateAb, region_natgas: p.county.region, sub_region_natgas: p.county.subRegion });
    else if (type === "state_code") for (const p of pairs) add(p.county.stateAb);
    else if (type === "region_natgas") for (const p of pairs) add(p.county.region);
    else if (type === "sub_region_natgas") for (const p of pairs) add(p.county.subRegion, { region_natgas: p.county.region });
    else if (type === "operator") for (const p of [...pairs].sort((a, b) => (a.operatorName < b.operatorName ? -1 : 1))) add(p.operatorName);
    else if (type === "service_company") for (const s of SERVICE_COMPANIES) add(s);
    else if (type === "date_forecast_run") for (const d of data.runDays) add(formatDay(d));
    else for (const c of ["gas", "oil"]) add(c);
    return { json: [...records.values()] };
  },
};
