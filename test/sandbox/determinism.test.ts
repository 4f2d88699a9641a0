import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox } from "../../src/sandbox";
import type { SandboxHandle } from "../../src/sandbox";
import { TOKEN } from "./sandbox-http";

let a: SandboxHandle;
let b: SandboxHandle;
let otherSeed: SandboxHandle;
let later: SandboxHandle;

beforeAll(async () => {
  [a, b, otherSeed, later] = await Promise.all([
    startSandbox({ seed: 5, asOf: "2025-06-15" }),
    startSandbox({ seed: 5, asOf: "2025-06-15" }),
    startSandbox({ seed: 6, asOf: "2025-06-15" }),
    startSandbox({ seed: 5, asOf: "2025-09-01" }),
  ]);
});
afterAll(async () => {
  await Promise.all([a, b, otherSeed, later].map((s) => s.close()));
});

async function bytes(base: string, method: string, path: string, body?: unknown): Promise<string> {
  const res = await fetch(base + path, { method, headers: { access_key: TOKEN, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(res.status).toBe(200);
  return res.text();
}

const QUERIES: [string, string, unknown][] = [
  ["POST", "/v3/productionbycountyandoperator", { state_code: "OK", start_date: "2022-01-01", pagination: { start: 100 } }],
  ["POST", "/v3/wells", { sub_region: "OH" }],
  ["POST", "/v3/rigs", { start_date: "2024-05-01", end_date: "2024-05-03" }],
  ["POST", "/v3/shorttermforecasthistory", { forecast_run_date: "2022-07-01", county: "Tioga" }],
  ["POST", "/v4/productionbywell", { county: "Dunn", date_prod_min: "2024-01-01" }],
  ["GET", "/v3/dtils", undefined],
];

describe("determinism", () => {
  it.each(QUERIES)("same seed and asOf, same bytes: %s %s", async (method, path, body) => {
    const first = await bytes(a.url, method, path, body);
    expect(await bytes(b.url, method, path, body)).toBe(first);
    expect(await bytes(a.url, method, path, body)).toBe(first);
  });

  it("another seed gives other numbers on the same geography", async () => {
    const [m, p, body] = QUERIES[0];
    const x = JSON.parse(await bytes(a.url, m, p, body)).data;
    const y = JSON.parse(await bytes(otherSeed.url, m, p, body)).data;
    expect(x.map((r: any) => [r.county, r.operator_name, r.date])).toEqual(y.map((r: any) => [r.county, r.operator_name, r.date]));
    expect(x.map((r: any) => r.gas_daily)).not.toEqual(y.map((r: any) => r.gas_daily));
  });

  it("a later asOf keeps the history it shares with an earlier one", async () => {
    const body = { sub_region: "West - TX", start_date: "2023-01-01", end_date: "2023-12-31" };
    expect(await bytes(later.url, "POST", "/v3/productionbycountyandoperator", body)).toBe(await bytes(a.url, "POST", "/v3/productionbycountyandoperator", body));
  });

  // wells are scaled to their sub-region's total: the scale of a month must not depend on what exists later
  for (const [path, body] of [
    ["/v4/productionbywell", { county: "Dunn", date_prod_min: "2024-01-01", date_prod_max: "2025-05-31" }],
    ["/v3/shorttermforecasthistory", { forecast_run_date: "2024-07-01", county: "Tioga" }],
  ] as const) {
    it(`a later asOf keeps ${path} of the shared past`, async () => {
      const earlier = await bytes(a.url, "POST", path, body);
      expect(earlier.length).toBeGreaterThan(1000);
      expect(await bytes(later.url, "POST", path, body)).toBe(earlier);
    });
  }
});
