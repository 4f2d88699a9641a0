/**
 * v3 queries run on v4, answered with v3-shaped rows: `client.v4.asV3.rigs(v3Params)`.
 */
import type { EndpointApi, EndpointCallOptions, EndpointMethod } from "../../client/endpoint-methods";
import type { DataFrame } from "danfojs-node";
import { attachNotes, notesOf } from "../../frame/notes";
import { tableToFrame } from "../../frame/table-to-frame";
import { aggregatedSchema } from "../../catalog/aggregated-schema";
import type { RecordSchema } from "../../table/schema";
import { Result } from "../../table/result";
import { snapshotCallOptions } from "../../validate/snapshot-options";
import { snapshotParams } from "../../validate/snapshot-params";
import { v3, type V3Catalog } from "../catalog/v3";
import { v4, type V4Catalog } from "../catalog/v4";
import { v3ParamsToV4, v4RecordToV3 } from "./convert";
import { groupOnClient } from "./group-on-client";
import { groupProductionByCountyAndOperator } from "./group-production";
import { padToSchema } from "./pad-to-schema";
import { V3_TO_V4, type EndpointMigration, type MigratedEndpoint } from "./renames";

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

/**
 * v3 queries whose aggregate_by is grouped on the client although v4 aggregates too: v4's grouped
 * short-term forecast rows add a `count` of wells and (shorttermforecast) drop the run date, while the
 * v3 rows keep `forecast_run_date` and have no count. Grouping the plain v4 rows gives the v3 shape.
 */
const GROUPED_ON_CLIENT: ReadonlySet<AsV3Name> = new Set(["shortTermForecast", "shortTermForecastHistory"]);

/** A v3 method answered by v4: v3 params in, v3-shaped records out; typed exactly like the v3 method. */
export type AsV3Method<S> = EndpointMethod<S>;

/** `client.v4.asV3`: one method per migrated v3 endpoint. */
export type AsV3Api = { readonly [K in AsV3Name]: AsV3Method<V3Catalog[K]> };

/**
 * Builds `asV3` over the v4 methods. Each call converts the v3 params to v4 (validating them with
 * their v3 names), calls v4, converts every record back to v3 names and units, and fills the v3
 * fields v4 does not return with null. Plain rows have exactly the v3 schema's fields; aggregated rows
 * keep the columns they were grouped by, as v3 sends them. `meta.params` is what was sent to v4.
 *
 * `shortTermForecastHistory` without `forecast_run_date` asks v4 for the latest run first
 * (`shortTermForecastHistoryDates`), since v3 then answers the latest run and v4 every run.
 *
 * A v4 value whose meaning differs from the v3 field of its kind is never put under the v3 name: v4
 * wet gas goes to `wet_gas_daily` (BCF/day) and `wet_gas_monthly` (MCF), added after the v3 fields
 * (and to the result's schema, with their units), while v3's dry `gas_daily`/`gas_monthly` stay null.
 * `notesOf(result)` (and `notesOf(result.toFrame())`) names the fields left null and why.
 */
