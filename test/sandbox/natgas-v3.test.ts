import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox } from "../../src/sandbox";
import type { SandboxHandle } from "../../src/sandbox";
import { COUNTIES } from "../../src/sandbox/natgas/geo/geography";
import { allPages, get, post } from "./sandbox-http";

let s: SandboxHandle;
beforeAll(async () => {
  s = await startSandbox({ asOf: "2025-06-15", seed: 11 });
});
afterAll(async () => {
  await s.close();
});

const daysIn = (date: string) => new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0)).getUTCDate();
const keys = (o: object) => Object.keys(o).sort();

describe("productionbycountyandoperator", () => {
  it("answers records with the field-table shape and the service's units", async () => {
    const { status, body } = await post(s.url, "/v3/productionbycountyandoperator", { state_code: "PA", start_date: "2024-03-01", end_date: "2024-03-31" });
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(100);
    expect(keys(body.data[0])).toEqual(
      ["county", "date", "gas_daily", "gas_monthly", "oil_daily", "oil_monthly", "operator_name", "region", "state_code", "sub_region", "water_daily", "water_monthly"].sort(),
    );
    for (const r of body.data) {
      expect(r.state_code).toBe("PA");
      expect(r.date).toBe("2024-03-01");
      if (r.gas_daily !== null) {
        expect(Number.isInteger(r.gas_monthly)).toBe(true);
        expect(Math.abs(r.gas_monthly - r.gas_daily * 31 * 1e6)).toBeLessThanOrEqual(1 + r.gas_monthly * 1e-6);
      }
    }
  });

  it("totals about 100 BCF/day of dry gas in 2024", async () => {
    const { body } = await post(s.url, "/v3/productionbycountyandoperator", { start_date: "2024-06-01", end_date: "2024-06-30", aggregate_by: ["region"] });
    const total = body.data.reduce((sum: number, r: any) => sum + r.gas_daily, 0);
    expect(total).toBeGreaterThan(85);
    expect(total).toBeLessThan(120);
    expect(keys(body.data[0])).toEqual(["aggregate_by", "aggregate_by_filter_value", "date", "gas_daily", "gas_monthly", "oil_daily", "oil_monthly", "water_daily", "water_monthly"].sort());
    expect(body.data.map((r: any) => r.aggregate_by_filter_value).sort()).toEqual(["gulf", "northeast", "west"]);
    expect(body.data.every((r: any) => r.aggregate_by === "region")).toBe(true);
  });

  it("refuses an unfiltered query matching more than 1,000,000 rows, saying to add filters", async () => {
    const { status, body } = await post(s.url, "/v3/productionbycountyandoperator", {});
    expect(status).toBe(400);
    expect(body.error).toMatch(/matches \d+ rows, more than the 1,000,000-row limit/);
    expect(body.error).toMatch(/add filters/);
  });

  it("serves exactly 1,000,000 rows for 2001-01..2021-10 and 200,000 for 2020-01..2024-02, any page by offset", async () => {
    const million = await post(s.url, "/v3/productionbycountyandoperator", { start_date: "2001-01-01", end_date: "2021-10-31", pagination: { start: 990_000 } });
    expect(million.status).toBe(200);
    expect(million.body.pagination).toEqual({ start: 990_000, page_size: 10_000, total_count: 1_000_000 });
    expect(million.body.data.length).toBe(10_000);
    expect(million.body.data[9_999].date).toBe("2021-10-01");
    const small = await post(s.url, "/v3/productionbycountyandoperator", { start_date: "2020-01-01", end_date: "2024-02-29" });
    expect(small.body.pagination.total_count).toBe(200_000);
  });

  it("answers an empty page with the same pagination past the end", async () => {
    const { body } = await post(s.url, "/v3/productionbycountyandoperator", { sub_region: "North - TX", start_date: "2024-01-01", end_date: "2024-01-31", pagination: { start: 5000 } });
    expect(body.data).toEqual([]);
    expect(body.pagination.start).toBe(5000);
    expect(body.pagination.total_count).toBeGreaterThan(0);
  });

  it("has a deterministic fraction of null values", async () => {
    const { body } = await post(s.url, "/v3/productionbycountyandoperator", { start_date: "2023-01-01", end_date: "2023-03-31" });
    const nulls = body.data.filter((r: any) => r.gas_daily === null).length;
    expect(nulls).toBeGreaterThan(0);
    expect(nulls / body.data.length).toBeLessThan(0.02);
  });
});

