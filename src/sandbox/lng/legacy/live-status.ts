/**
 * The old `live_status` report: a fleet summary at asOf, from the same vessel states as /v1/vessels.
 * laden / balast count vessels at sea with / without cargo; at_terminal counts vessels moored
 * (FSRUs included); lng_volume is the cargo on board of vessels at sea, in bcf.
 */
import type { LngDataset } from "../model/dataset";
import { formatPlain, formatRecordTimestamp } from "../model/time";
import { vesselStateAt } from "../model/vessel-state";

/** The live_status report_result. */
export function liveStatusReport(dataset: LngDataset): Record<string, unknown> {
  const states = dataset.vessels.map((v) => vesselStateAt(dataset, v));
  const atSea = states.filter((s) => s.activity === "at_sea");
  const laden = atSea.filter((s) => (s.onBoardBcf ?? 0) > 0);
  const volume = laden.reduce((sum, s) => sum + (s.onBoardBcf ?? 0), 0);
  const inactive = states.filter((s) => s.activity === "inactive");
  const maintenance = states.filter((s) => s.activity === "maintenance");
  return {
    details: {
      inactive: inactive.map((s) => ({ imo: s.vessel.imo, last_timestamp_position: formatPlain(s.lastAisMs) })),
      maintenance: maintenance.map((s) => ({ imo: s.vessel.imo, last_timestamp_position: formatPlain(s.lastAisMs) })),
    },
    notes: "Synthetic sandbox fleet. laden/balast: vessels at sea with/without cargo; lng_volume: cargo on board of vessels at sea.",
    summary: {
      at_maintenance: maintenance.length,
      at_terminal: states.filter((s) => s.activity === "at_terminal").length,
      balast: atSea.length - laden.length,
      datetime: formatRecordTimestamp(dataset.asOfMs),
      epoch: Math.floor(dataset.asOfMs / 1000),
      inactive: inactive.length,
      laden: laden.length,
      left_liquefaction_terminal: atSea.filter((s) => s.next?.origin.kind === "liquefaction").length,
      left_regasification_terminal: atSea.filter((s) => s.next?.origin.kind === "regasification").length,
      lng_fleet_size: states.length,
      lng_volume: Math.round(volume * 1e6) / 1e6,
      lng_volume_unit: "bcf",
    },
  };
}
