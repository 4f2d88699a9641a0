/**
 * rollup of unaggregated v3 rows agrees with the sandbox service's own aggregate_by (raw HTTP on 127.0.0.1).
 */
import { rawPost } from "../helpers/raw-post";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type SandboxHandle } from "../../src/sandbox/start-sandbox";
import { rollup } from "../../src/analysis/rollup";
import { toDayNumber, isoFromDay } from "../../src/table/dates";
import { frameRows } from "../helpers/frame-columns";

let sandbox: SandboxHandle;

const post = (url: string, body: unknown) => rawPost<{ data: Record<string, unknown>[]; pagination: { total_count: number } }>(url, body);

async function allRows(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (;;) {
    const page = await post(`${sandbox.natgasUrl}${path}`, { ...body, pagination: { start: out.length } });
    out.push(...page.data);
    if (page.data.length === 0 || out.length >= page.pagination.total_count) return out;
  }
}

const iso = (d: unknown): string => isoFromDay(toDayNumber(d));

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 3, asOf: "2024-06-15", pageSize: 5000 });
});
afterAll(async () => {
  await sandbox.close();
});

describe("rollup agrees with the service's aggregate_by", () => {
  it("rigs by county (per date), counting rows", async () => {
    const window = { start_date: "2024-02-01", end_date: "2024-02-29" };
    const raw = await allRows("/v3/rigs", window);
    const server = await allRows("/v3/rigs", { ...window, aggregate_by: ["county"] });
    expect(raw.length).toBeGreaterThan(100);
    const ours = frameRows(rollup(raw, { by: ["date", "county"], countAs: "rigs_count" }).toFrame());
    const theirs = server.map((r) => ({ date: iso(r.date), county: r.county, rigs_count: r.rigs_count }));
    const key = (r: Record<string, unknown>): string => `${String(r.date)}|${String(r.county)}`;
    expect(new Map(ours.map((r) => [key(r), r.rigs_count]))).toEqual(new Map(theirs.map((r) => [key(r), r.rigs_count])));
  });

  it("frac crews by region and service company", async () => {
    const window = { start_date: "2024-03-01", end_date: "2024-03-15" };
    const raw = await allRows("/v3/fraccrews", window);
    const server = await allRows("/v3/fraccrews", { ...window, aggregate_by: ["region", "service_company"] });
    const ours = frameRows(rollup(raw, { by: ["date", "region", "service_company"], countAs: "frac_crews_count" }).toFrame());
    expect(ours.length).toBeGreaterThan(10);
    const key = (r: Record<string, unknown>): string => `${iso(r.date)}|${String(r.region)}|${String(r.service_company)}`;
    expect(ours.length).toBe(server.length);
    expect(new Map(ours.map((r) => [key(r), r.frac_crews_count]))).toEqual(new Map(server.map((r) => [key(r), r.frac_crews_count])));
  });

  it("production by region: sums of every measure, nulls skipped", async () => {
    const window = { start_date: "2023-10-01", end_date: "2024-01-01", state_code: ["TX", "LA"] };
    const raw = await allRows("/v3/productionbycountyandoperator", window);
    const server = await allRows("/v3/productionbycountyandoperator", { ...window, aggregate_by: ["region"] });
    const measures = ["gas_daily", "gas_monthly", "oil_daily", "oil_monthly", "water_daily", "water_monthly"];
    const ours = frameRows(rollup(raw, { by: ["date", "region"], measures }).toFrame());
    expect(ours.length).toBeGreaterThan(3);
    expect(ours.length).toBe(server.length);
    const theirs = new Map(server.map((r) => [`${iso(r.date)}|${String(r.aggregate_by_filter_value)}`, r]));
    for (const row of ours) {
      const s = theirs.get(`${String(row.date)}|${String(row.region)}`);
      expect(s).toBeDefined();
      for (const m of measures) {
        const a = row[m] as number;
        const b = s![m] as number | null;
        if (b === null) expect(Number.isNaN(a)).toBe(true);
        else expect(Math.abs(a - b)).toBeLessThanOrEqual(Math.abs(b) * 1e-9 + 1e-9);
      }
    }
  });
});
