/**
 * v3 queries run on v4, answered with v3-shaped rows: `client.v4.asV3.rigs(v3Params)`.
 */
import type { EndpointApi, EndpointCallOptions, EndpointMethod } from "../../client/endpoint-methods";
import type { RecordSchema } from "../../frame/schema";
import { Result } from "../../result/result";
import { snapshotCallOptions } from "../../validate/snapshot-options";
import { snapshotParams } from "../../validate/snapshot-params";
import { v3, type V3Catalog } from "../catalog/v3";
import { v4, type V4Catalog } from "../catalog/v4";
import { v3ParamsToV4, v4RecordToV3 } from "./convert";
import { groupOnClient } from "./group-on-client";
import { groupProductionByCountyAndOperator } from "./group-production";
import { padToSchema } from "./pad-to-schema";
import type { MigratedEndpoint } from "./renames";

/** v3 endpoints that `asV3` runs on v4 (those with a v4 counterpart that this client calls). */
export const AS_V3_ENDPOINTS = [
  "shortTermForecastHistory",
  "productionByCountyAndOperator",
  "shortTermForecast",
  "fracCrews",
  "completions",
  "rigs",
  "longTermForecast",
  "dailyFrackedFeet",
] as const satisfies readonly (MigratedEndpoint & keyof V3Catalog)[];

type AsV3Name = (typeof AS_V3_ENDPOINTS)[number];

/** A v3 method answered by v4: v3 params in, v3-shaped records out; typed exactly like the v3 method. */
export type AsV3Method<S> = EndpointMethod<S>;

/** `client.v4.asV3`: one method per migrated v3 endpoint. */
export type AsV3Api = { readonly [K in AsV3Name]: AsV3Method<V3Catalog[K]> };

/**
 * Builds `asV3` over the v4 methods. Each call converts the v3 params to v4 (validating them with
 * their v3 names), calls v4, converts every record back to v3 names and units, and fills the v3
 * fields v4 does not return with null. Plain rows have exactly the v3 schema's fields; aggregated rows
 * keep the columns they were grouped by, as v3 sends them. `meta.params` is what was sent to v4.
 */
export function buildAsV3(v4Api: EndpointApi<V4Catalog>): AsV3Api {
  const out: Record<string, unknown> = {};
  for (const name of AS_V3_ENDPOINTS) {
    const spec = v3[name];
    const v4Spec = v4[migrationTarget(name)];
    const v4Aggregates = v4Spec.params.some((p) => p.name === "aggregate_by");
    const label = `natgas.v4.asV3.${name}`;
    out[name] = async (given: unknown, givenOptions?: EndpointCallOptions) => {
      // Read once: the v3 params are checked, renamed and grouped from this one copy.
      const options = snapshotCallOptions(label, givenOptions);
      const params = snapshotParams(label, given);
      const v4Params = v3ParamsToV4(name, params);
      if (v4Params.aggregate_by !== undefined && !v4Aggregates) {
        const { aggregatedRecord } = spec as { aggregatedRecord?: RecordSchema };
        return groupOnClient(v4Api, name, migrationTarget(name), v4Params, validatedDimensions(params), options, aggregatedRecord ?? spec.record);
      }
      const aggregated = v4Params.aggregate_by !== undefined;
      const schema: RecordSchema = aggregated && "aggregatedRecord" in spec ? spec.aggregatedRecord : spec.record;
      if (name === "productionByCountyAndOperator" && !aggregated) {
        return groupProductionByCountyAndOperator(v4Api, v4Params, options, schema);
      }
      const method = (v4Api as unknown as Record<string, (p: unknown, o?: EndpointCallOptions) => Promise<Result<Record<string, unknown>>>>)[
        migrationTarget(name)
      ]!;
      const res = await method(v4Params, options);
      let converted = res.records.map((r) => v4RecordToV3(name, r));
      if (name === "productionByCountyAndOperator") converted = converted.map((r) => labelAggregate(r, validatedDimensions(params)));
      // Plain rows take exactly the v3 fields (v4's per-row count of 1 is not v3). Aggregated rows are
      // left as grouped: their columns vary with aggregate_by, as in v3.
      const records = aggregated ? converted : converted.map((r) => padToSchema(r, schema));
      return new Result(records, res.meta, schema);
    };
  }
  return out as AsV3Api;
}

/** v3 productionbycountyandoperator aggregate_by dimension -> its field in a v3-named row. */
const PRODUCTION_DIMENSION_FIELD: Record<string, string> = { operator: "operator_name", region: "region", state_code: "state_code", sub_region: "sub_region" };

export function validatedDimensions(params: unknown): string[] {
  const a = (params as { aggregate_by?: unknown } | null | undefined)?.aggregate_by;
  return (Array.isArray(a) ? a : [a]).filter((d): d is string => typeof d === "string");
}

/**
 * v4 aggregated productionbywell rows carry the grouped columns themselves; v3 rows name them in
 * `aggregate_by` (the dimensions, comma-joined) and `aggregate_by_filter_value` (their values, same order).
 */
function labelAggregate(row: Record<string, unknown>, dims: readonly string[]): Record<string, unknown> {
  const fields = dims.map((d) => PRODUCTION_DIMENSION_FIELD[d] ?? d);
  // One dimension keeps a null value null; several are joined as text, a null one as the empty string.
  const values = fields.map((f) => row[f]);
  const filterValue = values.length === 1 && (values[0] === null || values[0] === undefined) ? null : values.map((v) => String(v ?? "")).join(",");
  const out: Record<string, unknown> = { aggregate_by: dims.join(","), aggregate_by_filter_value: filterValue };
  // `count` (wells summed) has no place in the v3 row.
  for (const [k, v] of Object.entries(row)) if (!fields.includes(k) && k !== "count") out[k] = v;
  return out;
}

function migrationTarget(name: AsV3Name): keyof V4Catalog {
  return name === "productionByCountyAndOperator" ? "productionByWell" : name;
}