describe("shorttermforecasthistory (backcasts)", () => {
  it("runs every 3 days from 2021-01-15 up to asOf", async () => {
    const { body } = await get(s.url, "/v4/shorttermforecasthistorydates");
    const days = body.map((r: any) => Date.parse(r.date_forecast_run) / 86_400_000);
    expect(body[0].date_forecast_run).toBe("2021-01-15");
    expect(days.slice(1).every((d: number, i: number) => d - days[i] === 3)).toBe(true);
    expect(body[body.length - 1].date_forecast_run <= "2025-06-15").toBe(true);
  });

  it("returns six months per API around the nearest run's month", async () => {
    // 2023-03-02 is not a run day (runs fall on 2023-02-28 and 2023-03-03): the nearest is 2023-03-03.
    const { rows, total } = await allPages(s.url, "/v3/shorttermforecasthistory", { forecast_run_date: "2023-03-02", county: ["Reeves", "Webb"] });
    expect(rows.length).toBe(total);
    expect(total).toBeGreaterThan(0);
    const byApi = new Map<number, string[]>();
    for (const r of rows) byApi.set(r.api, [...(byApi.get(r.api) ?? []), r.date]);
    for (const dates of byApi.values()) expect(dates).toEqual(["2023-01-01", "2023-02-01", "2023-03-01", "2023-04-01", "2023-05-01", "2023-06-01"]);
    expect(new Set(rows.map((r: any) => r.forecast_run_date))).toEqual(new Set(["2023-03-03"]));
    expect(new Set(rows.map((r: any) => r.county))).toEqual(new Set(["Reeves", "Webb"]));
  });

  it("has no data before 2021-01-15", async () => {
    const { status, body } = await post(s.url, "/v3/shorttermforecasthistory", { forecast_run_date: "2020-12-01" });
    expect(status).toBe(200);
    expect(body.pagination.total_count).toBe(0);
  });

  it("filters by api (a single string is a one-element list) and by month range", async () => {
    const some = await post(s.url, "/v3/shorttermforecasthistory", { forecast_run_date: "2024-05-01", county: "Loving" });
    const api = String(some.body.data[0].api);
    const one = await post(s.url, "/v3/shorttermforecasthistory", { forecast_run_date: "2024-05-01", api, start_date: "2024-05-01", end_date: "2024-06-30" });
    expect(one.body.data.map((r: any) => r.date)).toEqual(["2024-05-01", "2024-06-01"]);
    expect(one.body.data.every((r: any) => String(r.api) === api)).toBe(true);
  });

  it("answers the latest run when no forecast_run_date is given (it used to answer every run, past the row limit)", async () => {
    const { status, body } = await post(s.url, "/v3/shorttermforecasthistory", { county: "Reeves" });
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    expect(new Set(body.data.map((r: any) => r.forecast_run_date)).size).toBe(1);
  });

  it("aggregates to county, date, forecast_run_date, gas_daily, gas_monthly", async () => {
    const { body } = await post(s.url, "/v3/shorttermforecasthistory", { forecast_run_date: "2024-05-01", county: ["Loving", "Ward"], aggregate_by: "county" });
    expect(keys(body.data[0])).toEqual(["county", "date", "forecast_run_date", "gas_daily", "gas_monthly"]);
    expect(body.data.length).toBe(12);
  });
});

describe("shorttermforecast and longtermforecast horizons", () => {
  it("short-term: the latest run, up to 3 months ahead of asOf", async () => {
    const { body } = await post(s.url, "/v3/shorttermforecast", { county: "Caddo", aggregate_by: ["county"] });
    const dates = body.data.map((r: any) => r.date);
    expect(dates[dates.length - 1]).toBe("2025-09-01");
    expect(dates[0]).toBe("2025-01-01");
    expect(new Set(body.data.map((r: any) => r.forecast_run_date))).toEqual(new Set(["2025-06-14"]));
    expect(keys(body.data[0])).toEqual(["county", "date", "forecast_run_date", "gas_daily", "gas_monthly", "oil_daily", "oil_monthly"]);
  });

  it("short-term records carry per-well BCF/day values and MCF months", async () => {
    const { body } = await post(s.url, "/v3/shorttermforecast", { sub_region: "Haynesville - LA", start_date: "2025-07-01", end_date: "2025-07-31" });
    expect(keys(body.data[0])).toEqual(["api", "county", "date", "forecast_run_date", "gas_daily", "gas_monthly", "oil_daily", "oil_monthly", "operator_name", "region", "state_ab", "sub_region"]);
    const r = body.data.find((x: any) => x.gas_daily > 0);
    expect(r.gas_daily).toBeLessThan(0.05);
    expect(Math.abs(r.gas_monthly - r.gas_daily * 31e6)).toBeLessThanOrEqual(1 + r.gas_monthly * 1e-5);
  });

  it("long-term: the next 12 months after asOf", async () => {
    const { body } = await post(s.url, "/v3/longtermforecast", { region: "west" });
    const months = [...new Set(body.data.map((r: any) => r.date))];
    expect(months.length).toBe(12);
    expect(months[0]).toBe("2025-07-01");
    expect(months[11]).toBe("2026-06-01");
    expect(new Set(body.data.map((r: any) => r.sub_region))).toEqual(new Set(["West - TX", "NM", "ND", "MT", "CO", "WY", "UT"]));
    expect(keys(body.data[0])).toEqual(["date", "gas_daily", "oil_daily", "region", "state_ab", "sub_region"]);
  });
});

