/** Wire records of `/v1/vessels` and `/v1/vessels/details`. */
import type { LngDataset } from "./model/dataset";
import type { ForecastTransaction } from "./model/forecasts";
import type { Vessel } from "./model/fleet";
import { hashKey } from "./model/random";
import { formatDate, formatPlain, formatRecordTimestamp, DAY_MS } from "./model/time";
import type { VesselState } from "./model/vessel-state";

/** The most likely first forecast leg of each vessel in the latest forecast run. */
export function nextForecastByImo(dataset: LngDataset): Map<number, ForecastTransaction> {
  const latest = dataset.runs[dataset.runs.length - 1] as number;
  const out = new Map<number, ForecastTransaction>();
  for (const tx of dataset.forecast(latest)) {
    const seen = out.get(tx.imo);
    if (!seen || (tx.transactionNumber === seen.transactionNumber && tx.routeScore > seen.routeScore)) out.set(tx.imo, tx);
  }
  return out;
}

function firstActiveDate(seed: number, vessel: Vessel): string {
  const dayOfYear = hashKey(seed, `built:${vessel.imo}`) % 360;
  return formatDate(Date.UTC(vessel.buildYear, 0, 1) + dayOfYear * DAY_MS);
}

/** A `/v1/vessels` record. */
export function vesselRecord(dataset: LngDataset, state: VesselState, forecast: ForecastTransaction | undefined): Record<string, unknown> {
  const v = state.vessel;
  const firstObserved = dataset.chainsByImo.get(v.imo)?.transactions.find((tx) => tx.destinationTs >= dataset.dataStartMs);
  const destination = state.next?.destination ?? state.terminal ?? null;
  return {
    vessel_id: v.vesselId,
    imo: v.imo,
    mmsi: v.mmsi,
    name: v.name,
    callsign: v.callsign,
    length: v.length,
    width: v.width,
    maximum_capacity: v.capacityM3,
    maximum_capacity_unit: "CUBIC_METER",
    latitude: state.latitude,
    longitude: state.longitude,
    last_ais_signal_timestamp: formatPlain(state.lastAisMs),
    captains_destination: state.activity === "inactive" ? null : destination?.name ?? null,
    captains_eta: state.activity === "inactive" || !state.next ? null : formatPlain(Math.round(state.next.destinationTs / 3_600_000) * 3_600_000),
    vessel_type: v.vesselType,
    status: v.status,
    speed: state.speed,
    heading: state.heading,
    modified_at: formatRecordTimestamp(state.lastAisMs),
    is_loaded: state.onBoardBcf === null ? null : state.onBoardBcf > 0,
    forecast_destination_terminal: forecast?.destination.name ?? null,
    forecast_destination_terminal_id: forecast?.destination.id ?? null,
    forecast_destination_timestamp: forecast ? formatRecordTimestamp(forecast.destinationTs) : null,
    charterer: v.charterer,
    flag_state: v.flagState,
    first_active_date: firstActiveDate(dataset.seed, v),
    first_operation_date: firstObserved ? formatDate(firstObserved.destinationTs) : null,
  };
}

/** A `/v1/vessels/details` record: the vessel record plus build data and its last observed transaction. */
export function vesselDetailRecord(dataset: LngDataset, state: VesselState, forecast: ForecastTransaction | undefined): Record<string, unknown> {
  const v = state.vessel;
  const observed = (dataset.chainsByImo.get(v.imo)?.transactions ?? []).filter(
    (tx) => tx.destinationTs >= dataset.dataStartMs && tx.destinationTs < dataset.asOfMs,
  );
  const last = observed[observed.length - 1];
  return {
    ...vesselRecord(dataset, state, forecast),
    owner: v.owner,
    builder: v.builder,
    build_year: v.buildYear,
    containment_system: v.containmentSystem,
    propulsion: v.propulsion,
    service_speed: v.serviceSpeed,
    activity: state.activity,
    cargo_on_board: state.onBoardBcf,
    cargo_on_board_unit: "bcf",
    observed_transaction_count: observed.length,
    last_transaction_number: last?.transactionNumber ?? null,
    last_transaction_type: last?.type ?? null,
    last_transaction_terminal: last?.destination.name ?? null,
    last_transaction_timestamp: last ? formatRecordTimestamp(last.destinationTs) : null,
  };
}
