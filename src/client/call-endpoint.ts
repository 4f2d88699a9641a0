/**
 * The one path every endpoint call takes, whatever the service: validate -> check names -> transport
 * -> unwrap the answer -> shape the records by their schema (on columns for a whole answer) -> Result.
 * Everything service-specific comes from the endpoint's catalog entry.
 */
import { BadRequestError, QueryTooLargeError } from "../errors";
import { tokenHeaderFor } from "../catalog/token-headers";
import { aggregatedSchema } from "../catalog/aggregated-schema";
import type { EndpointSpec } from "../catalog/types";
import type { RecordSchema } from "../table/schema";
import { rowsOf, type RecordPart } from "../decode/columnar/gathered-parts";
import type { TransportMeta } from "../http/types";
import type { RecordColumns } from "../table/record-columns";
import { Result, type ResultMeta } from "../table/result";
import { endpointLabel, validateParams } from "../validate/validate-params";
import { EmptyAnswerWatch } from "../validate/names/empty-answer";
import { warnIfEmpty, type NameChecker } from "../validate/names/name-checker";
import type { EndpointRequest, EndpointTransport } from "./endpoint-transport";
import { jobAnswer, type JobAnswer } from "./job-response";
import { RecordShaper, recordPlan, type RecordPlan } from "./normalise-records";
import { addGroupColumns } from "./aggregated-columns";
import { warnOnce, type WarningSink } from "./warn-once";
import { checkDrift } from "./schema-drift";

/** A whole call's answer, shaped, before it becomes a Result. */
export interface EndpointAnswer {
  readonly spec: EndpointSpec;
  /** The records as columns, or as records when they have none (a job's report, a test transport's answer). */
  readonly data: RecordPart;
  readonly meta: ResultMeta;
  /** The record schema the rows follow (with `aggregate_by`, the aggregated fields the rows carry: see `schemaFor`). */
  readonly schema: RecordSchema;
  /** For a `job` answer: the job and the report's other parts. */
  readonly job?: JobAnswer;
}

/** Makes the Result of a whole call; see {@link CallOptions.result}. */
export type ResultMaker = (answer: EndpointAnswer) => Result<unknown>;

/** Options of one endpoint call. */
export interface CallOptions {
  /** Cancels the call (and any retry wait). Default: none. */
  signal?: AbortSignal;
  /**
   * For endpoints answering a JSON array (natural gas v4, LNG v1): ask for NDJSON and parse it line by
   * line. Default: false for a whole call, true for a stream.
   */
  ndjson?: boolean;
  /** Where warnings go. Default: `console.warn`, each warning once per process (see `warnOnce`). */
  warn?: WarningSink;
  /**
   * Service labels of a field that mean a schema field (`{ state_ab: "state_code" }`), on top of the
   * catalog entry's `fieldAliases`. Default: none.
   */
  fieldAliases?: Readonly<Record<string, string>>;
  /**
   * Checks name filters (regions, counties, countries, terminals...) against the service's lists
   * before the data request, and warns when an unchecked name filter gets an empty answer. The
   * clients pass their own. Default: none (names are not checked).
   */
  names?: NameChecker;
  /** Makes the Result of a whole call (the old API's `LegacyResult`). Default: a `Result` of the answer. */
  result?: ResultMaker;
  /** Today, for checks relative to it (a run date older than the service keeps), epoch ms. Default `Date.now`. */
  clock?: () => number;
}

/** Options of a streamed call. */
export interface StreamOptions extends CallOptions {
  /** Records per batch for NDJSON streams (v3 pages arrive a page at a time). Default: the transport's (10,000). */
  batchSize?: number;
}

/**
 * The record schema a call's rows follow: when `aggregate_by` was sent, the fields the aggregated rows
 * carry, the group columns asked for and no other (see `aggregatedSchema`); else the plain record.
 */
export function schemaFor(spec: EndpointSpec, body: Record<string, unknown>): RecordSchema {
  return isAggregated(spec, body) ? aggregatedSchema(spec, body.aggregate_by) : spec.record;
}

function isAggregated(spec: EndpointSpec, body: Record<string, unknown>): boolean {
  return body.aggregate_by !== undefined && body.aggregate_by !== null && spec.aggregatedRecord !== undefined;
}

/**
 * Calls one endpoint and returns all its records.
 *
 * Parameters are validated first ({@link InvalidParamsError}, nothing sent), name filters too when
 * `opts.names` is given (see {@link NameChecker}). A deprecated endpoint, and a query with no filter
 * on an endpoint whose dataset is huge, warn once. A `job` answer is unwrapped into its report's rows
 * (a failed job is a `JobFailedError`). Records are shaped by the endpoint's schema (the aggregated
 * one when `aggregate_by` is set; see `RecordPlan`): on the columns when the transport gives columns,
 * so that the Result builds row objects only if asked for them. The service's row-limit refusal
 * becomes {@link QueryTooLargeError}, naming the filters that narrow the query.
 */
