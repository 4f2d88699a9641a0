/**
 * The LNG v1 client: volume flows, transactions, forecasts and vessels, validated from one catalog.
 */
import type { EndpointSpec } from "../catalog/types";
import type { EndpointTransport } from "../client/endpoint-transport";
import type { WarningSink } from "../client/warn-once";
import { Transport, type TransportOptions } from "../http";
import type { Result, ResultMeta } from "../table/result";
import { NameChecker } from "../validate/names/name-checker";
import { snapshotCallOptions } from "../validate/snapshot-options";
import { endpointLabel } from "../validate/validate-params";
import { LNG_V1, type LngMethod } from "./catalog/v1";
import { callLng, streamLng, type LngCallOptions, type LngStreamOptions } from "./call-lng";
import type {
  ForecastDetailRecord,
  ForecastRunAtTimestampsParams,
  ForecastRunRecord,
  ForecastTransactionRecord,
  TransactionRecord,
  TransactionsForecastHistoryDetailsParams,
  TransactionsForecastParams,
  TransactionsParams,
  VesselDetailsRecord,
  VesselRecord,
  VesselsDetailsParams,
  VesselsParams,
  VolumeFlowHistoryRecord,
  VolumeFlowRecord,
  VolumeFlowsHistoryParams,
  VolumeFlowsParams,
} from "./types";

/** Options of {@link LngClient}: every transport option, plus these. */
export interface LngClientOptions extends TransportOptions {
  /** Where one-time warnings (wrong IMO check digit, mixed volume units) go. Default `console.warn`. */
  warn?: WarningSink;
  /**
   * A transport to use instead of building one from the options (to share one, or a test's own).
   * Default: `new Transport(options, { service: "lng", baseUrlEnv: "GASFRAMES_LNG_URL" })`.
   */
  transport?: EndpointTransport;
  /**
   * Check country, country code and terminal names (and terminal ids) before each data request: a
   * name the service does not know is refused with the closest known ones (README: "Parameters and
   * validation"). Default: true.
   */
  checkNames?: boolean;
}

type Stream<R> = AsyncGenerator<R[], ResultMeta, undefined>;

/**
 * Streamed variants of the client's methods: NDJSON record batches as they arrive (memory bounded by
 * a batch); the generator's return value is the call's meta. Parameters are validated before the
 * first request.
 */
export interface LngStreams {
  volumeFlows(params?: VolumeFlowsParams | null, opts?: LngStreamOptions): Stream<VolumeFlowRecord>;
  volumeFlowsHistory(params?: VolumeFlowsHistoryParams | null, opts?: LngStreamOptions): Stream<VolumeFlowHistoryRecord>;
  transactions(params?: TransactionsParams | null, opts?: LngStreamOptions): Stream<TransactionRecord>;
  transactionsForecast(params?: TransactionsForecastParams | null, opts?: LngStreamOptions): Stream<ForecastTransactionRecord>;
  transactionsForecastHistoryDetails(params: TransactionsForecastHistoryDetailsParams, opts?: LngStreamOptions): Stream<ForecastDetailRecord>;
  vessels(params?: VesselsParams | null, opts?: LngStreamOptions): Stream<VesselRecord>;
  vesselsDetails(params?: VesselsDetailsParams | null, opts?: LngStreamOptions): Stream<VesselDetailsRecord>;
  forecastRunAtTimestamps(params?: ForecastRunAtTimestampsParams | null, opts?: LngStreamOptions): Stream<ForecastRunRecord>;
}

/**
 * Client of the LNG v1 service (`{lng_base_url}/v1`).
 *
 * Every method validates its parameters against the spec's parameter table before sending anything
 * (a parameter the endpoint does not take, a bad timestamp, polygon, country code or IMO is an
 * `InvalidParamsError`) and returns a `Result`: `records`, `meta` and `toFrame()`.
 *
 * @example
 * const lng = new LngClient({ baseUrl: sandbox.lngUrl, token: "demo" });
 * const flows = await lng.volumeFlows({ destination_country_codes: ["BE"], from_timestamp: "2024-01-01" });
 * flows.toFrame().head().print();
 */
export class LngClient {
  /** The transport every call goes through. */
  readonly transport: EndpointTransport;
  /** Streamed variants: `client.stream.transactions(params)` yields record batches (NDJSON). */
  readonly stream: LngStreams;
  readonly #warn: WarningSink | undefined;
  readonly #names: NameChecker | undefined;

