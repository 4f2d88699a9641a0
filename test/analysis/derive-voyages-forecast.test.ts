/**
 * deriveVoyages on forecast transactions: of a forecast transaction's alternative routes (same imo and
 * transaction_number, same modified_at), the most likely is kept, whatever the order of the rows.
 * Checked on the sandbox's forecast runs (raw HTTP on 127.0.0.1) and on hand-made permuted rows.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deriveVoyages } from "../../src/analysis/derive-voyages";
import { notesOf } from "../../src/frame/notes";
import { startSandbox, type SandboxHandle } from "../../src/sandbox/start-sandbox";
import { frameColumns, frameRows } from "../helpers/frame-columns";
import { rawPost } from "../helpers/raw-post";

type Row = Record<string, unknown>;

let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, asOf: "2024-06-15" });
});
afterAll(async () => {
  await sandbox.close();
});

/** Per imo|transaction_number, the alternative a user would call the forecast: highest route_score. */
function bestAlternatives(rows: readonly Row[]): Map<string, Row> {
  const best = new Map<string, Row>();
  for (const r of rows) {
    const key = `${String(r.imo)}|${String(r.transaction_number)}`;
    const b = best.get(key);
    if (b === undefined || (r.route_score as number) > (b.route_score as number)) best.set(key, r);
  }
  return best;
}

/** Every leg ends at the most likely alternative of its end transaction, with its route_score. */
function expectMostLikely(rows: readonly Row[]): { groupsWithAlternatives: number } {
  const best = bestAlternatives(rows);
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(`${String(r.imo)}|${String(r.transaction_number)}`, (counts.get(`${String(r.imo)}|${String(r.transaction_number)}`) ?? 0) + 1);
  const legs = frameRows(deriveVoyages(rows).toFrame());
  // Leg ends are identified by vessel and end time: look the chosen row up by them.
  const byEnd = new Map<string, Row>();
  for (const b of best.values()) byEnd.set(`${String(b.imo)}|${Date.parse(String(b.destination_timestamp).replace(" ", "T").replace(/\+00$/, "Z"))}`, b);
  let checked = 0;
  for (const leg of legs) {
    const chosen = byEnd.get(`${String(leg.imo)}|${Date.parse(String(leg.end_date))}`);
    expect(chosen, `leg ${String(leg.imo)} tx ${String(leg.tx)} ends at a most likely alternative`).toBeDefined();
    expect(leg.end_terminal).toBe(chosen!.destination_terminal);
    expect(leg.route_score).toBe(chosen!.route_score);
    expect(leg.forecasted).toBe(true);
    checked++;
  }
  expect(checked).toBeGreaterThan(50);
  return { groupsWithAlternatives: [...counts.values()].filter((c) => c > 1).length };
}

describe("deriveVoyages on the sandbox's forecast transactions", () => {
  it("keeps the most likely alternative of each forecast transaction (latest run, /v1/transactions/forecast)", async () => {
    const rows = await rawPost<Row[]>(`${sandbox.lngUrl}/v1/transactions/forecast`, {});
    const { groupsWithAlternatives } = expectMostLikely(rows);
    expect(groupsWithAlternatives).toBeGreaterThan(20);
    // The same legs from the rows reversed: row order decides nothing.
    const forward = frameColumns(deriveVoyages(rows).toFrame());
    expect(frameColumns(deriveVoyages([...rows].reverse()).toFrame())).toEqual(forward);
    expect(notesOf(deriveVoyages(rows).toFrame()).duplicates_removed).toBe(rows.length - bestAlternatives(rows).size);
  });

  it("marks legs from forecast detail records (no forecasted_transaction field) as forecast", async () => {
    const runs = await rawPost<{ forecast_run_at: string }[]>(`${sandbox.lngUrl}/v1/transactions/forecast/forecast_run_at_timestamps`, {});
    const run = runs.map((r) => r.forecast_run_at).sort().at(-1)!;
    const rows = await rawPost<Row[]>(`${sandbox.lngUrl}/v1/transactions/forecast/history/details`, { forecast_run_at: run });
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.some((r) => "forecasted_transaction" in r)).toBe(false);
    expectMostLikely(rows);
  });
});

