/**
 * Parameter and record types of the LNG v1 client, derived from the catalog (one source of truth).
 */
import type { ParamsOf, RecordOf } from "../catalog/derive-types";
import type { LNG_V1 } from "./catalog/v1";

/** Filters of `volumeFlows`. */
export type VolumeFlowsParams = ParamsOf<typeof LNG_V1.volumeFlows>;
/** Filters of `volumeFlowsHistory`. */
export type VolumeFlowsHistoryParams = ParamsOf<typeof LNG_V1.volumeFlowsHistory>;
/** Filters of `transactions`. */
export type TransactionsParams = ParamsOf<typeof LNG_V1.transactions>;
/** Filters of `transactionsHistory` (observed transactions only). */
export type TransactionsHistoryParams = ParamsOf<typeof LNG_V1.transactionsHistory>;
/** Filters of `transactionsDetails` (`forecast_run_at` optional: the latest run without it). */
export type TransactionsDetailsParams = ParamsOf<typeof LNG_V1.transactionsDetails>;
/** Filters of `transactionsForecast`. */
export type TransactionsForecastParams = ParamsOf<typeof LNG_V1.transactionsForecast>;
/** Filters of `transactionsForecastHistoryDetails` (spec only; `forecast_run_at` required). */
export type TransactionsForecastHistoryDetailsParams = ParamsOf<typeof LNG_V1.transactionsForecastHistoryDetails>;
/** Filters of `vessels`. */
export type VesselsParams = ParamsOf<typeof LNG_V1.vessels>;
/** Filters of `vesselsDetails`. */
export type VesselsDetailsParams = ParamsOf<typeof LNG_V1.vesselsDetails>;
/** Filters of `forecastRunAtTimestamps` (none: `GET /v1/forecast_run_at_timestamps`). */
export type ForecastRunAtTimestampsParams = ParamsOf<typeof LNG_V1.forecastRunAtTimestamps>;
/** Filters of `transactionsForecastDetails` (`forecast_run_at` optional: the latest run without it). */
export type TransactionsForecastDetailsParams = ParamsOf<typeof LNG_V1.transactionsForecastDetails>;
/** Filters of `transactionsForecastHistory` (`forecast_run_at` required). */
export type TransactionsForecastHistoryParams = ParamsOf<typeof LNG_V1.transactionsForecastHistory>;
/** Filters of `vesselsHistory`. */
export type VesselsHistoryParams = ParamsOf<typeof LNG_V1.vesselsHistory>;
/** Filters of `countries`. */
export type CountriesParams = ParamsOf<typeof LNG_V1.countries>;
/** Filters of `terminals`. */
export type TerminalsParams = ParamsOf<typeof LNG_V1.terminals>;

/** A daily volume flow (volume in the row's `volume_unit`). */
export type VolumeFlowRecord = RecordOf<typeof LNG_V1.volumeFlows>;
/** A version of a daily volume flow. */
export type VolumeFlowHistoryRecord = RecordOf<typeof LNG_V1.volumeFlowsHistory>;
/** An observed or forecast transaction (`forecasted_transaction` tells them apart). */
export type TransactionRecord = RecordOf<typeof LNG_V1.transactions>;
/** A forecast transaction with its scores, of `transactionsDetails`. */
export type TransactionDetailRecord = RecordOf<typeof LNG_V1.transactionsDetails>;
/** A forecast transaction of the latest run (the transaction fields plus score, route_score, route_score_weighted_volume). */
export type ForecastTransactionRecord = RecordOf<typeof LNG_V1.transactionsForecast>;
/** A forecast transaction of a past forecast run. */
export type ForecastDetailRecord = RecordOf<typeof LNG_V1.transactionsForecastHistoryDetails>;
/** A vessel. */
export type VesselRecord = RecordOf<typeof LNG_V1.vessels>;
/** A vessel with its details. */
export type VesselDetailsRecord = RecordOf<typeof LNG_V1.vesselsDetails>;
/** A past forecast run: pass its `forecast_run_at_timestamp` as `forecast_run_at`. */
export type ForecastRunRecord = RecordOf<typeof LNG_V1.forecastRunAtTimestamps>;
/** A forecast transaction with its route breakdown and scores, of `transactionsForecastDetails`. */
export type ForecastDetailsRecord = RecordOf<typeof LNG_V1.transactionsForecastDetails>;
/** A forecast transaction of a past run, of `transactionsForecastHistory`. */
export type ForecastHistoryRecord = RecordOf<typeof LNG_V1.transactionsForecastHistory>;
/** A vessel at one position of its history. */
export type VesselHistoryRecord = RecordOf<typeof LNG_V1.vesselsHistory>;
/** A country: name, alpha-2 code, polygon with its EEZ. */
export type CountryRecord = RecordOf<typeof LNG_V1.countries>;
/** A liquefaction or regasification terminal. */
export type TerminalRecord = RecordOf<typeof LNG_V1.terminals>;
/** The health of the API. */
export type HealthcheckRecord = RecordOf<typeof LNG_V1.healthcheck>;
