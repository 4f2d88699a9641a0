import { describe, expect, it } from "vitest";
import { LNG_V1 } from "../../src/lng/catalog/v1";
import { LEGACY_API } from "../../src/lng/legacy/legacy-catalog";
import { DOC_MIGRATION_GUIDE, DOC_TRANSACTIONS, DOC_TRANSACTIONS_DETAILS, DOC_TRANSACTIONS_HISTORY } from "../../src/lng/catalog/doc-pages";
import { FORECAST_DETAIL_RECORD, TRANSACTION_RECORD, VESSEL_RECORD, VOLUME_FLOW_RECORD } from "../../src/lng/catalog/records";

// The spec's parameter table, transcribed: [parameter, volume_flows, volume_flows/history, forecast details].
const TABLE: [string, boolean, boolean, boolean][] = [
  ["destination_countries", true, true, true],
  ["destination_country_codes", true, true, true],
  ["destination_polygons", true, true, true],
  ["destination_regions", true, true, true],
  ["destination_terminal_ids", true, false, false],
  ["destination_terminals", true, true, true],
  ["forecast_run_at", true, false, true],
  ["from_timestamp", true, true, false],
  ["to_timestamp", true, true, false],
  ...(["origin_countries", "origin_country_codes", "origin_polygons", "origin_regions", "origin_terminals"].map((p) => [p, true, true, true]) as [
    string,
    boolean,
    boolean,
    boolean,
  ][]),
  ["origin_terminal_ids", true, false, true],
  ["imos", false, false, true],
  ...([
    "loading_origin_countries",
    "loading_origin_country_codes",
    "loading_origin_polygons",
    "loading_origin_regions",
    "loading_origin_terminal_ids",
    "loading_origin_terminals",
  ].map((p) => [p, false, false, true]) as [string, boolean, boolean, boolean][]),
  ["transaction_type", true, true, true],
];

const names = (spec: { params: readonly { name: string }[] }) => spec.params.map((p) => p.name).sort();