export async function callEndpoint<R = Record<string, unknown>>(
  transport: EndpointTransport,
  spec: EndpointSpec,
  params?: unknown,
  opts: CallOptions = {},
): Promise<Result<R>> {
  const { req, filters, schema, plan } = prepare(spec, params, opts, opts.ndjson ?? false);
  const names = opts.names ? await opts.names.check(spec, filters, opts) : undefined;
  let fetched: { data: RecordPart; meta: TransportMeta };
  try {
    if (transport.fetchColumns !== undefined) fetched = await transport.fetchColumns(req);
    else {
      const { records, meta } = await transport.fetchRecords<unknown>(req);
      fetched = { data: records, meta };
    }
  } catch (err) {
    throw refine(spec, err);
  }
  let data = fetched.data;
  let job: JobAnswer | undefined;
  if (spec.decoder === "job") {
    const answer = jobAnswer(recordsOf(data), { endpoint: endpointLabel(spec), url: fetched.meta.url });
    ({ rows: data, ...job } = answer);
  }
  const shaper = new RecordShaper(plan);
  data = Array.isArray(data) ? shaper.records(data) : shaper.columns(data);
  if (isAggregated(spec, filters)) data = addGroupColumns(data, spec);
  for (const w of shaper.warnings()) warnOnce(`records:${w}`, w, opts.warn);
  const drift = reportDrift(schema, data, opts.warn);
  data = drift.data;
  const meta = resultMeta(spec, fetched.meta, rowsOf(data));
  if (drift.drift !== undefined) meta.drift = drift.drift;
  const answer: EndpointAnswer = { spec, data, meta, schema, ...(job ? { job } : {}) };
  const result = (opts.result ?? plainResult)(answer) as Result<R>;
  if (names && names.unchecked.length > 0) {
    const watch = new EmptyAnswerWatch(schema);
    watch.observeResult(result);
    warnIfEmpty(spec, names, watch.emptiness, opts.warn);
  }
  return result;
}

/**
 * Calls one endpoint and yields its records in batches as they arrive (v3: a page at a time, in
 * offset order; v4 and LNG: NDJSON batches), so memory stays bounded by a batch. Each batch is shaped
 * like a whole call's records. The generator's return value is the call's metadata. Parameters are
 * validated when this function is called, before iteration starts; name filters (`opts.names`) on the
 * first `next()`, before the first request.
 */
export function streamEndpoint<R = Record<string, unknown>>(
  transport: EndpointTransport,
  spec: EndpointSpec,
  params?: unknown,
  opts: StreamOptions = {},
): AsyncGenerator<R[], ResultMeta, undefined> {
  const { req, filters, schema, plan } = prepare(spec, params, opts, opts.ndjson ?? spec.decoder === "array");
  const batchOpts = opts.batchSize === undefined ? undefined : { batchSize: opts.batchSize };
  return (async function* stream(): AsyncGenerator<R[], ResultMeta, undefined> {
    const names = opts.names ? await opts.names.check(spec, filters, opts) : undefined;
    const watch = names && names.unchecked.length > 0 ? new EmptyAnswerWatch(schema) : undefined;
    const shaper = new RecordShaper(plan);
    const inner = transport.streamRecords<unknown>(req, batchOpts);
    let rows = 0;
    try {
      for (;;) {
        const step = await inner.next();
        if (step.done) {
          if (watch) warnIfEmpty(spec, names!, watch.emptiness, opts.warn);
          return resultMeta(spec, step.value, spec.decoder === "job" ? rows : step.value.rows);
        }
        let batch = step.value;
        if (spec.decoder === "job") batch = jobAnswer(batch, { endpoint: endpointLabel(spec) }).rows;
        shaper.records(batch);
        if (isAggregated(spec, filters)) addGroupColumns(batch, spec);
        for (const w of shaper.warnings("stream")) warnOnce(`records:${w}`, w, opts.warn);
        reportDrift(schema, batch, opts.warn);
        watch?.observe(batch);
        rows += batch.length;
        yield batch as R[];
      }
    } catch (err) {
      throw refine(spec, err);
    } finally {
      await inner.return?.(undefined as never);
    }
  })();
}

/** Fields the catalog does not know, or lacks in the answer: said once per endpoint; missing ones become nulls. */
function reportDrift(schema: RecordSchema, data: RecordPart, sink: WarningSink | undefined): ReturnType<typeof checkDrift> {
  const drift = checkDrift(schema, data);
  for (const w of drift.warnings) warnOnce(`drift:${w}`, w, sink);
  return drift;
}

/** The Result of an answer: backed by its columns, or by its records when it has none. */
function plainResult(answer: EndpointAnswer): Result<unknown> {
  const { data, meta, schema } = answer;
  return Array.isArray(data) ? new Result(data, meta, schema) : Result.fromColumns(data as RecordColumns, meta, schema);
}

