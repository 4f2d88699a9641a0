/**
 * Wire records of the LNG v1 sandbox, with the service's own field names. Transaction volumes are
 * in bcf; forecast detail volumes are the same numbers in mcf (x 1,000,000).
 */
import type { ForecastTransaction } from "./model/forecasts";
import type { Vessel } from "./model/fleet";
import { hashKey } from "./model/random";
import type { ChainTransaction } from "./model/transaction-chain";
import type { Terminal } from "./model/terminals";
import { HOUR_MS, formatRecordTimestamp } from "./model/time";

/** Million cubic feet per billion cubic feet. */
export const MCF_PER_BCF = 1_000_000;

function place(prefix: string, terminal: Terminal, ts: number): Record<string, unknown> {
  return {
    [`${prefix}_terminal`]: terminal.name,
    [`${prefix}_terminal_id`]: terminal.id,
    [`${prefix}_country`]: terminal.country,
    [`${prefix}_country_code`]: terminal.countryCode,
    [`${prefix}_timestamp`]: formatRecordTimestamp(ts),
  };
}

/** When an observed transaction was last modified: 6 to 48 hours after it, never after asOf. */
export function observedModifiedAt(seed: number, tx: ChainTransaction, asOfMs: number): number {
  const delay = (6 + (hashKey(seed, `modified:${tx.transactionNumber}`) % 42)) * HOUR_MS;
  return Math.max(tx.destinationTs, Math.min(tx.destinationTs + delay, asOfMs - 60_000));
}

/** The fields of a `/v1/transactions` record, observed (`runAt` null) or forecast. */
function transactionRecord(tx: ChainTransaction, runAt: number | null, modifiedAt: number): Record<string, unknown> {
  return {
    imo: tx.imo,
    ...place("origin", tx.origin, tx.originTs),
    ...place("destination", tx.destination, tx.destinationTs),
    ...place("loading_origin", tx.loadingOrigin, tx.loadingOriginTs),
    volume: tx.volumeBcf,
    volume_unit: "bcf",
    forecasted_transaction: runAt !== null,
    transaction_number: tx.transactionNumber,
    transaction_type: tx.type,
    forecast_run_at: runAt === null ? null : formatRecordTimestamp(runAt),
    modified_at: formatRecordTimestamp(modifiedAt),
  };
}

/** An observed `/v1/transactions` (and `/v1/transactions/history`) record. */
export function observedTransactionRecord(tx: ChainTransaction, modifiedAt: number): Record<string, unknown> {
  return transactionRecord(tx, null, modifiedAt);
}

/** A forecast `/v1/transactions` record: the transaction fields only, `forecasted_transaction` true and its run in `forecast_run_at`. */
export function forecastAsTransactionRecord(tx: ForecastTransaction): Record<string, unknown> {
  return transactionRecord(tx, tx.runAt, tx.modifiedAt);
}

/** A `/v1/transactions/forecast` record: the transaction record plus the forecast's scores (bcf). */
export function forecastTransactionRecord(tx: ForecastTransaction): Record<string, unknown> {
  return {
    ...transactionRecord(tx, tx.runAt, tx.modifiedAt),
    score: tx.score,
    route_score: tx.routeScore,
    route_score_weighted_volume: tx.routeScoreWeightedVolumeBcf,
  };
}

function mcf(bcf: number): number {
  return Math.round(bcf * MCF_PER_BCF);
}

/** A forecast detail record, of `/v1/transactions/details` and `/v1/transactions/forecast/history/details` (volumes in mcf). */
export function forecastDetailRecord(tx: ForecastTransaction, vessel: Vessel | undefined): Record<string, unknown> {
  return {
    imo: tx.imo,
    vessel_name: vessel?.name ?? null,
    ...place("origin", tx.origin, tx.originTs),
    ...place("destination", tx.destination, tx.destinationTs),
    ...place("loading_origin", tx.loadingOrigin, tx.loadingOriginTs),
    volume: mcf(tx.volumeBcf),
    volume_unit: "mcf",
    score: tx.score,
    route_score: tx.routeScore,
    route_score_weighted_volume: mcf(tx.routeScoreWeightedVolumeBcf),
    transaction_number: tx.transactionNumber,
    transaction_type: tx.type,
    forecast_run_at: formatRecordTimestamp(tx.runAt),
    modified_at: formatRecordTimestamp(tx.modifiedAt),
  };
}
