/**
 * Nothing a user sees mixes forecast into observed: /v1/transactions answers both (the published
 * reference), so deriveVoyages marks forecast legs (default) or leaves forecasts out, and
 * legacyOverview (the old report was observed voyages) leaves them out. Against the sandbox over HTTP,
 * and on small hand-made records.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { LngClient } from "../../src/lng/lng-client";
import { deriveVoyages } from "../../src/analysis/derive-voyages";
import { legacyOverview } from "../../src/analysis/legacy-overview";
import { notesOf } from "../../src/frame/notes";
import { InvalidParamsError } from "../../src/errors";
import type { TransactionRecord } from "../../src/lng/types";
import { frameColumns, frameRows } from "../helpers/frame-columns";

const AS_OF = "2024-06-01T00:00:00.000Z";
let sandbox: SandboxHandle;
let mixed: TransactionRecord[];
let observed: TransactionRecord[];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 5, asOf: "2024-06-01" });
  const lng = new LngClient({ baseUrl: sandbox.lngUrl, token: "sandbox-token", progress: false, maxRetries: 0, warn: () => {} });
  const window = { from_timestamp: "2024-01-01", destination_regions: ["Asia"] };
  mixed = (await lng.transactions(window)).records;
  observed = (await lng.transactionsHistory(window)).records;
});
afterAll(async () => {
  await sandbox.close();
});

describe("voyages from /v1/transactions (observed and forecast together)", () => {
  it("the answer holds both, so the tests below mean something", () => {
    const forecasts = mixed.filter((t) => t.forecasted_transaction);
    expect(forecasts.length).toBeGreaterThan(20);
    expect(mixed.length - forecasts.length).toBe(observed.length);
    expect(observed.length).toBeGreaterThan(100);
  });

  it('forecasts: "mark" (default) builds legs into the forecast and marks each one that touches a forecast', () => {
    const legs = frameRows(deriveVoyages(mixed).toFrame());
    const marked = legs.filter((l) => l.forecasted === true);
    expect(marked.length).toBeGreaterThan(10);
    // Every leg ending after the latest run is a forecast leg; every unmarked leg ended before it.
    expect(legs.filter((l) => String(l.end_date) > AS_OF).every((l) => l.forecasted === true)).toBe(true);
    expect(legs.filter((l) => l.forecasted === false).every((l) => String(l.end_date) < AS_OF)).toBe(true);
    expect(frameColumns(deriveVoyages(mixed, { forecasts: "mark" }).toFrame())).toEqual(frameColumns(deriveVoyages(mixed).toFrame()));
  });

  it('forecasts: "exclude" gives exactly the voyages of the observed transactions, and counts what it left out', () => {
    const excluded = deriveVoyages(mixed, { forecasts: "exclude" });
    const fromHistory = deriveVoyages(observed);
    expect(frameColumns(excluded.toFrame())).toEqual(frameColumns(fromHistory.toFrame()));
    expect(frameColumns(excluded.toFrame()).forecasted!.every((f) => f === false)).toBe(true);
    expect(notesOf(excluded)).toMatchObject({ forecasts_excluded: mixed.length - observed.length, transactions_used: observed.length });
    expect(notesOf(fromHistory)).not.toHaveProperty("forecasts_excluded");
  });

  it("legacyOverview leaves forecasts out: the same records from transactions as from transactionsHistory", () => {
    const fromMixed = legacyOverview(mixed).rows();
    expect(fromMixed.length).toBeGreaterThan(100);
    expect(fromMixed).toEqual(legacyOverview(observed).rows());
    expect(fromMixed.every((r) => r.end_date < "2024-06-01")).toBe(true);
  });
});

describe("deriveVoyages' forecasts option on hand-made records", () => {
  const base = { volume: 1, volume_unit: "bcf", destination_terminal: "T", destination_country: "C" };
  const rows = [
    { ...base, imo: 9_000_001, transaction_number: 1, destination_timestamp: "2024-01-01 00:00:00+00", transaction_type: "loading", forecasted_transaction: false },
    { ...base, imo: 9_000_001, transaction_number: 2, destination_timestamp: "2024-01-20 00:00:00+00", transaction_type: "offloading", forecasted_transaction: false },
    // A forecast detail record: no forecasted_transaction field, a route_score.
    { ...base, imo: 9_000_001, transaction_number: 3, destination_timestamp: "2024-02-05 00:00:00+00", transaction_type: "loading", route_score: 0.9 },
    { ...base, imo: 9_000_001, transaction_number: 4, destination_timestamp: "2024-02-25 00:00:00+00", transaction_type: "offloading", forecasted_transaction: true },
  ];

  it("marks legs touching a forecast (either field says so), or leaves those records out", () => {
    expect(frameColumns(deriveVoyages(rows).toFrame()).forecasted).toEqual([false, true, true]);
    const kept = deriveVoyages(rows, { forecasts: "exclude" });
    expect(frameColumns(kept.toFrame()).end_date).toEqual(["2024-01-20T00:00:00.000Z"]);
    expect(notesOf(kept)).toMatchObject({ forecasts_excluded: 2, transactions_used: 2 });
  });

  it("refuses any other value before reading a record, naming the option and the closest value", () => {
    const err = (() => {
      try {
        deriveVoyages(rows, { forecasts: "exclud" as never });
      } catch (e) {
        return e;
      }
      return undefined;
    })() as InvalidParamsError;
    expect(err).toBeInstanceOf(InvalidParamsError);
    expect(err.issues).toEqual([{ param: "forecasts", value: "exclud", expected: '"mark" (default) or "exclude"', suggestion: "exclude" }]);
    expect(() => deriveVoyages("not records" as never, { forecasts: "drop" as never })).toThrow(InvalidParamsError);
  });
});
