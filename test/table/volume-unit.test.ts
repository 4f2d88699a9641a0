/**
 * One unit, several spellings: `gas_Bcf` (v1) and `bcf` (the old API, the spec's samples) are compared
 * as one unit wherever units are compared, and rows keep the label the service sent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DataError } from "../../src/errors";
import { distinctVolumeUnits, sameVolumeUnit, volumeUnitKey } from "../../src/table/volume-unit";
import { unitsOf } from "../../src/frame/units";
import { resampleFlows } from "../../src/analysis/resample-flows";
import { legacyFlowTimeseries } from "../../src/analysis/legacy-flow-timeseries";
import { deriveVoyages } from "../../src/analysis/derive-voyages";
import { flowsChart } from "../../src/plot/flows-chart";
import { LngClient } from "../../src/lng/lng-client";
import { frameColumns } from "../helpers/frame-columns";
import { sendJson, startServer, type TestServer } from "../http/helpers/test-server";

const day = (timestamp: string, volume: number, volume_unit: string) => ({ timestamp: `${timestamp}T00:00:00Z`, volume, count: 1, volume_unit });
const spelt = [day("2024-01-01", 1, "gas_Bcf"), day("2024-01-02", 2, "bcf"), day("2024-01-03", 3, "BCF"), day("2024-01-04", 4, " Gas_bcf ")];

describe("volume unit spellings", () => {
  it("are compared by the unit the alias table names, in any case; a look-alike outside the table stays apart", () => {
    expect(volumeUnitKey("gas_Bcf")).toBe("BCF");
    expect(volumeUnitKey(" Bcf of gas ")).toBe("BCF");
    expect(sameVolumeUnit("gas_m3", "m3")).toBe(false);
    expect(sameVolumeUnit("GAS_X", "x")).toBe(false);
    expect(sameVolumeUnit("gas_Bcf", "bcf")).toBe(true);
    expect(sameVolumeUnit("GAS_MCF", "mcf")).toBe(true);
    expect(sameVolumeUnit("bcf", "mcf")).toBe(false);
    expect(distinctVolumeUnits(["gas_Bcf", null, "bcf", "mcf", "", "BCF"])).toEqual(["gas_Bcf", "mcf"]);
  });

  it("resampleFlows adds gas_Bcf and bcf days into one week, labelled as the service first wrote it", () => {
    const c = frameColumns(resampleFlows(spelt, { freq: "week" }).toFrame());
    expect(c.volume).toEqual([10]);
    expect(c.volume_unit).toEqual(["gas_Bcf"]);
    expect(unitsOf(resampleFlows(spelt, { freq: "month" }).toFrame()).volume).toBe("gas_Bcf");
    expect(() => resampleFlows([...spelt, day("2024-01-05", 1, "mcf")], { freq: "week" })).toThrow(/mixes volume units "gas_Bcf" and "mcf"/);
  });

  it("unitsOf, legacyFlowTimeseries, flowsChart and deriveVoyages see one unit, and still refuse two", () => {
    expect(unitsOf(spelt).volume).toBe("gas_Bcf");
    expect(unitsOf([...spelt, day("2024-01-05", 1, "mcf")]).volume).toBe("mixed");
    expect(legacyFlowTimeseries(spelt, { aggregation: "weekly" }).volume_unit).toBe("bcf");
    expect(flowsChart(spelt)).toBeDefined();
    expect(() => flowsChart([...spelt, day("2024-01-05", 1, "mcf")])).toThrow(DataError);
    const tx = (n: number, ts: string, type: string, unit: string) => ({
      imo: 9705641,
      destination_timestamp: ts,
      destination_terminal: type === "loading" ? "Sabine Pass" : "Zeebrugge",
      destination_country: type === "loading" ? "United States" : "Belgium",
      transaction_type: type,
      volume: 3,
      volume_unit: unit,
      forecasted_transaction: false,
      transaction_number: n,
    });
    const legs = deriveVoyages([
      tx(1, "2024-01-01T00:00:00Z", "loading", "gas_Bcf"),
      tx(2, "2024-01-20T00:00:00Z", "offloading", "gas_Bcf"),
      tx(3, "2024-02-01T00:00:00Z", "loading", "bcf"),
      tx(4, "2024-02-20T00:00:00Z", "offloading", "bcf"),
    ]).toFrame();
    expect(frameColumns(legs).volume_unit).toEqual(["gas_Bcf", "bcf", "bcf"]);
    expect(unitsOf(legs).volume).toBe("gas_Bcf");
  });
});

describe("the LNG client over HTTP", () => {
  let server: TestServer;
  beforeAll(async () => {
    const rows = [
      { timestamp: "2024-01-01T00:00:00Z", volume: 1, count: 1, volume_unit: "gas_Bcf" },
      { timestamp: "2024-01-02T00:00:00Z", volume: 2, count: 1, volume_unit: "bcf" },
    ];
    server = await startServer((req, res) => {
      if (!String(req.headers.accept).includes("ndjson")) return sendJson(res, 200, rows);
      res.writeHead(200, { "content-type": "application/x-ndjson" });
      res.end(rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it("does not warn about several units for gas_Bcf and bcf, and keeps each row's label", async () => {
    const warnings: string[] = [];
    const lng = new LngClient({ baseUrl: server.url, token: "units-test-token", progress: false, maxRetries: 0, warn: (w) => warnings.push(w) });
    const flows = await lng.volumeFlows();
    expect(flows.records.map((r) => r.volume_unit)).toEqual(["gas_Bcf", "bcf"]);
    let batches = 0;
    for await (const batch of lng.stream.volumeFlows({}, { batchSize: 1 })) batches += batch.length > 0 ? 1 : 0;
    expect(batches).toBe(2);
    expect(warnings.filter((w) => /several volume units/.test(w))).toEqual([]);
  });
});