describe("activity: rigs, frac crews, completions, fracked feet", () => {
  it("rigs filter by sub-region, class and dates; aggregated dates are M/D/YYYY", async () => {
    const range = { sub_region: "West - TX", rig_class: "oil", start_date: "2025-03-01", end_date: "2025-03-09" };
    const { rows } = await allPages(s.url, "/v3/rigs", range);
    expect(rows.length).toBeGreaterThan(100);
    for (const r of rows) {
      expect(r.sub_region).toBe("West - TX");
      expect(r.rig_class).toBe("oil");
      expect(r.date >= "2025-03-01" && r.date <= "2025-03-09").toBe(true);
    }
    const agg = await post(s.url, "/v3/rigs", { ...range, aggregate_by: ["county"] });
    expect(keys(agg.body.data[0])).toEqual(["county", "date", "rigs_count"]);
    expect(agg.body.data[0].date).toBe("3/1/2025");
    const sum = agg.body.data.reduce((t: number, r: any) => t + r.rigs_count, 0);
    expect(sum).toBe(rows.length);
  });

  it("frac crews filter by service company and aggregate to frac_crews_count", async () => {
    const company = (await post(s.url, "/v3/fraccrews", { start_date: "2025-05-01", end_date: "2025-05-01" })).body.data[0].service_company;
    const { body } = await post(s.url, "/v3/fraccrews", { service_company: company, start_date: "2025-05-01", end_date: "2025-05-31" });
    expect(body.data.every((r: any) => r.service_company === company)).toBe(true);
    const agg = await post(s.url, "/v3/fraccrews", { service_company: company, start_date: "2025-05-01", end_date: "2025-05-31", aggregate_by: "county" });
    expect(keys(agg.body.data[0])).toEqual(["county", "date", "frac_crews_count"]);
    expect(agg.body.data.reduce((t: number, r: any) => t + r.frac_crews_count, 0)).toBe(body.pagination.total_count);
  });

  it("rig counts follow the 2020 collapse", async () => {
    const count = async (day: string) => (await post(s.url, "/v3/rigs", { start_date: day, end_date: day })).body.pagination.total_count;
    const before = await count("2020-02-01");
    const trough = await count("2020-08-15");
    expect(before).toBeGreaterThan(2.5 * trough);
  });

  it("completions: start_date bounds the start of fracking, end_date its end; aggregated end_date M/D/YYYY", async () => {
    const { rows } = await allPages(s.url, "/v3/completions", { start_date: "2024-01-01", end_date: "2024-06-30", completion_class: "gas" });
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) {
      expect(r.start_date >= "2024-01-01").toBe(true);
      expect(r.end_date <= "2024-06-30").toBe(true);
      expect(r.completion_class).toBe("gas");
    }
    const agg = await post(s.url, "/v3/completions", { start_date: "2024-01-01", end_date: "2024-06-30", completion_class: "gas", aggregate_by: ["county"] });
    expect(keys(agg.body.data[0])).toEqual(["completions_count", "county", "end_date"]);
    expect(agg.body.data[0].end_date).toMatch(/^\d{1,2}\/\d{1,2}\/2024$/);
    expect(agg.body.data.reduce((t: number, r: any) => t + r.completions_count, 0)).toBe(rows.length);
  });

  it("daily fracked feet by sub-region and date", async () => {
    const { body } = await post(s.url, "/v3/dailyfrackedfeet", { region: "west", start_date: "2025-01-01", end_date: "2025-01-03" });
    expect(body.pagination.total_count).toBe(3 * 7); // three days, the west region's seven sub-regions
    expect(keys(body.data[0])).toEqual(["date", "fracked_feet", "region", "sub_region"]);
    expect(body.data.every((r: any) => r.region === "west")).toBe(true);
  });
});