/** The provenance of a call: which service, version and method, then what the transport did. */
function resultMeta(spec: EndpointSpec, m: TransportMeta, rows: number): ResultMeta {
  return {
    service: spec.service,
    apiVersion: spec.version,
    endpoint: spec.method,
    method: m.method,
    url: m.url,
    params: m.params,
    fetchedAt: m.fetchedAt,
    pages: m.pages,
    rows,
    bytes: m.bytes,
    attempts: m.attempts,
    durationMs: m.durationMs,
    fromCache: m.fromCache,
    // The sandbox marks its answers synthetic; which service marked them is the client's knowledge.
    source: m.fromCache ? "replay" : m.synthetic ? "sandbox" : "live",
    synthetic: m.synthetic,
    requestIds: m.requestIds,
  };
}

function recordsOf(data: RecordPart): unknown[] {
  return Array.isArray(data) ? data : (data as RecordColumns).toRecords();
}

interface Prepared {
  req: EndpointRequest;
  /** The caller's validated parameters (the filters), without the entry's fixed ones. */
  filters: Record<string, unknown>;
  schema: RecordSchema;
  plan: RecordPlan;
}

function prepare(spec: EndpointSpec, params: unknown, opts: CallOptions, ndjson: boolean): Prepared {
  const { body: filters, warnings } = validateParams(spec, params, opts.clock ? { clock: opts.clock } : {});
  const label = endpointLabel(spec);
  const sink = opts.warn;
  if (spec.deprecated) warnOnce(`deprecated:${label}`, `${label} is deprecated: ${spec.deprecated}`, sink);
  if (spec.warnUnfiltered && !hasFilter(filters)) {
    warnOnce(
      `unfiltered:${label}`,
      `${label} called with no filters returns the whole dataset, which can take very long; narrow it with ${filterNames(spec).slice(0, 6).join(", ")}`,
      sink,
    );
  }
  for (const w of warnings) warnOnce(`param:${label}:${w}`, `${label}: ${w}`, sink);
  const body = spec.fixedParams === undefined ? filters : { ...spec.fixedParams, ...filters };
  const req: EndpointRequest = {
    service: spec.service,
    apiVersion: spec.version,
    endpoint: spec.method,
    httpMethod: spec.httpMethod,
    path: spec.path,
    response: spec.decoder,
    params: body,
    tokenHeader: tokenHeaderFor(spec.service, spec.version),
  };
  if (spec.httpMethod === "POST") req.body = body;
  else if (Object.keys(body).length > 0) req.query = toQueryString(body);
  if (ndjson && spec.decoder === "array") req.ndjson = true;
  if (opts.signal) req.signal = opts.signal;
  if (spec.rowLimit !== undefined) req.narrowWith = filterNames(spec);
  if (spec.bareValuesAs !== undefined) req.bareValuesAs = spec.bareValuesAs;
  // A record with no catalog fields is shaped by the caller (a SQL query): a column may be named error.
  if (spec.record.fields.length === 0) req.rowsMayLookLikeErrors = true;
  if (spec.rateLimit !== undefined) req.rateLimit = spec.rateLimit;
  const schema = schemaFor(spec, filters);
  const aliases = { ...(spec.fieldAliases ?? {}), ...(opts.fieldAliases ?? {}) };
  return { req, filters, schema, plan: recordPlan(schema, aliases) };
}

/** A GET carries its parameters in the query string: lists comma-joined, everything else as text. */
function toQueryString(body: Record<string, unknown>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    query[name] = Array.isArray(value) ? value.map(String).join(",") : typeof value === "object" ? JSON.stringify(value) : String(value);
  }
  return query;
}

function hasFilter(body: Record<string, unknown>): boolean {
  return Object.keys(body).some((k) => k !== "aggregate_by");
}

function filterNames(spec: EndpointSpec): string[] {
  return spec.params.map((p) => p.name).filter((n) => n !== "aggregate_by");
}

const ROW_LIMIT_MESSAGE = /1,?000,?000|row limit|too many rows/i;

/** The service's row-limit refusal (a 400 naming the limit) as a QueryTooLargeError; other errors unchanged. */
function refine(spec: EndpointSpec, err: unknown): unknown {
  if (!(err instanceof BadRequestError) || err instanceof QueryTooLargeError || spec.rowLimit === undefined) return err;
  if (!ROW_LIMIT_MESSAGE.test(`${err.serviceMessage ?? ""} ${err.message}`)) return err;
  const narrowWith = filterNames(spec);
  const details = {
    status: err.status,
    method: err.method,
    url: err.url,
    narrowWith,
    cause: err,
    ...(err.serviceMessage === undefined ? {} : { serviceMessage: err.serviceMessage }),
    ...(err.requestId === undefined ? {} : { requestId: err.requestId }),
  };
  return new QueryTooLargeError(
    `${endpointLabel(spec)}: the query matches more than ${spec.rowLimit.toLocaleString("en-US")} rows, the service's limit; narrow it with ${narrowWith.join(", ")}`,
    details,
  );
}
