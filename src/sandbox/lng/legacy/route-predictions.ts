/**
 * The old `route_predictions` report: the latest forecast run's forecast transactions under the old
 * names (p_volume = volume, predicated_rate = route_score, predicted_polygon = destination terminal,
 * start_polygon = origin terminal, start_terminal_timestamp = origin_timestamp, unit = bcf).
 */
import type { LngDataset } from "../model/dataset";
import { formatRecordTimestamp } from "../model/time";
import type { LegacyParams } from "./legacy-params";

/** Parameters of the route_predictions report. */
export const ROUTE_PREDICTION_PARAMS = { imos: "integers" } as const;

/** The route_predictions records, in the order of /v1/transactions/forecast. */
export function routePredictionsReport(dataset: LngDataset, params: LegacyParams): Record<string, unknown>[] {
  const imos = params.get("imos") as number[] | undefined;
  const latest = dataset.runs[dataset.runs.length - 1] as number;
  return dataset
    .forecast(latest)
    .filter((tx) => !imos || imos.includes(tx.imo))
    .map((tx) => ({
      imo: tx.imo,
      p_volume: tx.volumeBcf,
      predicated_rate: tx.routeScore,
      predicted_polygon: tx.destination.name,
      start_polygon: tx.origin.name,
      start_terminal_timestamp: formatRecordTimestamp(tx.originTs),
      unit: "bcf",
    }));
}