describe("deriveVoyages' choice between alternatives does not depend on row order", () => {
  const base = (over: Row): Row => ({
    imo: 9_100_001,
    destination_terminal: "Sabine Pass",
    destination_country: "United States",
    transaction_type: "loading",
    volume: 3.4,
    volume_unit: "bcf",
    forecasted_transaction: true,
    modified_at: "2024-06-15 00:00:00+00",
    ...over,
  });
  // A vessel: loading 1, then offloading 2 with three alternatives, then loading 3 with two tied ones.
  const rows: Row[] = [
    base({ transaction_number: 1, destination_timestamp: "2024-06-20 00:00:00+00", route_score: 0.9, score: 0.9 }),
    base({ transaction_number: 2, destination_timestamp: "2024-07-10 00:00:00+00", destination_terminal: "Gate", transaction_type: "offloading", route_score: 0.04, score: 0.05 }),
    base({ transaction_number: 2, destination_timestamp: "2024-07-11 00:00:00+00", destination_terminal: "Zeebrugge", transaction_type: "offloading", route_score: 0.85, score: 0.95 }),
    base({ transaction_number: 2, destination_timestamp: "2024-07-09 00:00:00+00", destination_terminal: "Isle of Grain", transaction_type: "offloading", route_score: 0.01, score: 0.01 }),
    // Same route_score: the higher score wins.
    base({ transaction_number: 3, destination_timestamp: "2024-08-01 00:00:00+00", destination_terminal: "Bonny", route_score: 0.5, score: 0.6 }),
    base({ transaction_number: 3, destination_timestamp: "2024-08-02 00:00:00+00", destination_terminal: "Ras Laffan", route_score: 0.5, score: 0.7 }),
    // All scores and modified_at tied: the earlier destination_timestamp, then the terminal's text order.
    base({ transaction_number: 4, destination_timestamp: "2024-09-01 00:00:00+00", destination_terminal: "Gate", transaction_type: "offloading", route_score: 0.3, score: 0.3 }),
    base({ transaction_number: 4, destination_timestamp: "2024-09-01 00:00:00+00", destination_terminal: "Dunkirk", transaction_type: "offloading", route_score: 0.3, score: 0.3 }),
    base({ transaction_number: 4, destination_timestamp: "2024-09-03 00:00:00+00", destination_terminal: "Adriatic", transaction_type: "offloading", route_score: 0.3, score: 0.3 }),
  ];

  it("keeps route_score, then score, then the documented tie-break", () => {
    const c = frameColumns(deriveVoyages(rows).toFrame());
    expect(c.end_terminal).toEqual(["Zeebrugge", "Ras Laffan", "Dunkirk"]);
    expect(c.route_score).toEqual([0.85, 0.5, 0.3]);
    expect(c.forecasted).toEqual([true, true, true]);
    expect(notesOf(deriveVoyages(rows).toFrame()).duplicates_removed).toBe(5);
  });

  it("gives the same legs for every permutation of the rows (property)", () => {
    const expected = frameColumns(deriveVoyages(rows).toFrame());
    fc.assert(
      fc.property(fc.shuffledSubarray(rows, { minLength: rows.length, maxLength: rows.length }), (shuffled) => {
        expect(frameColumns(deriveVoyages(shuffled).toFrame())).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it("prefers an observed record (no route_score) over a forecast of the same transaction", () => {
    const observed = base({ transaction_number: 2, destination_timestamp: "2024-07-12 00:00:00+00", destination_terminal: "Gate", transaction_type: "offloading", forecasted_transaction: false, route_score: undefined, score: undefined, modified_at: "2024-07-12 06:00:00+00" });
    for (const input of [[...rows, observed], [observed, ...rows]]) {
      const c = frameColumns(deriveVoyages(input).toFrame());
      expect(c.end_terminal![0]).toBe("Gate");
      expect(c.route_score![0]).toBeNaN();
      // The leg from a forecast loading to an observed offloading is still a forecast leg.
      expect(c.forecasted![0]).toBe(true);
    }
  });
});
