import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SandboxHandle } from "../../../src/sandbox";
import { isValidImo } from "../../../src/sandbox/lng/model/imo";
import { AS_OF_MS, DAY, ms, post, rows, startLngSandbox, type Row } from "./lng-sandbox-fixture";

let sandbox: SandboxHandle;
let all: Row[];
let vessels: Row[];

beforeAll(async () => {
  sandbox = await startLngSandbox();
  all = await rows(`${sandbox.lngUrl}/v1/transactions/history`, {});
  vessels = await rows(`${sandbox.lngUrl}/v1/vessels`, {});
});
afterAll(() => sandbox.close());

function byImo(list: Row[]): Map<number, Row[]> {
  const out = new Map<number, Row[]>();
  for (const tx of list) {
    if (!out.has(tx.imo)) out.set(tx.imo, []);
    out.get(tx.imo)!.push(tx);
  }
  return out;
}

describe("/v1/transactions/history: observed transactions only", () => {
  it("covers about three years before asOf and nothing from asOf on", () => {
    expect(all.length).toBeGreaterThan(5000);
    const times = all.map((tx) => ms(tx.destination_timestamp));
    expect(Math.max(...times)).toBeLessThan(AS_OF_MS);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(AS_OF_MS - 1096 * DAY);
    expect(all.every((tx) => tx.forecasted_transaction === false && tx.forecast_run_at === null && tx.volume_unit === "bcf")).toBe(true);
  });

  it("chains per vessel: each origin is the previous destination, after it in time", () => {
    const broken: number[] = [];
    for (const [, list] of byImo(all)) {
      for (let i = 1; i < list.length; i++) {
        const prev = list[i - 1]!;
        const tx = list[i]!;
        const chained = tx.origin_terminal_id === prev.destination_terminal_id;
        const ordered = ms(tx.origin_timestamp) >= ms(prev.destination_timestamp) && ms(tx.destination_timestamp) > ms(tx.origin_timestamp);
        if (!chained || !ordered) broken.push(tx.transaction_number);
      }
    }
    expect(broken).toEqual([]);
  });

  it("loads at liquefaction terminals (or reloads at regas terminals) and offloads at regas terminals", () => {
    const loadings = all.filter((tx) => tx.transaction_type === "loading");
    const offloadings = all.filter((tx) => tx.transaction_type === "offloading");
    expect(offloadings.every((tx) => tx.destination_terminal_id.startsWith("reg-"))).toBe(true);
    const reloads = loadings.filter((tx) => tx.destination_terminal_id.startsWith("reg-"));
    expect(loadings.length - reloads.length).toBeGreaterThan(0.9 * loadings.length);
    expect(reloads.length).toBeGreaterThan(0);
    expect(new Set(reloads.map((tx) => tx.destination_terminal)).size).toBeLessThanOrEqual(4);
    expect(loadings.every((tx) => tx.loading_origin_terminal_id === tx.destination_terminal_id)).toBe(true);
  });

  it("has partial offloadings: two offloadings in a row of one cargo", () => {
    let partials = 0;
    for (const [, list] of byImo(all)) {
      for (let i = 1; i < list.length; i++) {
        const [a, b] = [list[i - 1]!, list[i]!];
        if (a.transaction_type === "offloading" && b.transaction_type === "offloading") {
          partials++;
          expect(b.loading_origin_terminal_id).toBe(a.loading_origin_terminal_id);
        }
      }
    }
    expect(partials).toBeGreaterThan(10);
  });

  it("has believable cargoes (2.4 to 3.9 bcf for full loads) and unique transaction numbers", () => {
    const full = all.filter((tx) => tx.transaction_type === "loading" && tx.destination_terminal_id.startsWith("liq-"));
    expect(full.every((tx) => tx.volume > 2.4 && tx.volume < 3.9)).toBe(true);
    expect(new Set(all.map((tx) => tx.transaction_number)).size).toBe(all.length);
  });

  it("references only fleet vessels with valid IMO numbers", () => {
    const imos = new Set(vessels.map((v) => v.imo));
    expect(vessels.every((v) => isValidImo(v.imo))).toBe(true);
    expect(all.every((tx) => imos.has(tx.imo))).toBe(true);
  });

  it("filters by time range on destination_timestamp, [from, to)", async () => {
    const from = "2024-06-01T00:00:00Z";
    const to = "2024-06-08T00:00:00Z";
    const got = await rows(`${sandbox.lngUrl}/v1/transactions/history`, { from_timestamp: from, to_timestamp: to });
    const expected = all.filter((tx) => ms(tx.destination_timestamp) >= ms(from) && ms(tx.destination_timestamp) < ms(to));
    expect(got.map((tx) => tx.transaction_number)).toEqual(expected.map((tx) => tx.transaction_number));
    expect(got.length).toBeGreaterThan(20);
  });

  it("filters by imos, transaction_type and each place filter family", async () => {
    const url = `${sandbox.lngUrl}/v1/transactions/history`;
    const imo = all[0]!.imo;
    const cases: Array<[Row, (tx: Row) => boolean]> = [
      [{ imos: [imo] }, (tx) => tx.imo === imo],
      [{ imos: imo }, (tx) => tx.imo === imo],
      [{ transaction_type: "loading" }, (tx) => tx.transaction_type === "loading"],
      [{ destination_countries: ["Japan"] }, (tx) => tx.destination_country === "Japan"],
      [{ destination_country_codes: "kr" }, (tx) => tx.destination_country_code === "KR"],
      [{ destination_terminals: ["Gate", "Zeebrugge"] }, (tx) => ["Gate", "Zeebrugge"].includes(tx.destination_terminal)],
      [{ origin_terminal_ids: ["liq-us-sabine-pass"] }, (tx) => tx.origin_terminal_id === "liq-us-sabine-pass"],
      [{ destination_regions: ["Europe"] }, (tx) => ["BE", "NL", "FR", "GB", "DE", "IT", "ES", "PL", "LT", "NO"].includes(tx.destination_country_code)],
      [{ origin_country_codes: ["US"] }, (tx) => tx.origin_country_code === "US"],
      [{ origin_terminals: ["Ras Laffan"], destination_country_codes: ["IN"] }, (tx) => tx.origin_terminal === "Ras Laffan" && tx.destination_country_code === "IN"],
      [{ loading_origin_countries: ["Australia"] }, (tx) => tx.loading_origin_country === "Australia"],
      [{ loading_origin_terminal_ids: ["liq-qa-ras-laffan"], transaction_type: "offloading" }, (tx) => tx.loading_origin_terminal === "Ras Laffan" && tx.transaction_type === "offloading"],
      [{ origin_regions: ["Middle East"] }, (tx) => ["QA", "OM"].includes(tx.origin_country_code)],
    ];
    for (const [body, keep] of cases) {
      const got = await rows(url, body);
      const expected = all.filter(keep);
      expect(got.length, JSON.stringify(body)).toBe(expected.length);
      expect(got.length, JSON.stringify(body)).toBeGreaterThan(0);
      expect(got.every(keep), JSON.stringify(body)).toBe(true);
    }
  });

  it("filters by polygons around the terminal locations", async () => {
    // A box around Japan ([lon, lat], closed).
    const japan = [[[130, 30], [146, 30], [146, 46], [130, 46], [130, 30]]];
    const got = await rows(`${sandbox.lngUrl}/v1/transactions/history`, { destination_polygons: [japan] });
    expect(got.length).toBe(all.filter((tx) => tx.destination_country_code === "JP").length);
    // A hole cutting out Tokyo Bay (Futtsu and Sodegaura) leaves Mizushima only.
    const hole = [[139, 34.8], [141, 34.8], [141, 36], [139, 36], [139, 34.8]];
    const holed = await rows(`${sandbox.lngUrl}/v1/transactions/history`, { destination_polygons: [[japan[0], hole]] });
    expect(new Set(holed.map((tx) => tx.destination_terminal))).toEqual(new Set(["Mizushima"]));
  });

  it("answers NDJSON, one record a line, when asked", async () => {
    const a = await post<unknown>(`${sandbox.lngUrl}/v1/transactions/history`, { imos: [all[0]!.imo] }, { accept: "application/x-ndjson" });
    expect(a.status).toBe(200);
    const lines = a.text.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines).toEqual(all.filter((tx) => tx.imo === all[0]!.imo));
  });
});
