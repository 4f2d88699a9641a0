/**
 * The LNG v1 service of the sandbox, mounted at `{url}/lng`. Every data endpoint is POST with a JSON
 * body (the vessel and forecast-run endpoints also answer GET); answers are JSON arrays, or NDJSON
 * when the request asks for it. `GET /v1/healthcheck` answers one JSON object. The forecast runs are
 * at `/v1/forecast_run_at_timestamps` (the vendor's OpenAPI document); the two paths gasframes used
 * before still answer, in their old record shape.
 */
import { SandboxHttpError, type SandboxContext, type SandboxReply, type SandboxRequest, type ServiceHandler } from "../core/types";
import { lngDataset, type LngDataset } from "./model/dataset";
import { parseLngQuery, queryToBody, type LngQuery } from "./query/params";
import { forecastAsTransactionRecord, forecastDetailRecord, forecastTransactionRecord, observedModifiedAt, observedTransactionRecord } from "./records";
import { mostLikelyRoutes } from "./model/forecasts";
import { transactionPredicate } from "./query/transaction-filter";
import { DAY_MS, formatRecordTimestamp } from "./model/time";
import { vesselDetailRecord, vesselRecord, nextForecastByImo } from "./vessel-records";
import { vesselStateAt } from "./model/vessel-state";
import { volumeFlowHistoryRecords, volumeFlowRecords } from "./query/volume-flows";
import { countryRecords, forecastRunRecords, positionMatches, terminalRecords, vesselHistoryRecords, vesselMatches } from "./reference-records";

/** Default range of volume_flows when from/to are absent: 365 days before asOf to 90 days after. */
export const DEFAULT_FLOW_DAYS_BEFORE = 365;
export const DEFAULT_FLOW_DAYS_AFTER = 90;
/** Default range of volume_flows/history: 30 days before asOf to 90 days after. */
export const DEFAULT_HISTORY_DAYS_BEFORE = 30;

const OFFLOADING_ONLY = new Set(["offloading"] as const);
const GET_ALLOWED = new Set([
  "/v1/forecast_run_at_timestamps",
  "/v1/healthcheck",
  "/v1/vessels",
  "/v1/vessels/details",
  "/v1/transactions/forecast/forecast_run_at_timestamps",
  "/v1/volume_flows/forecast_run_at_timestamps",
]);

type Endpoint = (dataset: LngDataset, query: LngQuery) => Iterable<Record<string, unknown>>;

function latestRun(dataset: LngDataset): number {
  return dataset.runs[dataset.runs.length - 1] as number;
}

function requireRun(dataset: LngDataset, runAt: number | undefined, required: boolean): number {
  const latest = latestRun(dataset);
  if (runAt === undefined) {
    if (required) throw new SandboxHttpError(400, `forecast_run_at is required; take one from forecast_run_at_timestamps (latest: "${formatRecordTimestamp(latest)}")`);
    return latest;
  }
  if (dataset.runs.includes(runAt)) return runAt;
  let nearest = latest;
  for (const run of dataset.runs) if (Math.abs(run - runAt) < Math.abs(nearest - runAt)) nearest = run;
  throw new SandboxHttpError(
    400,
    `forecast_run_at ${formatRecordTimestamp(runAt)} is not a forecast run; the nearest run is "${formatRecordTimestamp(nearest)}" (see forecast_run_at_timestamps)`,
  );
}

function* filtered<T>(items: readonly T[], keep: (item: T) => boolean): Generator<T> {
  for (const item of items) if (keep(item)) yield item;
}

function* mapped<T>(items: Iterable<T>, f: (item: T) => Record<string, unknown>): Generator<Record<string, unknown>> {
  for (const item of items) yield f(item);
}

function inRange(query: LngQuery, ts: number): boolean {
  return (query.fromMs === undefined || ts >= query.fromMs) && (query.toMs === undefined || ts < query.toMs);
}