describe("wells", () => {
  it("have API numbers with the state code, and locations inside their county", async () => {
    const { rows } = await allPages(s.url, "/v3/wells", { county: ["Reeves", "Bradford"], state_code: ["TX", "PA"] });
    expect(rows.length).toBeGreaterThan(100);
    for (const w of rows) {
      const county = COUNTIES.find((c) => c.name === w.county && c.stateAb === w.state_ab)!;
      expect(String(w.api).slice(0, 2)).toBe(w.state_ab === "TX" ? "42" : "37");
      expect(String(w.api).slice(2, 5)).toBe(String(county.apiCounty).padStart(3, "0"));
      const [minLon, minLat, maxLon, maxLat] = county.bbox;
      expect(typeof w.lat).toBe("string");
      expect(Number(w.lat)).toBeGreaterThanOrEqual(minLat);
      expect(Number(w.lat)).toBeLessThanOrEqual(maxLat + 0.001);
      expect(Number(w.long)).toBeGreaterThanOrEqual(minLon);
      expect(Number(w.long)).toBeLessThanOrEqual(maxLon);
      expect(["vertical", "horizontal", "directional"]).toContain(w.wellbore_type);
      if (w.completion_date) expect(w.spud_date <= w.completion_date && w.permit_date <= w.spud_date).toBe(true);
    }
  });

  it("bound the completion date by start_date / end_date", async () => {
    const { body } = await post(s.url, "/v3/wells", { start_date: "2023-01-01", end_date: "2023-01-31" });
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((w: any) => w.completion_date >= "2023-01-01" && w.completion_date <= "2023-01-31")).toBe(true);
  });
});

describe("GET endpoints", () => {
  it("pipelinescrapestatus and dtils answer {data: [...]} with their record shapes", async () => {
    const scrape = await get(s.url, "/v3/pipelinescrapestatus");
    expect(keys(scrape.body.data[0])).toEqual(["date", "id1_pct", "id2_pct", "id3_pct", "other_pct", "points_reporting_pct", "timely_pct"]);
    const dtils = await get(s.url, "/v3/dtils");
    expect(keys(dtils.body.data[0])).toEqual(["bcfd", "frac_end", "operator_name", "til_date", "wellpad_id", "wells"]);
    expect(dtils.body.data.some((d: any) => d.til_date === null)).toBe(true);
    for (const d of dtils.body.data) if (d.frac_end === null) expect(d.til_date).toBeNull();
  });
});