  /**
   * @param options base URL (default env `GASFRAMES_LNG_URL`), token (default env `GASFRAMES_TOKEN`)
   *   and every transport option (retries, time-outs, cache, progress); see `TransportOptions`.
   */
  constructor(options: LngClientOptions = {}) {
    const { warn, transport, checkNames = true, ...transportOptions } = options;
    this.transport = transport ?? new Transport(transportOptions, { service: "lng", baseUrlEnv: "GASFRAMES_LNG_URL" });
    this.#warn = warn;
    this.#names = checkNames ? new NameChecker("lng", this.transport) : undefined;
    const stream = {} as Record<string, unknown>;
    for (const method of Object.keys(LNG_V1) as LngMethod[]) {
      const spec = LNG_V1[method] as EndpointSpec;
      stream[method] = (params?: unknown, opts?: LngStreamOptions) =>
        streamLng(this.transport, spec, params, snapshotCallOptions(endpointLabel(spec), opts, ["signal", "ndjson", "batchSize"]), this.#warn, this.#names);
    }
    this.stream = stream as unknown as LngStreams;
  }

  /**
   * Daily volume flows to destinations: observed before today, forecast after (forecast volume is the
   * sum of route_score_weighted_volume). `POST /v1/volume_flows`.
   */
  volumeFlows(params?: VolumeFlowsParams | null, opts?: LngCallOptions): Promise<Result<VolumeFlowRecord>> {
    return this.#call(LNG_V1.volumeFlows, params, opts);
  }

  /** Historic versions of the volume flows. `POST /v1/volume_flows/history`. */
  volumeFlowsHistory(params?: VolumeFlowsHistoryParams | null, opts?: LngCallOptions): Promise<Result<VolumeFlowHistoryRecord>> {
    return this.#call(LNG_V1.volumeFlowsHistory, params, opts);
  }

  /** Observed loading and offloading transactions. `POST /v1/transactions`. */
  transactions(params?: TransactionsParams | null, opts?: LngCallOptions): Promise<Result<TransactionRecord>> {
    return this.#call(LNG_V1.transactions, params, opts);
  }

  /** Forecast transactions of the latest run. `POST /v1/transactions/forecast`. */
  transactionsForecast(params?: TransactionsForecastParams | null, opts?: LngCallOptions): Promise<Result<ForecastTransactionRecord>> {
    return this.#call(LNG_V1.transactionsForecast, params, opts);
  }

  /**
   * Forecast transaction details of a past forecast run. `forecast_run_at` is required: get one from
   * {@link LngClient.forecastRunAtTimestamps}. `POST /v1/transactions/forecast/history/details`.
   */
  transactionsForecastHistoryDetails(
    params: TransactionsForecastHistoryDetailsParams,
    opts?: LngCallOptions,
  ): Promise<Result<ForecastDetailRecord>> {
    return this.#call(LNG_V1.transactionsForecastHistoryDetails, params, opts);
  }

  /** One record per vessel of the fleet. `POST /v1/vessels`. */
  vessels(params?: VesselsParams | null, opts?: LngCallOptions): Promise<Result<VesselRecord>> {
    return this.#call(LNG_V1.vessels, params, opts);
  }

  /** Vessel records with their details. `POST /v1/vessels/details`. */
  vesselsDetails(params?: VesselsDetailsParams | null, opts?: LngCallOptions): Promise<Result<VesselDetailsRecord>> {
    return this.#call(LNG_V1.vesselsDetails, params, opts);
  }

  /** Timestamps of past forecast runs, to pass as `forecast_run_at`. */
  forecastRunAtTimestamps(params?: ForecastRunAtTimestampsParams | null, opts?: LngCallOptions): Promise<Result<ForecastRunRecord>> {
    return this.#call(LNG_V1.forecastRunAtTimestamps, params, opts);
  }

  #call<R>(spec: EndpointSpec, params: unknown, opts: LngCallOptions | undefined): Promise<Result<R>> {
    try {
      return callLng<R>(this.transport, spec, params, snapshotCallOptions(endpointLabel(spec), opts), this.#warn, this.#names);
    } catch (err) {
      return Promise.reject(err);
    }
  }
}
