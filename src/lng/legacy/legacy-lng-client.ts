/**
 * Client of the old job-based LNG API, for code that still runs on it while it migrates to v1. Every
 * method is built from the catalog (legacy-catalog.ts) by the one endpoint builder.
 */
import type { ParamsOf } from "../../catalog/derive-types";
import { buildEndpointMethods, endpointCaller, type EndpointArgs, type EndpointCallOptions, type MethodName } from "../../client/endpoint-methods";
import type { EndpointAnswer } from "../../client/call-endpoint";
import type { EndpointTransport } from "../../client/endpoint-transport";
import { serviceTransport } from "../../client/service-transport";
import type { WarningSink } from "../../client/warn-once";
import { InvalidParamsError } from "../../errors";
import type { TransportOptions } from "../../http/types";
import type { RecordColumns } from "../../table/record-columns";
import { LEGACY_REPORTS, type LegacyReport } from "../migrate/legacy-field-renames";
import { LEGACY_API, type LegacyEndpointSpec } from "./legacy-catalog";
import { LegacyResult } from "./legacy-result";
import { LEGACY_LNG_SERVICE, resolveLegacyBaseUrl } from "./legacy-base-url";

/** Options of {@link LegacyLngClient}: every transport option, plus these. */
export interface LegacyLngClientOptions extends TransportOptions {
  /** Where one-time warnings go. Default `console.warn`. */
  warn?: WarningSink;
  /**
   * A transport to use instead of building one. Default: a `Transport` of the options for the old
   * API (base URL from env `GASFRAMES_LEGACY_URL`).
   */
  transport?: EndpointTransport;
}

/** Filters of the route_predictions report. */
export type LegacyRoutePredictionsParams = ParamsOf<typeof LEGACY_API.route_predictions>;
/** Filters of the overview report. */
export type LegacyOverviewParams = ParamsOf<typeof LEGACY_API.overview>;
/** Filters of the flow_timeseries report. */
export type LegacyFlowTimeseriesParams = ParamsOf<typeof LEGACY_API.flow_timeseries>;
/** Filters of targetd_query. */
export type LegacyTargetdQueryParams = ParamsOf<typeof LEGACY_API.targetd_query>;
/** Filters of queryAIS/query (`imo` required). */
export type LegacyQueryAisParams = ParamsOf<typeof LEGACY_API.queryAIS>;

/** A method of the old API: an endpoint without filters takes only the options. */
export type LegacyMethod<S> = S extends { readonly params: readonly [] }
  ? (options?: EndpointCallOptions) => Promise<LegacyResult>
  : (...args: EndpointArgs<S, EndpointCallOptions>) => Promise<LegacyResult>;

/** Every endpoint of {@link LEGACY_API} as a method, named by its entry's `method`. */
export type LegacyApi = { readonly [K in keyof typeof LEGACY_API as MethodName<(typeof LEGACY_API)[K]>]: LegacyMethod<(typeof LEGACY_API)[K]> };

/**
 * Client of the old LNG API under `{legacy_base_url}/api/v2/` (the migration guide's
 * `https://api.leviaton.synmax.com/leviaton-be2/api/v2/`; the base may be given with or without
 * `/api/v2`, and has no default). One method per entry of
 * {@link LEGACY_API}: `liveStatusReport`, `routePredictions` (v1: `transactionsForecast`), `overview`
 * (v1: `transactionsHistory`, then `deriveVoyages`), `flowTimeseries` (v1: `volumeFlows`, then
 * `resampleFlows`), `targetdQuery` (v1: `transactionsHistory`), `queryAis` (`imo` required; GET, lists
 * comma-separated in the query string) and `liveStatus` (v1: `vessels`, then `fleetSummary`), plus
 * {@link LegacyLngClient.analysisReport} for a report by name.
 *
 * Each call unwraps the job wrapper and returns a {@link LegacyResult} (`records`, `meta`,
 * `toFrame()`, plus `job`, `report` and `toV1()`). A job whose state is not a success is a
 * `JobFailedError` naming the job id, state, code and message.
 *
 * New code should use `LngClient`: see the migration section of docs/lng.md for the v1 call that replaces
 * each report.
 * @example
 * const old = new LegacyLngClient({ baseUrl: sandbox.legacyUrl, token: "demo" });
 * const voyages = await old.overview({ start_date: "2025-01-01", end_date: "2025-01-31" });
 * console.log(voyages.job.job_id, voyages.length);
 */
export interface LegacyLngClient extends LegacyApi {}
export class LegacyLngClient {
  /** The transport every call goes through. */
  readonly transport: EndpointTransport;
  readonly #reports: ReturnType<typeof endpointCaller>;

  /**
   * @param options base URL (default env `GASFRAMES_LEGACY_URL`; no built-in default: without one, a
   *   `ConfigurationError` names the base the migration guide documents,
   *   `https://api.leviaton.synmax.com/leviaton-be2/api/v2/`, which may be given with or without its
   *   `/api/v2`), token (default env `GASFRAMES_LEGACY_TOKEN`, else `GASFRAMES_TOKEN`) and every
   *   transport option; see `TransportOptions`.
   */
  constructor(options: LegacyLngClientOptions = {}) {
    const { warn, transport, ...rest } = options;
    const baseUrl = resolveLegacyBaseUrl(rest.baseUrl);
    const transportOptions = baseUrl === undefined ? rest : { ...rest, baseUrl };
    this.transport = transport ?? serviceTransport(transportOptions, LEGACY_LNG_SERVICE);
    const methodOptions = { ...(warn ? { warn } : {}), result: legacyResult, streams: false, optionsOnlyWithoutParams: true };
    this.#reports = endpointCaller(this.transport, methodOptions);
    Object.assign(this, buildEndpointMethods(this.transport, LEGACY_API, methodOptions));
  }

  /**
   * `POST /api/v2/analysis_report` with `req_report` = `report`, validated against that report's filters.
   * @param report live_status, route_predictions, overview or flow_timeseries
   * @param params the report's filters (none by default)
   */
  analysisReport(report: LegacyReport, params?: Record<string, unknown> | null, opts?: EndpointCallOptions): Promise<LegacyResult> {
    if (!(LEGACY_REPORTS as readonly string[]).includes(report)) {
      const issue = { param: "req_report", value: report, expected: `one of ${LEGACY_REPORTS.join(", ")}` };
      return Promise.reject(new InvalidParamsError("legacy.analysisReport", [issue]));
    }
    return this.#reports.call(LEGACY_API[report], params, opts) as Promise<LegacyResult>;
  }
}

/** The Result of an old-API call: its records with the job, the report's other parts, and where they came from. */
function legacyResult(answer: EndpointAnswer): LegacyResult {
  const { data, meta, schema, job, spec } = answer;
  // A job's report is one JSON document: its rows are objects already, never columns.
  const records = Array.isArray(data) ? (data as Record<string, unknown>[]) : (data as RecordColumns).toRecords();
  return new LegacyResult(records, meta, schema, { job: job?.job ?? { state: "" }, report: job?.report ?? {}, source: (spec as LegacyEndpointSpec).legacySource });
}
