import { OLD_OVERVIEW_VOYAGE } from "./fixtures/old-overview-voyage";
import { describe, expect, it } from "vitest";
import {
  LEGACY_FIELD_RENAMES,
  LEGACY_REPORT_FIELD_RENAMES,
  LEGACY_REPORTS,
  renameTargets,
  type LegacyRenameTarget,
} from "../../src/lng/migrate/legacy-field-renames";
import { legacyRecordToV1 } from "../../src/lng/migrate/legacy-record-to-v1";
import { LEGACY_REPORT_REPLACEMENTS } from "../../src/lng/migrate/legacy-report-replacements";
import { TRANSACTION_RECORD, FORECAST_DETAIL_RECORD } from "../../src/lng/catalog/records";
import { DataError } from "../../src/errors";

describe("legacy field renames", () => {
  it("lists every rename of the spec's migration section", () => {
    expect(LEGACY_FIELD_RENAMES).toEqual({
      p_volume: "volume",
      unit: "volume_unit",
      units: "volume_unit",
      start_terminal: "origin_terminal",
      end_terminal: "destination_terminal",
      start_country: "origin_country",
      end_country: "destination_country",
      start_terminal_timestamp: ["origin_timestamp", "destination_timestamp"],
      start_date: "origin_timestamp",
      end_date: "destination_timestamp",
    });
  });

  it("renames only to fields v1 records have", () => {
    const v1Fields = new Set<string>([...TRANSACTION_RECORD.fields, ...FORECAST_DETAIL_RECORD.fields].map((f) => f.name));
    for (const report of LEGACY_REPORTS) {
      for (const target of Object.values(LEGACY_REPORT_FIELD_RENAMES[report] as Record<string, LegacyRenameTarget>).flatMap(renameTargets)) {
        expect(v1Fields.has(target), `${report} -> ${target}`).toBe(true);
      }
    }
    for (const target of Object.values(LEGACY_FIELD_RENAMES).flatMap(renameTargets)) expect(v1Fields.has(target)).toBe(true);
  });

  it("names a v1 replacement for every old report", () => {
    for (const report of LEGACY_REPORTS) expect(LEGACY_REPORT_REPLACEMENTS[report].v1.length).toBeGreaterThan(0);
    expect(LEGACY_REPORT_REPLACEMENTS.flow_timeseries.helpers).toContain("resampleFlows");
    expect(LEGACY_REPORT_REPLACEMENTS.overview.helpers).toContain("deriveVoyages");
    expect(LEGACY_REPORT_REPLACEMENTS.live_status.helpers).toContain("fleetSummary");
  });
});

describe("legacyRecordToV1", () => {
  const voyage = OLD_OVERVIEW_VOYAGE;

  it("renames an overview voyage to transaction fields and normalises its times", () => {
    expect(legacyRecordToV1("overview", voyage)).toEqual({
      imo: 9705641,
      tx: 2,
      origin_timestamp: "2024-01-03T10:00:00.000Z",
      destination_timestamp: "2024-01-20T06:00:00.000Z",
      origin_country: "United States",
      origin_terminal: "Sabine Pass",
      destination_country: "Belgium",
      destination_terminal: "Zeebrugge",
      voyage_status: "Laden",
      transaction_type: "offloading",
      voyage_tx: "L to R",
      volume: 3.4,
      volume_unit: "bcf",
    });
  });

  it("drops the fields v1 no longer returns only when asked", () => {
    const out = legacyRecordToV1("overview", voyage, { dropRemoved: true });
    expect(Object.keys(out)).not.toContain("tx");
    expect(Object.keys(out)).not.toContain("voyage_tx");
    expect(Object.keys(out)).not.toContain("voyage_status");
    expect(out.volume_unit).toBe("bcf");
  });

  it("renames a route prediction", () => {
    const out = legacyRecordToV1("route_predictions", {
      imo: 9321483,
      p_volume: 150000,
      predicated_rate: 0.8,
      predicted_polygon: [[[0, 0], [1, 0], [1, 1], [0, 0]]],
      start_polygon: null,
      start_terminal_timestamp: "2024-02-01 00:00:00+00",
      unit: "m3",
    });
    expect(out).toMatchObject({ imo: 9321483, volume: 150000, volume_unit: "m3", origin_timestamp: "2024-02-01T00:00:00.000Z", predicated_rate: 0.8 });
    expect(out).not.toHaveProperty("p_volume");
    expect(out).not.toHaveProperty("start_terminal_timestamp");
    expect(out).not.toHaveProperty("unit");
  });

  it("maps start_terminal_timestamp to origin_timestamp and destination_timestamp, as the spec does: the departure, and no arrival", () => {
    const out = legacyRecordToV1("route_predictions", { imo: 9321483, start_terminal_timestamp: "2024-02-01 06:30:00+00", p_volume: 3.1, unit: "bcf" });
    expect(out).toEqual({ imo: 9321483, origin_timestamp: "2024-02-01T06:30:00.000Z", destination_timestamp: null, volume: 3.1, volume_unit: "bcf" });
    expect(Object.keys(out).slice(0, 3)).toEqual(["imo", "origin_timestamp", "destination_timestamp"]);
    // A record that does carry an arrival keeps it, wherever it comes.
    const withArrival = legacyRecordToV1("route_predictions", { start_terminal_timestamp: "2024-02-01", destination_timestamp: "2024-02-20T00:00:00Z" });
    expect(withArrival).toEqual({ origin_timestamp: "2024-02-01T00:00:00.000Z", destination_timestamp: "2024-02-20T00:00:00Z" });
  });

  it("takes unit and units spelt differently for one unit (gas_Bcf, bcf) as agreeing, keeping the first label", () => {
    expect(legacyRecordToV1("flow_timeseries", { unit: "gas_Bcf", units: "bcf", volume: 1 })).toEqual({ volume_unit: "gas_Bcf", volume: 1 });
    expect(legacyRecordToV1("flow_timeseries", { units: "BCF", unit: "gas_bcf" })).toEqual({ volume_unit: "BCF" });
    expect(() => legacyRecordToV1("flow_timeseries", { unit: "gas_Bcf", units: "mcf" })).toThrow(DataError);
  });

  it("refuses two old fields that disagree about one v1 field, and accepts them when they agree", () => {
    expect(() => legacyRecordToV1("flow_timeseries", { unit: "bcf", units: "mcf" })).toThrow(DataError);
    expect(legacyRecordToV1("flow_timeseries", { unit: "bcf", units: "bcf", volume: 1 })).toEqual({ volume_unit: "bcf", volume: 1 });
  });

  it("refuses an unknown report and a record that is not an object", () => {
    expect(() => legacyRecordToV1("weekly" as never, {})).toThrow(/unknown old report/);
    expect(() => legacyRecordToV1("overview", null as never)).toThrow(DataError);
  });

  it("does not modify the input record", () => {
    const copy = { ...voyage };
    legacyRecordToV1("overview", voyage);
    expect(voyage).toEqual(copy);
  });
});
