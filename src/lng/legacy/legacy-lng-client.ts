/**
 * Client of the old job-based LNG API, for code that still runs on it while it migrates to v1.
 */
import type { ParamsOf } from "../../catalog/derive-types";
import type { EndpointSpec } from "../../catalog/types";
import type { EndpointRequest, EndpointTransport } from "../../client/endpoint-transport";
import { warnOnce, type WarningSink } from "../../client/warn-once";
import { InvalidParamsError, ResponseParseError } from "../../errors";
import { Transport, type TransportOptions } from "../../http";
import { snapshotCallOptions } from "../../validate/snapshot-options";
import { endpointLabel, validateParams } from "../../validate/validate-params";
import type { LngCallOptions } from "../call-lng";
import { LEGACY_REPORTS, type LegacyReport, type LegacySource } from "../migrate/legacy-field-renames";
import { normalizeRecords } from "../normalize-records";
import { LEGACY_API } from "./legacy-catalog";
import { LegacyResult, reportRows } from "./legacy-result";
import { unwrapJob } from "./unwrap-job";

/** Options of {@link LegacyLngClient}: every transport option, plus these. */
export interface LegacyLngClientOptions extends TransportOptions {
  /** Where one-time warnings go. Default `console.warn`. */
  warn?: WarningSink;
  /**
   * A transport to use instead of building one. Default:
   * `new Transport(options, { service: "legacy", baseUrlEnv: "GASFRAMES_LEGACY_URL" })`.
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

/**
 * Client of the old LNG API under `{legacy_base_url}/api/v2/`. Each call unwraps the job wrapper and
 * returns a {@link LegacyResult} (`records`, `meta`, `toFrame()`, plus `job`, `report` and `toV1()`).
 * A job whose state is not a success is a `JobFailedError` naming the job id, state, code and message.
 *
 * New code should use `LngClient`: see the README's migration section for the v1 call that replaces
 * each report.
 */
export class LegacyLngClient {
  /** The transport every call goes through. */
  readonly transport: EndpointTransport;
  readonly #warn: WarningSink | undefined;

  /**
   * @param options base URL (default env `GASFRAMES_LEGACY_URL`), token (default env `GASFRAMES_TOKEN`)
   *   and every transport option; see `TransportOptions`.
   */
  constructor(options: LegacyLngClientOptions = {}) {
    const { warn, transport, ...transportOptions } = options;
    this.transport = transport ?? new Transport(transportOptions, { service: "legacy", baseUrlEnv: "GASFRAMES_LEGACY_URL" });
    this.#warn = warn;
  }

  /**
   * `POST /api/v2/analysis_report` with `req_report` = `report`, validated against that report's filters.
   * @param report live_status, route_predictions, overview or flow_timeseries
   * @param params the report's filters (none by default)
   */
  analysisReport(report: LegacyReport, params?: Record<string, unknown> | null, opts?: LngCallOptions): Promise<LegacyResult> {
    if (!(LEGACY_REPORTS as readonly string[]).includes(report)) {
      const issue = { param: "req_report", value: report, expected: `one of ${LEGACY_REPORTS.join(", ")}` };
      return Promise.reject(new InvalidParamsError("legacy.analysisReport", [issue]));
    }
    return this.#call(LEGACY_API[report], report, params, opts, report);
  }

  /** The live_status report: the fleet summary as one record (details and notes in `report`). v1: `vessels`, then `fleetSummary`. */
  liveStatusReport(opts?: LngCallOptions): Promise<LegacyResult> {
    return this.analysisReport("live_status", undefined, opts);
  }

  /** The route_predictions report. v1: `transactionsForecast`. */
  routePredictions(params?: LegacyRoutePredictionsParams | null, opts?: LngCallOptions): Promise<LegacyResult> {
    return this.analysisReport("route_predictions", params, opts);
  }

  /** The overview report (voyage legs). v1: `transactions`, then `deriveVoyages`. */
  overview(params?: LegacyOverviewParams | null, opts?: LngCallOptions): Promise<LegacyResult> {
    return this.analysisReport("overview", params, opts);
  }

  /**
   * The flow_timeseries report: one row per period (`aggregation` daily by default, weekly, monthly),
   * one volume column per polygon. v1: `volumeFlows`, then `resampleFlows`.
   */
  flowTimeseries(params?: LegacyFlowTimeseriesParams | null, opts?: LngCallOptions): Promise<LegacyResult> {
    return this.analysisReport("flow_timeseries", params, opts);
  }

  /** `POST /api/v2/targetd_query`: observed transactions under the old names. v1: `transactions`. */
  targetdQuery(params?: LegacyTargetdQueryParams | null, opts?: LngCallOptions): Promise<LegacyResult> {
    return this.#call(LEGACY_API.targetd_query, "targetd_query", params, opts);
  }

  /** `GET /api/v2/queryAIS/query`: vessel positions over time (lists go comma-separated in the query string). */
  queryAis(params: LegacyQueryAisParams, opts?: LngCallOptions): Promise<LegacyResult> {
    return this.#call(LEGACY_API.queryAIS, "queryAIS", params, opts);
  }

  /** `GET /api/v2/live_status`: the fleet summary as one record. v1: `vessels`, then `fleetSummary`. */
  liveStatus(opts?: LngCallOptions): Promise<LegacyResult> {
    return this.#call(LEGACY_API.live_status_endpoint, "live_status", undefined, opts);
  }

  async #call(spec: EndpointSpec, source: LegacySource, params: unknown, options: unknown, reqReport?: LegacyReport): Promise<LegacyResult> {
    const label = endpointLabel(spec);
    const opts = snapshotCallOptions(label, options);
    const validated = validateParams(spec, params);
    for (const w of validated.warnings) warnOnce(`param:${label}:${w}`, `${label}: ${w}`, this.#warn);
    const body = reqReport === undefined ? validated.body : { req_report: reqReport, ...validated.body };
    const req: EndpointRequest = {
      service: "legacy",
      apiVersion: "legacy",
      endpoint: spec.method,
      httpMethod: spec.httpMethod,
      path: spec.path,
      response: "job",
      params: body,
    };
    if (spec.httpMethod === "POST") req.body = body;
    else if (Object.keys(body).length > 0) req.query = toQuery(body);
    if (opts.signal) req.signal = opts.signal;

    const { records, meta } = await this.transport.fetchRecords<unknown>(req);
    if (records.length !== 1) {
      throw new ResponseParseError(`${label}: expected one job wrapper, got ${records.length} values`, { url: meta.url });
    }
    const { job, reportResult } = unwrapJob(records[0], { endpoint: label, url: meta.url });
    const { rows, report } = reportRows(reportResult);
    const { records: normalized, report: found } = normalizeRecords(spec.record, rows);
    for (const w of found.warnings) warnOnce(`legacy:${w}`, w, this.#warn);
    return new LegacyResult(normalized, { ...meta, rows: normalized.length }, spec.record, { job, report, source });
  }
}

/** Query-string form of validated filters: lists comma-separated, everything else as text. */
function toQuery(body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) out[k] = Array.isArray(v) ? v.map(String).join(",") : String(v);
  return out;
}