const ENDPOINTS: Readonly<Record<string, Endpoint>> = {
  "/v1/volume_flows": (dataset, query) => {
    const runAt = requireRun(dataset, query.forecastRunAt, false);
    const range = {
      fromMs: query.fromMs ?? dataset.asOfMs - DEFAULT_FLOW_DAYS_BEFORE * DAY_MS,
      toMs: query.toMs ?? dataset.asOfMs + DEFAULT_FLOW_DAYS_AFTER * DAY_MS,
    };
    return volumeFlowRecords(dataset, transactionPredicate(query, OFFLOADING_ONLY), runAt, range);
  },
  "/v1/volume_flows/history": (dataset, query) => {
    const range = {
      fromMs: query.fromMs ?? dataset.asOfMs - DEFAULT_HISTORY_DAYS_BEFORE * DAY_MS,
      toMs: query.toMs ?? dataset.asOfMs + DEFAULT_FLOW_DAYS_AFTER * DAY_MS,
    };
    return volumeFlowHistoryRecords(dataset, transactionPredicate(query, OFFLOADING_ONLY), range, formatRecordTimestamp);
  },
  "/v1/transactions/forecast/history/details": (dataset, query) => forecastDetails(dataset, query, requireRun(dataset, query.forecastRunAt, true)),
  // The published reference's forecast details: forecast_run_at optional (the latest run without it), a time window.
  "/v1/transactions/details": (dataset, query) => forecastDetails(dataset, query, requireRun(dataset, query.forecastRunAt, false)),
  // Historic and forecast transactions (the published reference): the observed ones, then the latest run's
  // most likely route of each forecast transaction, told apart by forecasted_transaction and forecast_run_at.
  "/v1/transactions": function* (dataset, query) {
    yield* observedTransactions(dataset, query);
    const keep = transactionPredicate(query);
    const forecast = mostLikelyRoutes(dataset.forecast(latestRun(dataset)));
    yield* mapped(filtered(forecast, (tx) => inRange(query, tx.destinationTs) && keep(tx)), forecastAsTransactionRecord);
  },
  "/v1/transactions/history": observedTransactions,
  "/v1/transactions/forecast": (dataset, query) => {
    const keep = transactionPredicate(query);
    return mapped(filtered(dataset.forecast(latestRun(dataset)), (tx) => inRange(query, tx.destinationTs) && keep(tx)), forecastTransactionRecord);
  },
  "/v1/vessels": (dataset, query) => vessels(dataset, query, vesselRecord),
  "/v1/vessels/details": (dataset, query) => vessels(dataset, query, vesselDetailRecord),
  // The vendor's OpenAPI document's forecast details (latest run without forecast_run_at) and a past run's forecast.
  "/v1/transactions/forecast/details": (dataset, query) => forecastDetails(dataset, query, requireRun(dataset, query.forecastRunAt, false)),
  "/v1/transactions/forecast/history": (dataset, query) => {
    const keep = transactionPredicate(query);
    return mapped(filtered(dataset.forecast(requireRun(dataset, query.forecastRunAt, true)), keep), forecastTransactionRecord);
  },
  "/v1/vessels/history": vesselHistoryRecords,
  "/v1/countries": countryRecords,
  "/v1/terminals": terminalRecords,
  "/v1/forecast_run_at_timestamps": forecastRunRecords,
  // Answered as one JSON object in handleLngRequest; listed here so the path is known.
  "/v1/healthcheck": () => [],
  // The paths gasframes used before the OpenAPI document was found, in their old record shape.
  "/v1/transactions/forecast/forecast_run_at_timestamps": runTimestamps,
  "/v1/volume_flows/forecast_run_at_timestamps": runTimestamps,
};

function observedTransactions(dataset: LngDataset, query: LngQuery): Iterable<Record<string, unknown>> {
  const keep = transactionPredicate(query);
  const txs = filtered(dataset.observed, (tx) => inRange(query, tx.destinationTs) && keep(tx));
  return mapped(txs, (tx) => observedTransactionRecord(tx, observedModifiedAt(dataset.seed, tx, dataset.asOfMs)));
}

function forecastDetails(dataset: LngDataset, query: LngQuery, runAt: number): Iterable<Record<string, unknown>> {
  const keep = transactionPredicate(query);
  const txs = filtered(dataset.forecast(runAt), (tx) => inRange(query, tx.destinationTs) && keep(tx));
  return mapped(txs, (tx) => forecastDetailRecord(tx, dataset.vesselsByImo.get(tx.imo)));
}

function runTimestamps(dataset: LngDataset, query: LngQuery): Iterable<Record<string, unknown>> {
  return dataset.runs.filter((run) => inRange(query, run)).map((run) => ({ forecast_run_at: formatRecordTimestamp(run) }));
}

function vessels(
  dataset: LngDataset,
  query: LngQuery,
  record: typeof vesselRecord,
): Iterable<Record<string, unknown>> {
  const forecasts = nextForecastByImo(dataset);
  const chosen = dataset.vessels.filter(
    (v) =>
      vesselMatches(query, v) &&
      (!query.vesselTypes || query.vesselTypes.has(v.vesselType)) &&
      (!query.statuses || query.statuses.has(v.status)),
  );
  const states = chosen.map((v) => vesselStateAt(dataset, v)).filter((state) => positionMatches(query, state));
  return states.map((state) => record(dataset, state, forecasts.get(state.vessel.imo)));
}

/** Answers one LNG v1 request; undefined for a path the service does not have. */
export function handleLngRequest(req: SandboxRequest, ctx: SandboxContext): SandboxReply | undefined {
  const endpoint = Object.hasOwn(ENDPOINTS, req.path) ? ENDPOINTS[req.path] : undefined;
  if (!endpoint) return undefined;
  const method = req.method.toUpperCase();
  if (method !== "POST" && !(method === "GET" && GET_ALLOWED.has(req.path))) {
    throw new SandboxHttpError(405, `${req.method} is not allowed on ${req.path}; use POST with a JSON body`);
  }
  const body = method === "GET" ? queryToBody(req.query) : req.body;
  const query = parseLngQuery(req.path, body);
  if (req.path === "/v1/healthcheck") return { kind: "json", status: 200, body: { status: "healthy" } };
  const dataset = lngDataset(ctx.seed, ctx.asOf);
  return { kind: "rows", rows: endpoint(dataset, query), format: req.ndjson ? "ndjson" : "array" };
}

/** The LNG v1 service handler. */
export const lngHandler: ServiceHandler = handleLngRequest;

/** Paths the LNG v1 sandbox serves (for tests and docs). */
export const LNG_V1_PATHS: readonly string[] = Object.keys(ENDPOINTS);

/** The methods each LNG v1 path answers (for tests and docs). */
export function lngV1MethodsOf(path: string): readonly ("GET" | "POST")[] {
  return GET_ALLOWED.has(path) ? ["POST", "GET"] : ["POST"];
}
