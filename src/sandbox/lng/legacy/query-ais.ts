/**
 * `GET /api/v2/queryAIS/query`: AIS-style positions of vessels, every `interval_hours` (default 6)
 * from start_date to end_date (inclusive days; default the 7 days before asOf), never after asOf.
 * `imo` is required (one or a comma-separated list). At most 50 vessels and 93 days per query.
 */
import { SandboxHttpError } from "../../core/types";
import type { LngDataset } from "../model/dataset";
import { DAY_MS, HOUR_MS, formatPlain } from "../model/time";
import { vesselStateAt } from "../model/vessel-state";
import type { LegacyParams } from "./legacy-params";

/** Parameters of queryAIS/query. */
export const QUERY_AIS_PARAMS = { imo: "integers", start_date: "date", end_date: "date", interval_hours: "integers" } as const;

const MAX_VESSELS = 50;
const MAX_DAYS = 93;

/** The AIS positions. */
export function queryAis(dataset: LngDataset, params: LegacyParams): Record<string, unknown>[] {
  const imos = params.get("imo") as number[] | undefined;
  if (!imos || imos.length === 0) throw new SandboxHttpError(400, "imo is required: one IMO number or a comma-separated list");
  if (imos.length > MAX_VESSELS) throw new SandboxHttpError(400, `imo: at most ${MAX_VESSELS} vessels per query, got ${imos.length}`);
  const interval = (params.get("interval_hours") as number[] | undefined)?.[0] ?? 6;
  if (interval < 1 || interval > 24) throw new SandboxHttpError(400, `interval_hours expects 1 to 24; got ${interval}`);
  const unknown = imos.filter((imo) => !dataset.vesselsByImo.has(imo));
  if (unknown.length > 0) throw new SandboxHttpError(400, `imo: ${unknown.join(", ")} not in the fleet (see /lng/v1/vessels)`);
  const startDay = (params.get("start_date") as number | undefined) ?? dataset.asOfMs - 7 * DAY_MS;
  const endDay = (params.get("end_date") as number | undefined) ?? dataset.asOfMs - DAY_MS;
  const from = Math.floor(startDay / DAY_MS) * DAY_MS;
  const to = Math.min(Math.floor(endDay / DAY_MS) * DAY_MS + DAY_MS, dataset.asOfMs);
  if (to - from > MAX_DAYS * DAY_MS) throw new SandboxHttpError(400, `start_date..end_date spans more than ${MAX_DAYS} days; narrow the range`);
  const out: Record<string, unknown>[] = [];
  for (const imo of imos) {
    const vessel = dataset.vesselsByImo.get(imo);
    if (!vessel) continue;
    for (let at = from; at < to; at += interval * HOUR_MS) {
      const s = vesselStateAt(dataset, vessel, at);
      out.push({ imo, timestamp: formatPlain(at), latitude: s.latitude, longitude: s.longitude, speed: s.speed, heading: s.heading, status: s.activity });
    }
  }
  return out;
}
