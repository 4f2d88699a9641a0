import { describe, expect, it } from "vitest";
import { fleetSummary } from "../../src/analysis/fleet-summary";

describe("fleetSummary", () => {
  it("counts laden, ballast and unknown, by status and type, and finds the newest AIS signal", () => {
    const s = fleetSummary([
      { imo: 1, is_loaded: true, status: "ACTIVE", vessel_type: "LNG_CARRIER", last_ais_signal_timestamp: "2024-05-01 10:00:00", speed: 17.5 },
      { imo: 2, is_loaded: false, status: "ACTIVE", vessel_type: "LNG_CARRIER", last_ais_signal_timestamp: "2024-05-02 09:30:00", speed: 0.2 },
      { imo: 3, is_loaded: null, status: "INACTIVE", vessel_type: "FSRU", last_ais_signal_timestamp: null },
      { imo: 4, status: null, vessel_type: "FSRU" },
    ]);
    expect(s).toEqual({
      lng_fleet_size: 4, laden: 1, balast: 1, unknown: 2, at_sea: 1, laden_at_sea: 1, balast_at_sea: 0,
      by_status: { ACTIVE: 2, INACTIVE: 1, null: 1 },
      by_vessel_type: { LNG_CARRIER: 2, FSRU: 2 },
      datetime: "2024-05-02T09:30:00.000Z", epoch: Date.UTC(2024, 4, 2, 9, 30) / 1000,
    });
  });
  it("counts a vessel once, using its newest record", () => {
    const s = fleetSummary([
      { imo: 1, is_loaded: true, last_ais_signal_timestamp: "2024-05-01 10:00:00" },
      { imo: 1, is_loaded: false, last_ais_signal_timestamp: "2024-05-03 10:00:00" },
    ]);
    expect(s.lng_fleet_size).toBe(1);
    expect(s.balast).toBe(1);
    expect(s.laden).toBe(0);
  });
  it("gives zeros and no time for an empty fleet", () => {
    expect(fleetSummary([])).toMatchObject({ lng_fleet_size: 0, datetime: null, epoch: null });
  });
});