export function buildAsV3(v4Api: EndpointApi<V4Catalog>): AsV3Api {
  const out: Record<string, unknown> = {};
  for (const name of AS_V3_ENDPOINTS) {
    const spec = v3[name];
    const v4Spec = v4[migrationTarget(name)];
    const v4Aggregates = v4Spec.params.some((p) => p.name === "aggregate_by") && !GROUPED_ON_CLIENT.has(name);
    const label = `natgas.v4.asV3.${name}`;
    out[name] = async (given: unknown, givenOptions?: EndpointCallOptions) => {
      // Read once: the v3 params are checked, renamed and grouped from this one copy.
      const options = snapshotCallOptions(label, givenOptions);
      const params = snapshotParams(label, given);
      const v4Params = v3ParamsToV4(name, params);
      if (name === "shortTermForecastHistory" && v4Params.date_forecast_run === undefined) {
        // v3 without a run date answers the latest run; v4 without one answers every run.
        const runs = await v4Api.shortTermForecastHistoryDates(null, options);
        const latest = runs.records.map((r) => r.date_forecast_run).filter((d): d is string => typeof d === "string").sort().at(-1);
        if (latest !== undefined) v4Params.date_forecast_run = latest;
      }
      if (v4Params.aggregate_by !== undefined && !v4Aggregates) {
        const v3Schema = aggregatedSchema(spec, validatedDimensions(params));
        const grouped = await groupOnClient(v4Api, name, migrationTarget(name), v4Params, validatedDimensions(params), options, asV3Schema(name, v3Schema));
        return migrated(name, grouped.records.map((r) => withUnfilled(r, name)), grouped.meta, v3Schema);
      }
      const aggregated = v4Params.aggregate_by !== undefined;
      // The same schema object as the v3 call's: the aggregated fields the rows carry (see schemaFor).
      const v3Schema: RecordSchema = aggregated ? aggregatedSchema(spec, validatedDimensions(params)) : spec.record;
      const schema = asV3Schema(name, v3Schema);
      if (name === "productionByCountyAndOperator" && !aggregated) {
        const grouped = await groupProductionByCountyAndOperator(v4Api, v4Params, options, schema);
        return migrated(name, grouped.records, grouped.meta, v3Schema);
      }
      const method = (v4Api as unknown as Record<string, (p: unknown, o?: EndpointCallOptions) => Promise<Result<Record<string, unknown>>>>)[
        migrationTarget(name)
      ]!;
      const res = await method(v4Params, options);
      let converted = res.records.map((r) => v4RecordToV3(name, r));
      if (name === "productionByCountyAndOperator") converted = converted.map((r) => labelAggregate(r, validatedDimensions(params)));
      // Plain rows take exactly the v3 fields (v4's per-row count of 1 is not v3). Aggregated rows are
      // left as grouped: their columns vary with aggregate_by, as in v3.
      const records = aggregated ? converted.map((r) => withUnfilled(r, name)) : converted.map((r) => padToSchema(r, schema));
      return migrated(name, records, res.meta, schema);
    };
  }
  return out as AsV3Api;
}

const schemas = new WeakMap<RecordSchema, RecordSchema>();

/**
 * The v3 schema, plus the fields added for v4 values of another meaning (wet gas), with their units.
 * The v3 schema itself when nothing is added. One object per v3 schema.
 */
export function asV3Schema(endpoint: MigratedEndpoint, v3Schema: RecordSchema): RecordSchema {
  const added = (V3_TO_V4[endpoint] as EndpointMigration).added ?? [];
  if (added.length === 0) return v3Schema;
  let out = schemas.get(v3Schema);
  if (out === undefined) {
    out = { name: `${v3Schema.name} (run on v4: asV3)`, fields: [...v3Schema.fields, ...added.map((a) => ({ ...a, nullable: true }))] };
    schemas.set(v3Schema, out);
  }
  return out;
}

/** An aggregated row with the v3 fields v4 cannot fill present as null (padded rows get them from the schema). */
function withUnfilled(row: Record<string, unknown>, endpoint: MigratedEndpoint): Record<string, unknown> {
  const unfilled = (V3_TO_V4[endpoint] as EndpointMigration).unfilled ?? [];
  if (unfilled.length === 0) return row;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = v;
  for (const u of unfilled) out[u.v3] ??= null;
  return out;
}

/** What `notesOf` gives for an asV3 result: the v3 fields left null and the fields added, with why. */
export function asV3Notes(endpoint: MigratedEndpoint): Record<string, unknown> {
  const m = V3_TO_V4[endpoint] as EndpointMigration;
  if ((m.unfilled ?? []).length === 0 && (m.added ?? []).length === 0) return {};
  return {
    v3_fields_not_filled: Object.fromEntries((m.unfilled ?? []).map((u) => [u.v3, u.reason])),
    fields_added: Object.fromEntries((m.added ?? []).map((a) => [a.name, `${a.unit}: ${a.description}`])),
  };
}

/** An asV3 result: schema with the added fields, notes on the result and on every frame it makes. */
class AsV3Result<R> extends Result<R> {
  override toFrame(): DataFrame {
    return attachNotes(tableToFrame(this), notesOf(this));
  }
}

function migrated(endpoint: MigratedEndpoint, records: Record<string, unknown>[], meta: Result["meta"], v3Schema: RecordSchema): Result<Record<string, unknown>> {
  const notes = asV3Notes(endpoint);
  if (Object.keys(notes).length === 0) return new Result(records, meta, v3Schema);
  return attachNotes(new AsV3Result(records, meta, asV3Schema(endpoint, v3Schema)), notes);
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
  // The group columns stay, as the v3 client adds them to v3 rows; `count` (wells summed) has no place in a v3 row.
  for (const [k, v] of Object.entries(row)) if (k !== "count") out[k] = v;
  return out;
}

function migrationTarget(name: AsV3Name): keyof V4Catalog {
  return name === "productionByCountyAndOperator" ? "productionByWell" : name;
}

