/**
 * The old job-based LNG API of the sandbox, mounted at `{url}/legacy`, drawn from the same fleet,
 * transactions and forecasts as LNG v1 so that a migration can be checked number for number.
 */
import { SandboxHttpError, type SandboxContext, type SandboxReply, type SandboxRequest } from "../../core/types";
import { lngDataset, type LngDataset } from "../model/dataset";
import { FLOW_TIMESERIES_PARAMS, flowTimeseriesReport } from "./flow-timeseries";
import { wrapJob, type JobOutcome } from "./job-wrapper";
import { legacyQueryToBody, readLegacyParams, type LegacyParamKind, type LegacyParams } from "./legacy-params";
import { liveStatusReport } from "./live-status";
import { OVERVIEW_PARAMS, overviewReport } from "./overview";
import { QUERY_AIS_PARAMS, queryAis } from "./query-ais";
import { ROUTE_PREDICTION_PARAMS, routePredictionsReport } from "./route-predictions";
import { TARGETED_QUERY_PARAMS, targetedQuery } from "./targeted-query";

interface Report {
  readonly params: Readonly<Record<string, LegacyParamKind>>;
  readonly run: (dataset: LngDataset, params: LegacyParams) => unknown;
}

/** The req_report values of POST /api/v2/analysis_report. */
export const REPORTS: Readonly<Record<string, Report>> = {
  live_status: { params: {}, run: (dataset) => liveStatusReport(dataset) },
  route_predictions: { params: ROUTE_PREDICTION_PARAMS, run: routePredictionsReport },
  overview: { params: OVERVIEW_PARAMS, run: overviewReport },
  flow_timeseries: { params: FLOW_TIMESERIES_PARAMS, run: flowTimeseriesReport },
};

function rowsOf(result: unknown): number {
  if (Array.isArray(result)) return result.length;
  const data = (result as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? data.length : 1;
}

function requireMethod(req: SandboxRequest, method: "GET" | "POST"): void {
  if (req.method.toUpperCase() !== method) throw new SandboxHttpError(405, `${req.method} is not allowed on ${req.path}; use ${method}`);
}

function analysisReport(dataset: LngDataset, body: unknown): JobOutcome {
  if (body !== undefined && body !== null && (typeof body !== "object" || Array.isArray(body))) {
    throw new SandboxHttpError(400, "the request body of analysis_report must be a JSON object with req_report");
  }
  const requested = (body as Record<string, unknown> | undefined)?.req_report;
  const name = typeof requested === "string" ? requested : undefined;
  const report = name !== undefined && Object.hasOwn(REPORTS, name) ? REPORTS[name] : undefined;
  if (!report || name === undefined) {
    return {
      func: name ?? "analysis_report",
      reportResult: null,
      messageKey: "message",
      message: `unknown req_report ${JSON.stringify(requested ?? null)}; expected one of ${Object.keys(REPORTS).join(", ")}`,
      failed: true,
      code: 400,
    };
  }
  const params = readLegacyParams(`analysis_report ${name}`, body, report.params, ["req_report"]);
  const result = report.run(dataset, params);
  return { func: name, reportResult: result, messageKey: "message", message: `${name} report ready`, rows: rowsOf(result) };
}

/** One route of the old API: its method, the parameters it reads, and how it answers. */
export interface LegacyRoute {
  readonly method: "GET" | "POST";
  /** Parameters it takes (analysis_report: `req_report`; each report's own are in {@link REPORTS}). */
  readonly params: Readonly<Record<string, LegacyParamKind>>;
  /** The request echoed in the job (the body, or the query string turned into one). */
  request(req: SandboxRequest): unknown;
  outcome(req: SandboxRequest, request: unknown, dataset: LngDataset): JobOutcome;
}

/** The routes of the old API, by path below its base. */
export const LEGACY_ROUTES: ReadonlyMap<string, LegacyRoute> = new Map<string, LegacyRoute>([
  [
    "/api/v2/analysis_report",
    { method: "POST", params: { req_report: "string" }, request: (req) => req.body, outcome: (req, _request, dataset) => analysisReport(dataset, req.body) },
  ],
  [
    "/api/v2/targetd_query",
    {
      method: "POST",
      params: TARGETED_QUERY_PARAMS,
      request: (req) => req.body,
      outcome: (req, _request, dataset) => {
        const params = readLegacyParams("targetd_query", req.body, TARGETED_QUERY_PARAMS);
        const result = targetedQuery(dataset, params);
        return { func: "targetd_query", reportResult: result, messageKey: "query", message: req.body ?? {}, rows: result.length };
      },
    },
  ],
  [
    "/api/v2/queryAIS/query",
    {
      method: "GET",
      params: QUERY_AIS_PARAMS,
      request: (req) => legacyQueryToBody(req.query),
      outcome: (req, request, dataset) => {
        const params = readLegacyParams("queryAIS/query", request, QUERY_AIS_PARAMS);
        const result = queryAis(dataset, params);
        return { func: "queryAIS", reportResult: result, messageKey: "query", message: req.query.toString(), rows: result.length };
      },
    },
  ],
  [
    "/api/v2/live_status",
    {
      method: "GET",
      params: {},
      request: (req) => legacyQueryToBody(req.query),
      outcome: (_req, request, dataset) => {
        readLegacyParams("live_status", request, {});
        return { func: "live_status", reportResult: liveStatusReport(dataset), messageKey: "message", message: "live_status report ready", rows: 1 };
      },
    },
  ],
]);

/** Answers one request of the old API; undefined for a path it does not have. */
export function handleLegacyRequest(req: SandboxRequest, ctx: SandboxContext): SandboxReply | undefined {
  const route = LEGACY_ROUTES.get(req.path);
  if (!route) return undefined;
  requireMethod(req, route.method);
  const request = route.request(req);
  const dataset = lngDataset(ctx.seed, ctx.asOf);
  return { kind: "json", status: 200, body: wrapJob(dataset, route.outcome(req, request, dataset), request) };
}
