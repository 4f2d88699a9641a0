import { describe, expect, it } from "vitest";
import { deriveVoyages } from "../../src/analysis/derive-voyages";
import { notesOf } from "../../src/frame/notes";
import { unitsOf } from "../../src/frame/units";
import { frameColumns, frameRows } from "../helpers/frame-columns";

let seq = 0;
function tx(imo: number | null, ts: string | null, type: "loading" | "offloading", extra: Record<string, unknown> = {}): Record<string, unknown> {
  seq++;
  return {
    imo,
    destination_timestamp: ts,
    destination_terminal: `T${seq}`,
    destination_country: `C${seq}`,
    transaction_type: type,
    transaction_number: seq,
    volume: seq * 1.5,
    volume_unit: "bcf",
    forecasted_transaction: false,
    modified_at: "2024-01-01 00:00:00+00",
    ...extra,
  };
}

describe("deriveVoyages", () => {
  it("makes one leg per consecutive pair with notation, status and volume rules", () => {
    const rows = [
      tx(9_000_001, "2024-01-01 10:00:00+00", "loading", { volume: 3.4, destination_terminal: "Sabine", destination_country: "United States" }),
      tx(9_000_001, "2024-01-20 10:00:00+00", "offloading", { volume: 3.3, destination_terminal: "Gate", destination_country: "Netherlands" }),
      tx(9_000_001, "2024-02-05 10:00:00+00", "loading", { volume: 3.2, destination_terminal: "Bonny", destination_country: "Nigeria" }),
      tx(9_000_001, "2024-02-08 10:00:00+00", "loading", { volume: 0.5 }),
      tx(9_000_001, "2024-02-20 10:00:00+00", "offloading", { volume: 1.0 }),
      tx(9_000_001, "2024-02-25 10:00:00+00", "offloading", { volume: 2.0, forecasted_transaction: true }),
    ];
    const c = frameColumns(deriveVoyages(rows).toFrame());
    expect(c.tx).toEqual([1, 2, 3, 4, 5]);
    expect(c.voyage_tx).toEqual(["L to R", "R to L", "L to L", "L to R", "R to R"]);
    expect(c.voyage_status).toEqual(["Laden", "Ballast", "Laden", "Laden", "Laden"]);
    expect(c.type).toEqual(["offloading", "loading", "loading", "offloading", "offloading"]);
    // L to R: second's (offloading) volume; R to L: neither -> 0; L to L: first's (loading); R to R: second's.
    expect(c.volume).toEqual([3.3, 0, 3.2, 1.0, 2.0]);
    expect(c.forecasted).toEqual([false, false, false, false, true]);
    expect(c.start_terminal!.slice(0, 2)).toEqual(["Sabine", "Gate"]);
    expect(c.end_country!.slice(0, 2)).toEqual(["Netherlands", "Nigeria"]);
    expect(c.start_date![0]).toBe("2024-01-01T10:00:00.000Z");
    expect(c.end_date![0]).toBe("2024-01-20T10:00:00.000Z");
    expect(unitsOf(deriveVoyages(rows).toFrame()).volume).toBe("bcf");
  });

  it("chains: each leg starts where and when the previous leg ended", () => {
    const rows = [0, 1, 2, 3, 4].map((i) => tx(9_000_002, `2024-03-0${i + 1}T00:00:00Z`, i % 2 === 0 ? "loading" : "offloading"));
    const r = frameRows(deriveVoyages(rows).toFrame());
    for (let i = 1; i < r.length; i++) {
      expect(r[i]!.start_date).toBe(r[i - 1]!.end_date);
      expect(r[i]!.start_terminal).toBe(r[i - 1]!.end_terminal);
    }
    expect(r).toHaveLength(4);
  });

  it("drops records with no imo or no destination_timestamp and reports them", () => {
    const rows = [
      tx(null, "2024-01-01T00:00:00Z", "loading"),
      tx(9_000_003, null, "loading"),
      tx(9_000_003, "2024-01-02T00:00:00Z", "loading"),
      tx(9_000_003, "2024-01-09T00:00:00Z", "offloading"),
    ];
    const df = deriveVoyages(rows).toFrame();
    expect(df.shape[0]).toBe(1);
    expect(notesOf(df)).toMatchObject({ dropped_no_imo: 1, dropped_no_destination_timestamp: 1, transactions_used: 2 });
  });

  it("keeps the latest modified_at of records sharing imo and transaction_number", () => {
    const rows = [
      tx(9_000_004, "2024-01-01T00:00:00Z", "loading"),
      tx(9_000_004, "2024-01-10T00:00:00Z", "offloading", { transaction_number: 77, volume: 1, modified_at: "2024-01-11 00:00:00+00" }),
      tx(9_000_004, "2024-01-12T00:00:00Z", "offloading", { transaction_number: 77, volume: 2, modified_at: "2024-01-13 00:00:00+00" }),
      tx(9_000_004, "2024-01-09T00:00:00Z", "offloading", { transaction_number: 77, volume: 3, modified_at: "2024-01-05 00:00:00+00" }),
    ];
    const df = deriveVoyages(rows).toFrame();
    expect(frameColumns(df).volume).toEqual([2]);
    expect(frameColumns(df).end_date).toEqual(["2024-01-12T00:00:00.000Z"]);
    expect(notesOf(df).duplicates_removed).toBe(2);
  });

  it("does not treat null transaction numbers as duplicates", () => {
    const rows = [
      tx(9_000_005, "2024-01-01T00:00:00Z", "loading", { transaction_number: null }),
      tx(9_000_005, "2024-01-05T00:00:00Z", "offloading", { transaction_number: null }),
    ];
    expect(deriveVoyages(rows).length).toBe(1);
  });

  it("breaks time ties by transaction_number, and sorts by imo then tx", () => {
    const rows = [
      tx(9_000_007, "2024-01-01T00:00:00Z", "loading", { transaction_number: 5, destination_terminal: "B" }),
      tx(9_000_006, "2024-02-01T00:00:00Z", "offloading", { transaction_number: 1 }),
      tx(9_000_007, "2024-01-01T00:00:00Z", "offloading", { transaction_number: 3, destination_terminal: "A" }),
      tx(9_000_006, "2024-01-01T00:00:00Z", "loading", { transaction_number: 2 }),
    ];
    const c = frameColumns(deriveVoyages(rows).toFrame());
    expect(c.imo).toEqual([9_000_006, 9_000_007]);
    expect(c.start_terminal![1]).toBe("A");
    expect(c.end_terminal![1]).toBe("B");
    expect(c.voyage_tx).toEqual(["L to R", "R to L"]);
  });

  it("orders by instant, not by text, across offsets", () => {
    const rows = [
      tx(9_000_008, "2024-01-01T10:00:00+05:00", "offloading"), // 05:00Z
      tx(9_000_008, "2024-01-01T06:00:00Z", "loading"),
    ];
    const c = frameColumns(deriveVoyages(rows).toFrame());
    expect(c.voyage_tx).toEqual(["R to L"]);
  });

  it("gives the voyage columns and zero rows for a single transaction or none", () => {
    expect(deriveVoyages([tx(9_000_009, "2024-01-01T00:00:00Z", "loading")]).length).toBe(0);
    const empty = deriveVoyages([]);
    expect(empty.toFrame().columns).toEqual([
      "imo", "tx", "start_date", "end_date", "start_terminal", "start_country", "end_terminal", "end_country",
      "type", "voyage_tx", "voyage_status", "volume", "volume_unit", "forecasted",
    ]);
    // Observed transactions carry no route scores: no route_score column (only forecasts have one).
    expect(deriveVoyages([tx(9_000_009, "2024-01-01T00:00:00Z", "loading"), tx(9_000_009, "2024-01-05T00:00:00Z", "offloading")]).names).not.toContain("route_score");
  });

  it("names a malformed timestamp instead of dropping the record", () => {
    expect(() => deriveVoyages([tx(9_000_010, "soon", "loading")])).toThrow(/destination_timestamp.*row 0/);
  });
});
