/**
 * The LNG v1 client: volume flows, transactions, forecasts and vessels, every method built from the
 * catalog (src/lng/catalog/v1.ts) by the one endpoint builder.
 */
import { buildEndpointMethods, type EndpointApi, type EndpointCallOptions, type EndpointStreamOptions } from "../client/endpoint-methods";
import type { EndpointTransport } from "../client/endpoint-transport";
import { LNG_SERVICE } from "../client/services";
import { serviceTransport } from "../client/service-transport";
import type { WarningSink } from "../client/warn-once";
import type { TransportOptions } from "../http/types";
import { NameChecker } from "../validate/names/name-checker";
import { LNG_V1 } from "./catalog/v1";

/** Options of {@link LngClient}: every transport option, plus these. */
export interface LngClientOptions extends TransportOptions {
  /** Where one-time warnings (wrong IMO check digit, mixed volume units) go. Default `console.warn`. */
  warn?: WarningSink;
  /**
   * A transport to use instead of building one from the options (to share one, or a test's own).
   * Default: a `Transport` of the options for the LNG service (base URL from env `GASFRAMES_LNG_URL`).
   */
  transport?: EndpointTransport;
  /**
   * Check country, country code and terminal names (and terminal ids) before each data request: a
   * name the service does not know is refused with the closest known ones (docs/lng.md: "Parameters and
   * validation"). Default: true.
   */
  checkNames?: boolean;
}

/** Options of one LNG call: `signal`, and `ndjson` (ask for NDJSON and parse it line by line; default false). */
export type LngCallOptions = EndpointCallOptions;

/** Options of a streamed LNG call: those of a call, plus `batchSize` (records per batch; default 10,000). */
export type LngStreamOptions = EndpointStreamOptions;

/** Every LNG v1 endpoint as a method, and `stream.<method>`: one per catalog entry. */
export type LngApi = EndpointApi<typeof LNG_V1>;

/**
 * Streamed variants of the client's methods: NDJSON record batches as they arrive (memory bounded by
 * a batch); the generator's return value is the call's meta. Parameters are validated before the
 * first request.
 */
export type LngStreams = LngApi["stream"];

/**
 * Client of the LNG v1 service (`{lng_base_url}/v1`). One method per endpoint of {@link LNG_V1}
 * (`volumeFlows`, `volumeFlowsHistory`, `transactions` (observed transactions, then the latest
 * forecast run's: `forecasted_transaction` tells them apart), `transactionsHistory` (observed only),
 * `transactionsDetails` (forecast details with scores; `forecast_run_at` optional, the latest run
 * without it), `transactionsForecast`, `transactionsForecastDetails`, `transactionsForecastHistory`
 * and `transactionsForecastHistoryDetails` (a past run's; `forecast_run_at` required), `vessels`,
 * `vesselsDetails`, `vesselsHistory`, `forecastRunAtTimestamps` (`GET /v1/forecast_run_at_timestamps`),
 * the reference lists `countries` and `terminals`, and `healthcheck`), each
 * `method(params, { signal, ndjson })`, and `stream.<method>(params, { batchSize })`. The endpoints no
 * page documents follow the vendor's OpenAPI document (docs/conformance.md#lng-v1); what it does not
 * confirm is in `LNG_V1.<method>.source.unverified`.
 *
 * Every method validates its parameters against its catalog entry (the published page's or the spec's
 * parameter table) before sending anything
 * (a parameter the endpoint does not take, a bad timestamp, polygon, country code or IMO is an
 * `InvalidParamsError`) and returns a `Result`: `records`, `meta` and `toFrame()`. Timestamps come
 * back as ISO 8601 UTC; each row keeps its own `volume_unit`, and a mixture of units warns.
 *
 * @example
 * const lng = new LngClient({ baseUrl: sandbox.lngUrl, token: "demo" });
 * const flows = await lng.volumeFlows({ destination_country_codes: ["BE"], from_timestamp: "2024-01-01" });
 * flows.toFrame().head().print();
 */
export interface LngClient extends LngApi {}
export class LngClient {
  /** The transport every call goes through. */
  readonly transport: EndpointTransport;

  /**
   * @param options base URL (default env `GASFRAMES_LNG_URL`), token (default env `GASFRAMES_TOKEN`)
   *   and every transport option (retries, time-outs, cache, progress); see `TransportOptions`.
   */
  constructor(options: LngClientOptions = {}) {
    const { warn, transport, checkNames = true, ...transportOptions } = options;
    this.transport = transport ?? serviceTransport(transportOptions, LNG_SERVICE);
    Object.assign(
      this,
      buildEndpointMethods(this.transport, LNG_V1, {
        ...(warn ? { warn } : {}),
        ...(checkNames ? { names: new NameChecker("lng", this.transport) } : {}),
      }),
    );
  }
}
