/**
 * The natural gas catalogs against the vendor's pages, after the outside audit: v3 `api` on the wire as
 * JSON integers, shortTermForecastHistory's documented filters and optional run date, the warning for a
 * well-level run older than the service keeps, and the parameters the pages add (aggregate_by on v4
 * dailyproduction, aggregation_type on v3 shorttermforecastdeclines). The wire is read on a small
 * server of the test's own; the answers on the sandbox.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InvalidParamsError } from "../../src/errors";
import { NatGasClient } from "../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { resetWarnings } from "../../src/util/warn-once";
import { sendJson, startServer, type TestServer } from "../http/helpers/test-server";

const AS_OF = "2024-06-15";
const clock = () => Date.parse(`${AS_OF}T12:00:00Z`);

let sandbox: SandboxHandle;
let server: TestServer;
let onSandbox: NatGasClient;
let counted: NatGasClient;
let warnings: string[];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 11, asOf: AS_OF });
  server = await startServer((req, res) =>
    req.url.includes("/v4/") ? sendJson(res, 200, []) : sendJson(res, 200, { data: [], pagination: { start: 0, page_size: 100, total_count: 0 } }),
  );
  const common = { token: "audit-token", progress: false, maxRetries: 0, clock, warn: (m: string) => warnings.push(m) } as const;
  onSandbox = new NatGasClient({ baseUrl: sandbox.natgasUrl, ...common });
  counted = new NatGasClient({ baseUrl: server.url, ...common });
});

afterAll(async () => {
  await Promise.all([sandbox.close(), server.close()]);
});

beforeEach(() => {
  warnings = [];
  resetWarnings();
});

describe("v3 api goes on the wire as JSON integers", () => {
  it("sends numbers and digit strings as integers on productionByWell, shortTermForecastHistory and shortTermForecastDeclines", async () => {
    await counted.v3.productionByWell({ api: ["42123456780000", 4247524259, "0512345678"] });
    expect(server.seen.at(-1)!.json).toMatchObject({ api: [42123456780000, 4247524259, 512345678] });
    expect(server.seen.at(-1)!.body).toContain("[42123456780000,4247524259,512345678]");
    await counted.v3.shortTermForecastHistory({ api: "42123456780000", forecast_run_date: "2024-06-01" });
    expect(server.seen.at(-1)!.json).toMatchObject({ api: [42123456780000] });
    await counted.v3.shortTermForecastDeclines({ api: 4247524259 });
    expect(server.seen.at(-1)!.json).toMatchObject({ api: [4247524259] });
  });

  it("refuses an API number past 2^53 - 1, or one that is not digits, before anything is sent", async () => {
    const before = server.seen.length;
    for (const api of ["9007199254740993", 9007199254740993, "42-123-45678", 4.5, -1]) {
      const err = await counted.v3.productionByWell({ api }).catch((e: unknown) => e);
      expect(err, String(api)).toBeInstanceOf(InvalidParamsError);
      const issue = (err as InvalidParamsError).issues[0];
      expect(issue.param).toBe("api");
      expect(issue.expected).toContain("2^53 - 1");
    }
    expect(server.seen.length).toBe(before);
  });

  it("the sandbox answers the same wells to integers and to the digit strings older clients sent", async () => {
    const some = await onSandbox.v3.productionByWell({ county: "Reeves", start_date: "2024-01-01", end_date: "2024-01-31" });
    const api = some.records[0].api as number;
    const asInt = await onSandbox.v3.productionByWell({ api, start_date: "2024-01-01", end_date: "2024-01-31" });
    expect(asInt.records.length).toBeGreaterThan(0);
    expect(asInt.records.every((r) => r.api === api)).toBe(true);
    const raw = await fetch(`${sandbox.natgasUrl}/v3/productionbywell`, {
      method: "POST",
      headers: { "content-type": "application/json", access_key: "audit-token" },
      body: JSON.stringify({ api: [String(api)], start_date: "2024-01-01", end_date: "2024-01-31" }),
    });
    expect(raw.status).toBe(200);
    const body = (await raw.json()) as { data: Array<{ api: number }> };
    expect(body.data.map((r) => r.api)).toEqual(asInt.records.map((r) => r.api));
  });
});

describe("v3 shortTermForecastHistory: the Excel page's filters and an optional run date", () => {
  it("sends operator, state_code, region and sub_region as lists, without a run date when none is given", async () => {
    await counted.v3.shortTermForecastHistory({ operator: "EOG RESOURCES", state_code: "TX", region: "west", sub_region: "West - TX" });
    const sent = server.seen.at(-1)!.json as Record<string, unknown>;
    expect(sent).toEqual({ operator: ["EOG RESOURCES"], state_code: ["TX"], region: ["west"], sub_region: ["West - TX"], pagination: { start: 0 } });
  });

  it("the sandbox filters by them and answers the latest run without a run date", async () => {
    const dates = await onSandbox.v3.shortTermForecastHistoryDates();
    const latest = dates.records.at(-1)!.forecast_run_date;
    const rows = await onSandbox.v3.shortTermForecastHistory({ sub_region: "West - TX", state_code: "TX" });
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.records.map((r) => r.forecast_run_date))).toEqual(new Set([latest]));
    expect(rows.records.every((r) => r.sub_region === "West - TX" && r.state_ab === "TX")).toBe(true);
    const operator = rows.records[0].operator_name as string;
    const byOperator = await onSandbox.v3.shortTermForecastHistory({ operator, region: rows.records[0].region as string });
    expect(byOperator.length).toBeGreaterThan(0);
    expect(byOperator.records.every((r) => r.operator_name === operator)).toBe(true);
  });
});

describe("well-level forecast history is kept about two quarters", () => {
  it("warns, before sending, of a run date more than six months before today (the injected clock)", async () => {
    await counted.v3.shortTermForecastHistory({ forecast_run_date: "2023-12-14", county: "Reeves" });
    expect(warnings.some((w) => w.includes("forecast_run_date 2023-12-14 is before 2023-12-15") && w.includes("two quarters"))).toBe(true);
    expect(server.seen.at(-1)!.json).toMatchObject({ forecast_run_date: "2023-12-14" });
    await counted.v4.shortTermForecastHistory({ date_forecast_run: "2022-01-01", well_id: "4212345678" });
    expect(warnings.some((w) => w.includes("date_forecast_run 2022-01-01 is before 2023-12-15"))).toBe(true);
  });

  it("does not warn for a run within the window, nor for the sub-region history that keeps every run", async () => {
    await counted.v3.shortTermForecastHistory({ forecast_run_date: "2023-12-15", county: "Reeves" });
    await counted.v3.stfAggregatedHistory({ forecast_run_date: "2021-02-01" });
    expect(warnings.filter((w) => w.includes("two quarters"))).toEqual([]);
  });

  it("the requiredHint's 'runs every 3 days since 2021-01-15' is gone: nothing is required", async () => {
    await expect(counted.v3.shortTermForecastHistory({ county: "Reeves" })).resolves.toBeDefined();
  });
});

describe("parameters the pages add: v4 dailyProduction aggregate_by, v3 shortTermForecastDeclines aggregation_type and modeled", () => {
  it("v4 dailyProduction sends aggregate_by and the sandbox sums the sub-regions per day", async () => {
    await counted.v4.dailyProduction({ aggregate_by: "date_prod", date_prod_min: "2024-05-01" });
    expect(server.seen.at(-1)!.json).toEqual({ aggregate_by: ["date_prod"], date_prod_min: "2024-05-01" });
    const window = { region_natgas: "west", date_prod_min: "2024-05-01", date_prod_max: "2024-05-03" };
    const plain = await onSandbox.v4.dailyProduction(window);
    const summed = await onSandbox.v4.dailyProduction({ ...window, aggregate_by: "date_prod" });
    expect(summed.records.map((r) => r.date_prod)).toEqual(["2024-05-01", "2024-05-02", "2024-05-03"]);
    const day = plain.records.filter((r) => r.date_prod === "2024-05-02").reduce((a, r) => a + (r.prod_dry_gas_bcf_day as number), 0);
    expect(summed.records[1].prod_dry_gas_bcf_day).toBeCloseTo(day, 6);
    expect(Object.keys(summed.records[0]).sort()).toEqual(["date_prod", "prod_dry_gas_bcf_day"]);
    const bySub = await onSandbox.v4.dailyProduction({ ...window, aggregate_by: ["sub_region_natgas", "date_prod"] });
    expect(new Set(bySub.records.map((r) => r.sub_region_natgas)).size).toBeGreaterThan(1);
  });

  it("v3 shortTermForecastDeclines sends aggregation_type, and modeled given as true goes on the wire as \"True\"", async () => {
    await counted.v3.shortTermForecastDeclines({ aggregate_by: "date", aggregation_type: "sum", modeled: true, state_reported: "False" });
    expect(server.seen.at(-1)!.json).toMatchObject({ aggregate_by: ["date"], aggregation_type: "sum", modeled: "True", state_reported: "False" });
    const err = await counted.v3.shortTermForecastDeclines({ aggregation_type: "mean" as never }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidParamsError);
    expect((err as InvalidParamsError).issues[0]).toMatchObject({ param: "aggregation_type", expected: "one of sum, avg" });
  });

  it("the sandbox averages per well with aggregation_type avg and reads modeled as a boolean or a \"True\" string", async () => {
    const q = { county: "Reeves", start_date: "2024-06-01", end_date: "2024-08-31", aggregate_by: "date" as const };
    const sums = await onSandbox.v3.shortTermForecastDeclines({ ...q, aggregation_type: "sum" });
    const avgs = await onSandbox.v3.shortTermForecastDeclines({ ...q, aggregation_type: "avg" });
    expect(avgs.records.length).toBe(sums.records.length);
    sums.records.forEach((s, i) => {
      expect(avgs.records[i].num_records).toBe(s.num_records);
      expect(avgs.records[i].gas_daily as number).toBeCloseTo((s.gas_daily as number) / (s.num_records as number), 9);
    });
    const post = async (modeled: unknown) => {
      const res = await fetch(`${sandbox.natgasUrl}/v3/shorttermforecastdeclines`, {
        method: "POST",
        headers: { "content-type": "application/json", access_key: "audit-token" },
        body: JSON.stringify({ county: ["Reeves"], start_date: "2024-01-01", modeled }),
      });
      return { status: res.status, body: (await res.json()) as { pagination: { total_count: number }; data: Array<{ modeled: boolean }> } };
    };
    const asBool = await post(true);
    const asString = await post("True");
    expect(asBool.status).toBe(200);
    expect(asBool.body.pagination.total_count).toBe(asString.body.pagination.total_count);
    expect(asBool.body.data.every((r) => r.modeled)).toBe(true);
    expect((await post("yes")).status).toBe(400);
  });
});

describe("v4 endpoints the pages add: dryGasFactors and darkOilVolumes", () => {
  it("dryGasFactors sends the Excel page's parameters and refuses a reversed date range before sending", async () => {
    await counted.v4.dryGasFactors({ sub_region_natgas: "West - TX", date_factor_min: "2024-01-01", date_factor_max: "2024-03-01" });
    expect(server.seen.at(-1)!.url).toMatch(/\/v4\/drygasfactors$/);
    expect(server.seen.at(-1)!.json).toEqual({ sub_region_natgas: ["West - TX"], date_factor_min: "2024-01-01", date_factor_max: "2024-03-01" });
    await expect(counted.v4.dryGasFactors({ date_factor_min: "2024-03-01", date_factor_max: "2024-01-01" })).rejects.toBeInstanceOf(InvalidParamsError);
  });

  it("the sandbox's dry gas factors are monthly per sub-region and turn its wet gas back into its dry gas", async () => {
    const rows = await onSandbox.v4.dryGasFactors({ sub_region_natgas: "West - TX", date_factor_min: "2024-01-01" });
    expect(rows.records.map((r) => r.date_factor)).toEqual(["2024-01-01", "2024-02-01", "2024-03-01", "2024-04-01", "2024-05-01"].slice(0, rows.length));
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.records.every((r) => r.sub_region_natgas === "West - TX")).toBe(true);
    // The sandbox's v4 wet gas is its dry gas x 1.08 (v3 gas_daily in BCF/day, v4 prod_wet_gas_mcf_day in MCF/day).
    const v3 = await onSandbox.v3.productionByWell({ county: "Reeves", start_date: "2024-01-01", end_date: "2024-01-31" });
    const well = v3.records.find((r) => typeof r.gas_daily === "number" && (r.gas_daily as number) > 0)!;
    const v4 = await onSandbox.v4.productionByWell({ well_id: String(well.api), date_prod_min: "2024-01-01", date_prod_max: "2024-01-31" });
    const factor = rows.records[0].dry_gas_factor as number;
    expect(((v4.records[0].prod_wet_gas_mcf_day as number) * factor) / 1e6).toBeCloseTo(well.gas_daily as number, 6);
  });

  it("darkOilVolumes: plain rows per terminal and day carry every field, totals add up, filters apply, volumes in barrels", async () => {
    expect(NatGasClient.name).toBe("NatGasClient");
    const plain = await onSandbox.v4.darkOilVolumes({ terminal_id: ["TERMINAL_002", "TERMINAL_004"], date_min: "2024-05-01", date_max: "2024-05-10" });
    expect(plain.length).toBe(20);
    expect(new Set(plain.records.map((r) => r.terminal_id))).toEqual(new Set(["TERMINAL_002", "TERMINAL_004"]));
    for (const r of plain.records) {
      expect(r.total_count).toBe((r.count as number) + (r.imputed_count as number));
      expect(r.total_volume).toBe((r.volume as number) + (r.imputed_volume as number));
      expect(r.volume_unit).toBe("barrels");
      if ((r.images as number) > 0) expect(r.imputed_count).toBe(0);
    }
    expect(plain.schema!.fields.find((f) => f.name === "volume")!.unit).toBe("BBL");
  });

  it("darkOilVolumes aggregated by country sums the terminals' days and carries no terminal", async () => {
    const window = { country: "Russia", date_min: "2024-05-01", date_max: "2024-05-31" };
    const plain = await onSandbox.v4.darkOilVolumes(window);
    const byCountry = await onSandbox.v4.darkOilVolumes({ ...window, aggregate_by: "country" });
    expect(byCountry.length).toBe(1);
    const [row] = byCountry.records;
    expect(row.country).toBe("Russia");
    expect(row.terminal ?? null).toBeNull();
    expect(row.total_volume).toBe(plain.records.reduce((a, r) => a + (r.total_volume as number), 0));
    const byMonth = await onSandbox.v4.darkOilVolumes({ ...window, aggregate_by: ["month", "terminal"] });
    expect(byMonth.records.map((r) => [r.month, r.terminal_id])).toEqual([["2024-05-01", "TERMINAL_004"], ["2024-05-01", "TERMINAL_005"]]);
  });
});

describe("today for the sandbox is its asOf", () => {
  it("NatGasClient.forSandbox warns relative to the sandbox's asOf, not the real date; `today` overrides it", async () => {
    const seen: string[] = [];
    const client = NatGasClient.forSandbox(sandbox, { progress: false, warn: (m) => seen.push(m) });
    await client.v3.shortTermForecastHistory({ forecast_run_date: "2024-03-01", county: "Reeves" });
    expect(seen.filter((w) => w.includes("two quarters"))).toEqual([]);
    await client.v3.shortTermForecastHistory({ forecast_run_date: "2023-06-01", county: "Reeves" });
    expect(seen.some((w) => w.includes("forecast_run_date 2023-06-01 is before 2023-12-15"))).toBe(true);
    const later = NatGasClient.forSandbox(sandbox, { progress: false, warn: (m) => seen.push(m), today: () => Date.parse("2025-06-15T00:00:00Z") });
    await later.v4.shortTermForecastHistory({ date_forecast_run: "2024-03-01", county: "Reeves", date_prod_min: "2024-03-01", date_prod_max: "2024-03-31" });
    expect(seen.some((w) => w.includes("date_forecast_run 2024-03-01 is before 2024-12-15"))).toBe(true);
  });
});

describe("asV3.shortTermForecastHistory without a run date", () => {
  it("answers the latest run, as v3 does (v4 alone would answer every run)", async () => {
    const dates = await onSandbox.v4.shortTermForecastHistoryDates();
    const latest = dates.records.map((r) => r.date_forecast_run as string).sort().at(-1);
    const rows = await onSandbox.v4.asV3.shortTermForecastHistory({ county: "Reeves" });
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.records.map((r) => r.forecast_run_date))).toEqual(new Set([latest]));
    expect(rows.meta.params).toMatchObject({ date_forecast_run: latest });
  });
});