describe("LNG v1 catalog", () => {
  it("takes exactly the parameters the spec's table marks yes", () => {
    expect(names(LNG_V1.volumeFlows)).toEqual(TABLE.filter((r) => r[1]).map((r) => r[0]).sort());
    expect(names(LNG_V1.volumeFlowsHistory)).toEqual(TABLE.filter((r) => r[2]).map((r) => r[0]).sort());
    expect(names(LNG_V1.transactionsForecastHistoryDetails)).toEqual(TABLE.filter((r) => r[3]).map((r) => r[0]).sort());
  });

  it("uses POST with the spec's paths, answering arrays", () => {
    expect(LNG_V1.volumeFlows.path).toBe("/v1/volume_flows");
    expect(LNG_V1.volumeFlowsHistory.path).toBe("/v1/volume_flows/history");
    expect(LNG_V1.transactionsForecastHistoryDetails.path).toBe("/v1/transactions/forecast/history/details");
    for (const spec of Object.values(LNG_V1)) {
      if (spec.httpMethod === "GET") continue;
      expect(spec.httpMethod, spec.method).toBe("POST");
      expect(spec.decoder, spec.method).toBe("array");
      expect(spec.method in LNG_V1).toBe(true);
    }
  });

  it("has every path of the vendor's OpenAPI document (synmax-api-python-client 4.6.0), with its method", () => {
    // `paths` of synmax/leviaton/v1/openapi.yaml, under the /v1 base; /regions is left out (docs/lng.md).
    const OPENAPI: Record<string, string> = {
      "POST /v1/countries": "countries",
      "GET /v1/forecast_run_at_timestamps": "forecastRunAtTimestamps",
      "GET /v1/healthcheck": "healthcheck",
      "POST /v1/terminals": "terminals",
      "POST /v1/transactions": "transactions",
      "POST /v1/transactions/details": "transactionsDetails",
      "POST /v1/transactions/forecast": "transactionsForecast",
      "POST /v1/transactions/forecast/details": "transactionsForecastDetails",
      "POST /v1/transactions/forecast/history": "transactionsForecastHistory",
      "POST /v1/transactions/forecast/history/details": "transactionsForecastHistoryDetails",
      "POST /v1/transactions/history": "transactionsHistory",
      "POST /v1/vessels": "vessels",
      "POST /v1/vessels/details": "vesselsDetails",
      "POST /v1/vessels/history": "vesselsHistory",
      "POST /v1/volume_flows": "volumeFlows",
      "POST /v1/volume_flows/history": "volumeFlowsHistory",
    };
    const catalog = Object.fromEntries(Object.values(LNG_V1).map((e) => [`${e.httpMethod} ${e.path}`, e.method]));
    expect(catalog).toEqual(OPENAPI);
    expect(LNG_V1.healthcheck.decoder).toBe("object");
  });

  it("marks what neither a page nor the vendor's code confirms in source.unverified (read by a doctor)", () => {
    const unverified = Object.values(LNG_V1).filter((e) => "unverified" in e.source).map((e) => e.method).sort();
    expect(unverified).toEqual([
      "transactions",
      "transactionsDetails",
      "transactionsForecast",
      "transactionsForecastDetails",
      "transactionsForecastHistory",
      "transactionsForecastHistoryDetails",
      "transactionsHistory",
      "vessels",
      "vesselsDetails",
      "vesselsHistory",
    ]);
    for (const e of Object.values(LNG_V1)) {
      const src = e.source as { docs?: readonly string[]; code?: readonly string[] };
      // A confirmed entry is confirmed by something: a page or the vendor's code.
      expect(Boolean(src.docs?.length || src.code?.length), e.method).toBe(true);
    }
  });

  it("types parameters by kind: codes, polygons, timestamps, IMO-checked integers, loading|offloading", () => {
    const kinds = Object.fromEntries(LNG_V1.transactionsForecastHistoryDetails.params.map((p) => [p.name, p.type]));
    expect(kinds.destination_country_codes).toEqual({ kind: "countryCodes" });
    expect(kinds.loading_origin_polygons).toEqual({ kind: "polygons" });
    expect(kinds.forecast_run_at).toEqual({ kind: "timestamp" });
    expect(kinds.imos).toEqual({ kind: "intArr", check: "imo" });
    expect(kinds.transaction_type).toEqual({ kind: "str", values: ["loading", "offloading"] });
    const required = LNG_V1.transactionsForecastHistoryDetails.params.filter((p) => "required" in p && p.required);
    expect(required.map((p) => p.name)).toEqual(["forecast_run_at"]);
  });

  it("keeps record fields in the spec's order, volumes reading their unit from volume_unit", () => {
    expect(VOLUME_FLOW_RECORD.fields.map((f) => f.name)).toEqual(["timestamp", "volume", "count", "volume_unit", "volume_std", "count_std"]);
    expect(FORECAST_DETAIL_RECORD.fields.map((f) => f.name).slice(0, 2)).toEqual(["imo", "vessel_name"]);
    expect(FORECAST_DETAIL_RECORD.fields.map((f) => f.name).slice(-9)).toEqual([
      "volume",
      "volume_unit",
      "score",
      "route_score",
      "route_score_weighted_volume",
      "transaction_number",
      "transaction_type",
      "forecast_run_at",
      "modified_at",
    ]);
    expect(TRANSACTION_RECORD.fields).toHaveLength(23);
    expect(VESSEL_RECORD.fields).toHaveLength(27);
    for (const schema of [VOLUME_FLOW_RECORD, FORECAST_DETAIL_RECORD, TRANSACTION_RECORD]) {
      for (const f of schema.fields) if (f.name === "volume") expect(f).toMatchObject({ unitField: "volume_unit" });
    }
  });

  it("takes the published pages' parameters on transactions, transactions/history and transactions/details", () => {
    const places = (role: string, ids: boolean) =>
      ["countries", "country_codes", "polygons", "regions", ...(ids ? ["terminal_ids"] : []), "terminals"].map((k) => `${role}_${k}`);
    const documented = [...places("destination", false), ...places("origin", true), ...places("loading_origin", true), "from_timestamp", "to_timestamp", "imos", "transaction_type"].sort();
    expect(names(LNG_V1.transactions)).toEqual(documented);
    expect(names(LNG_V1.transactionsHistory)).toEqual(documented);
    expect(names(LNG_V1.transactionsDetails)).toEqual([...documented, "forecast_run_at"].sort());
    expect(LNG_V1.transactionsDetails.params.filter((p) => "required" in p && p.required)).toEqual([]);
    expect([LNG_V1.transactions.path, LNG_V1.transactionsHistory.path, LNG_V1.transactionsDetails.path]).toEqual([
      "/v1/transactions",
      "/v1/transactions/history",
      "/v1/transactions/details",
    ]);
    expect(LNG_V1.transactions.source.docs).toContain(DOC_TRANSACTIONS);
    expect(LNG_V1.transactionsHistory.source.docs).toEqual([DOC_TRANSACTIONS_HISTORY]);
    expect(LNG_V1.transactionsDetails.source.docs).toEqual([DOC_TRANSACTIONS_DETAILS]);
  });

  it("names a source for every LNG v1 and old-API entry: published pages, the vendor's public code, the spec's section, or a choice", () => {
    const entries = [...Object.values(LNG_V1), ...Object.values(LEGACY_API)] as { method: string; source?: { docs?: readonly string[]; code?: readonly string[]; spec?: string; choice?: string } }[];
    for (const e of entries) {
      const src = e.source;
      expect(src, e.method).toBeDefined();
      expect(Boolean(src!.docs?.length || src!.code?.length || src!.spec || src!.choice), e.method).toBe(true);
      for (const url of src!.docs ?? []) expect(url, e.method).toMatch(/^https:\/\/(leviaton\.apidocs\.synmax\.com|api\.leviaton\.synmax\.com\/api-docs)\/.+\.html$/);
      if (src!.spec !== undefined) expect(src!.spec, e.method).toMatch(/^lng-service\.md#[a-z0-9-]+$/);
    }
    for (const e of Object.values(LEGACY_API)) expect(e.source.docs).toEqual([DOC_MIGRATION_GUIDE]);
    // Endpoints no page documents name the vendor's public code that shows them.
    for (const e of [LNG_V1.transactionsForecastHistoryDetails, LNG_V1.forecastRunAtTimestamps]) {
      expect(e.source).not.toHaveProperty("docs");
      expect(e.source.code[0]).toMatch(/^synmax-api-python-client 4\.6\.0 \(PyPI wheel\), synmax\/leviaton\/v1\/openapi\.yaml: /);
    }
  });
});
