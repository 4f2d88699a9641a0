import { describe, expect, it } from "vitest";
import * as gasframes from "../../src";

describe("the package exports the LNG surface", () => {
  it("clients and migration maps are reachable from the package root; the timestamp parser is internal", () => {
    expect(typeof gasframes.LngClient).toBe("function");
    expect(typeof gasframes.LegacyLngClient).toBe("function");
    expect(typeof gasframes.legacyRecordToV1).toBe("function");
    // Records come with their timestamps already read (issue 29: the root names what users call).
    expect("parseServiceTimestamp" in gasframes).toBe(false);
    expect(gasframes.LEGACY_FIELD_RENAMES.p_volume).toBe("volume");
    expect(gasframes.LEGACY_REPORT_REPLACEMENTS.flow_timeseries.v1).toEqual(["volumeFlows"]);
    expect(Object.keys(gasframes.LNG_V1)).toEqual([
      "volumeFlows",
      "volumeFlowsHistory",
      "transactions",
      "transactionsHistory",
      "transactionsDetails",
      "transactionsForecast",
      "transactionsForecastHistoryDetails",
      "vessels",
      "vesselsDetails",
      "forecastRunAtTimestamps",
      "transactionsForecastDetails",
      "transactionsForecastHistory",
      "vesselsHistory",
      "countries",
      "terminals",
      "healthcheck",
    ]);
    expect(new gasframes.LegacyJobFailedError("x", { state: "FAILED" })).toBeInstanceOf(gasframes.JobFailedError);
  });
});
