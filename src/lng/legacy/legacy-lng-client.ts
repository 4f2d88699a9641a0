/**
 * Client of the old job-based LNG API, for code that still runs on it while it migrates to v1.
 */
import type { EndpointSpec } from "../../catalog/types";
import type { EndpointRequest, EndpointTransport } from "../../client/endpoint-transport";
import { warnOnce, type WarningSink } from "../../client/warn-once";
import { ResponseParseError } from "../../errors";
import { Transport, type TransportOptions } from "../../http";
import { endpointLabel, validateParams } from "../../validate/validate-params";
import type { LngCallOptions } from "../call-lng";
import type { LegacyReport } from "../migrate/legacy-field-renames";
import { normalizeRecords } from "../normalize-records";
import { LEGACY_API, LEGACY_REPORT_RECORDS } from "./legacy-catalog";
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

/** Filters of the old endpoints (the report is chosen by the method). */
export type LegacyParams = Record<string, unknown>;

/**
 * Client of the old LNG API under `{legacy_base_url}/api/v2/`. Each call unwraps the job wrapper and
 * returns a {@link LegacyResult} (`records`, `meta`, `toFrame()`, plus `job`, `report` and `toV1()`).
 * A job whose state is not a success is a `JobFailedError` naming the job id, state, code and message.
 *
 * New code should use {@link LngClient}: see the README's migration section for the v1 call that
 * replaces each report.
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
   * `POST /api/v2/analysis_report` with `req_report` = `report`.
   * @param report live_status, route_predictions, overview or flow_timeseries
   * @param params the report's filters (none by default)
   */
  analysisReport(report: LegacyReport, params?: LegacyParams | null, opts?: LngCallOptions): Promise<LegacyResult> {
    return this.#call(LEGACY_API.analysisReport, { ...(params ?? {}), req_report: report }, opts, report);
  }

  /** The live_status report: the fleet summary as one record (details and notes in `report`). */
  liveStatusReport(params?: LegacyParams | null, opts?: LngCallOptions): Promise<LegacyResult> {
    return this.analysisReport("live_status", params, opts);
  }

  /** The route_predictions report. v1: `transactionsForecast`. */
  routePredictions(params?: LegacyParams | null, opts?: LngCallOptions): Promise<LegacyResult> {
    return this.analysisReport("route_predictions", params, opts);
  }

  /** The overview report (voyages). v1: `transactions`, then `deriveVoyages`. */
  overview(params?: LegacyParams | null, opts?: LngCallOptions): Promise<LegacyResult> {
    return this.analysisReport("overview", params, opts);
  }

  /** The flow_timeseries report (`aggregation` daily, weekly or monthly). v1: `volumeFlows`, then `resampleFlows`. */
  flowTimeseries(params?: LegacyParams | null, opts?: LngCallOptions): Promise<LegacyResult> {
    return this.analysisReport("flow_timeseries", params, opts);
  }

  /** `POST /api/v2/targetd_query`. */
  targetdQuery(params?: LegacyParams | null, opts?: LngCallOptions): Promise<LegacyResult> {
    return this.#call(LEGACY_API.targetdQuery, params, opts);
  }

  /** `GET /api/v2/queryAIS/query` (list filters are sent comma-separated in the query string). */
  queryAis(params?: LegacyParams | null, opts?: LngCallOptions): Promise<LegacyResult> {
    return this.#call(LEGACY_API.queryAis, params, opts);
  }

  /** `GET /api/v2/live_status`: the fleet summary as one record. */
  liveStatus(opts?: LngCallOptions): Promise<LegacyResult> {
    return this.#call(LEGACY_API.liveStatus, undefined, opts, "live_status");
  }

  async #call(spec: EndpointSpec, params: unknown, opts: LngCallOptions = {}, reportName?: LegacyReport): Promise<LegacyResult> {
    const { body, warnings } = validateParams(spec, params);
    const label = endpointLabel(spec);
    for (const w of warnings) warnOnce(`param:${label}:${w}`, `${label}: ${w}`, this.#warn);
    const endpoint = reportName === undefined || spec.method !== "analysisReport" ? spec.method : `analysisReport:${reportName}`;
    const req: EndpointRequest = {
      service: "legacy",
      apiVersion: "legacy",
      endpoint,
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
    const schema = reportName === undefined ? undefined : LEGACY_REPORT_RECORDS[reportName];
    let normalized = rows;
    if (schema !== undefined) {
      const n = normalizeRecords(schema, rows);
      normalized = n.records;
      for (const w of n.report.warnings) warnOnce(`legacy:${w}`, w, this.#warn);
    }
    return new LegacyResult(normalized, { ...meta, rows: normalized.length }, schema, {
      job,
      report,
      ...(reportName === undefined ? {} : { reportName }),
    });
  }
}

/** Query-string form of validated filters: lists comma-separated, everything else as text. */
function toQuery(body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) out[k] = Array.isArray(v) ? v.map((x) => (typeof x === "object" ? JSON.stringify(x) : String(x))).join(",") : typeof v === "object" ? JSON.stringify(v) : String(v);
  return out;
}