describe("bad input", () => {
  it.each([
    ["unknown non-null parameter", "/v3/rigs", { frac_class: "oil" }, /unknown parameter "frac_class"/],
    ["misspelt parameter", "/v3/wells", { sub_regoin: "west" }, /unknown parameter "sub_regoin"/],
    ["wrong type", "/v3/rigs", { county: { a: 1 } }, /"county" must be a list of strings/],
    ["bad date", "/v3/rigs", { start_date: "2024-02-30" }, /"start_date" must be a date YYYY-MM-DD/],
    ["unknown aggregate_by value", "/v3/rigs", { aggregate_by: ["service_company"] }, /unknown value "service_company"/],
    ["class outside oil/gas", "/v3/rigs", { rig_class: "wet" }, /allowed: oil, gas/],
    ["negative pagination start", "/v3/rigs", { pagination: { start: -1 } }, /pagination.start/],
  ])("%s answers 400 naming it", async (_name, path, body, message) => {
    const answer = await post(s.url, path, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(message);
  });

  it("ignores null for any parameter, known to the endpoint or not (the Python client sends them all)", async () => {
    const answer = await post(s.url, "/v3/longtermforecast", { region: null, operator: null, api: null, aggregate_by: null, pagination: null });
    expect(answer.status).toBe(200);
    expect(answer.body.pagination.total_count).toBeGreaterThan(0);
  });

  it("treats a single string as a one-element list", async () => {
    const one = await post(s.url, "/v3/longtermforecast", { sub_region: "ND" });
    const list = await post(s.url, "/v3/longtermforecast", { sub_region: ["ND"] });
    expect(one.body).toEqual(list.body);
    expect(one.body.data.length).toBe(12); // one state (sub-regions end at state lines), 12 months
  });
});

describe("v3 reference endpoints kept for migration", () => {
  it("dropdownfilters lists values per filter type", async () => {
    const { body } = await post(s.url, "/v3/dropdownfilters", { filter_type: "region", target_function: "rigs" });
    expect(keys(body.data[0])).toEqual(["filter_type", "table_update_timestamp", "target_function", "value"]);
    expect(body.data.map((r: any) => r.value)).toEqual(["gulf", "northeast", "west"]);
    expect(body.data[0].target_function).toBe("rigs");
  });

  it("filter_regions narrows counties; glossary/{path}/{field} lists a field's values", async () => {
    const regions = await post(s.url, "/v3/filter_regions", { state_code: "NM" });
    expect(regions.body.data).toEqual([
      { county: "Eddy", region: "west", state_ab: "NM", sub_region: "NM" },
      { county: "Lea", region: "west", state_ab: "NM", sub_region: "NM" },
    ]);
    const glossary = await get(s.url, "/v3/glossary/rigs/sub_region");
    expect(glossary.body.data).toContain("Haynesville - LA");
    expect((await get(s.url, "/v3/glossary/rigs/colour")).status).toBe(400);
  });
});

describe("every aggregate_by value of every v3 endpoint", () => {
  const FIELD: Record<string, string> = { county: "county", operator: "operator_name", region: "region", state_code: "state_ab", sub_region: "sub_region", service_company: "service_company" };
  const CASES: [string, Record<string, unknown>, string[], string][] = [
    ["/v3/shorttermforecasthistory", { forecast_run_date: "2024-05-01", county: ["Ward", "Caddo"] }, ["county", "date", "operator", "region", "state_code", "sub_region"], "date"],
    ["/v3/shorttermforecast", { sub_region: "North - TX" }, ["county", "date", "operator", "region", "state_code", "sub_region"], "date"],
    ["/v3/fraccrews", { start_date: "2025-04-01", end_date: "2025-04-02" }, ["county", "date", "operator", "region", "service_company", "state_code", "sub_region"], "date"],
    ["/v3/completions", { start_date: "2025-01-01" }, ["county", "date", "end_date", "operator", "region", "state_code", "sub_region"], "end_date"],
    ["/v3/rigs", { start_date: "2025-04-01", end_date: "2025-04-02" }, ["county", "date", "operator", "region", "state_code", "sub_region"], "date"],
  ];
  for (const [path, filters, values, dateField] of CASES) {
    it.each(values)(`${path} aggregate_by %s`, async (value) => {
      const { status, body } = await post(s.url, path, { ...filters, aggregate_by: [value] });
      expect(status).toBe(200);
      expect(body.data.length).toBeGreaterThan(0);
      const row = body.data[0];
      expect(row[dateField]).toBeDefined();
      if (FIELD[value]) expect(row[FIELD[value]]).toEqual(expect.any(String));
      else expect(Object.keys(row).filter((k) => Object.values(FIELD).includes(k))).toEqual([]);
    });
  }

  it.each(["operator", "region", "state_code", "sub_region"])("/v3/productionbycountyandoperator aggregate_by %s", async (value) => {
    const { body } = await post(s.url, "/v3/productionbycountyandoperator", { start_date: "2025-01-01", aggregate_by: value });
    expect(body.data[0].aggregate_by).toBe(value);
    expect(typeof body.data[0].aggregate_by_filter_value).toBe("string");
  });
});

describe("backcast run selection edges", () => {
  it("a date after asOf reads the last run; a date between runs reads the nearer one on either side", async () => {
    const runs = (await get(s.url, "/v4/shorttermforecasthistorydates")).body.map((r: any) => r.date_forecast_run);
    const after = await post(s.url, "/v3/shorttermforecasthistory", { forecast_run_date: "2030-01-01", county: "Loving" });
    expect(after.body.data[0].forecast_run_date).toBe(runs[runs.length - 1]);
    // Runs on 2021-01-15 and 2021-01-18: 2021-01-16 is nearer the first, 2021-01-17 nearer the second.
    const near = async (d: string) => (await post(s.url, "/v3/shorttermforecasthistory", { forecast_run_date: d, county: "Susquehanna" })).body.data[0].forecast_run_date;
    expect(await near("2021-01-16")).toBe("2021-01-15");
    expect(await near("2021-01-17")).toBe("2021-01-18");
  });
});

describe("wells seen on asOf", () => {
  it("report future dates as null (permitted wells not yet completed)", async () => {
    const { rows } = await allPages(s.url, "/v3/wells", { region: "west" });
    const pending = rows.filter((w) => w.completion_date === null);
    expect(pending.length).toBeGreaterThan(0);
    for (const w of pending) {
      expect(w.permit_date <= "2025-06-15").toBe(true);
      expect(w.production_first_date).toBeNull();
    }
    expect(rows.every((w) => w.permit_date !== null && w.permit_date <= "2025-06-15")).toBe(true);
  });
});
