import { describe, expect, it } from "vitest";
import { deriveVoyages, resampleFlows, rollup } from "../../src/analysis";
import { columnsOf } from "../../src/frame/columns";
import { unitsOf } from "../../src/frame/units";
import { columnsFromRecords, Result, type ResultMeta } from "../../src/table";
import { frameColumns } from "../helpers/frame-columns";

const meta = { service: "natgas", apiVersion: "v3", endpoint: "t", method: "POST", url: "", params: {}, fetchedAt: "", pages: 1, rows: 0, bytes: 0, attempts: 1, durationMs: 0, fromCache: false, source: "live" as const, synthetic: false, requestIds: [] } as ResultMeta;
const asResult = (records: Record<string, unknown>[]) => Result.fromColumns(columnsFromRecords(records)!, meta);

describe("analysis on a column-backed Result", () => {
  const production = Array.from({ length: 500 }, (_, i) => ({
    date: `2024-${String((i % 12) + 1).padStart(2, "0")}-01`,
    region: ["Permian", "Bakken", null][i % 3],
    gas_daily: i % 7 === 0 ? null : i / 100,
    gas_monthly: i * 31,
  }));

  it("rollup gives the same frame as on the records, without building row objects", () => {
    const result = asResult(production);
    const opts = { by: ["date", "region"], measures: ["gas_daily", "gas_monthly"] };
    expect(frameColumns(rollup(result, opts).toFrame())).toEqual(frameColumns(rollup(production, opts).toFrame()));
    expect(frameColumns(rollup(result, { by: [{ column: "date", freq: "month" as const }], measures: ["gas_daily"] }).toFrame())).toEqual(
      frameColumns(rollup(production, { by: [{ column: "date", freq: "month" as const }], measures: ["gas_daily"] }).toFrame()),
    );
    expect(result.isColumnar).toBe(true);
    expect(unitsOf(result)).toMatchObject({ gas_daily: "BCF/day" });
    expect(columnsOf(result, ["region"]).values("region")).toEqual(production.map((r) => r.region));
  });

  it("resampleFlows and deriveVoyages read a Result as they read records", () => {
    const flows = Array.from({ length: 60 }, (_, d) => ({ timestamp: new Date(Date.UTC(2024, 0, 1 + d)).toISOString(), volume: d, count: 1, volume_unit: "gas_Bcf", country: d % 2 ? "A" : "B" }));
    expect(frameColumns(resampleFlows(asResult(flows), { freq: "week", by: "country" }).toFrame())).toEqual(frameColumns(resampleFlows(flows, { freq: "week", by: "country" }).toFrame()));
    const txs = [
      { imo: 1, transaction_number: 1, destination_timestamp: "2024-01-01 00:00:00+00", transaction_type: "loading", volume: 3, modified_at: "2024-01-01 00:00:00+00" },
      { imo: 1, transaction_number: 2, destination_timestamp: "2024-01-09 00:00:00+00", transaction_type: "offloading", volume: 3, modified_at: "2024-01-09 00:00:00+00" },
    ];
    expect(frameColumns(deriveVoyages(asResult(txs)).toFrame())).toEqual(frameColumns(deriveVoyages(txs).toFrame()));
  });

  it("names a missing column as it does for records", () => {
    expect(() => rollup(asResult(production), { by: ["nope"] })).toThrow(/nope/);
  });
});
