/**
 * The one path every endpoint call takes: validate -> transport -> normalise -> Result.
 */
import { BadRequestError, QueryTooLargeError } from "../errors";
import type { EndpointSpec } from "../catalog/types";
import type { RecordSchema } from "../table/schema";
import { Result, type ResultMeta } from "../table/result";
import { endpointLabel, validateParams } from "../validate/validate-params";
import { EmptyAnswerWatch } from "../validate/names/empty-answer";
import { warnIfEmpty, type NameChecker } from "../validate/names/name-checker";
import type { EndpointRequest, EndpointTransport } from "./endpoint-transport";
import { normaliseRecords, normaliseResult } from "./normalise-records";
import { warnOnce, type WarningSink } from "./warn-once";

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
  /** Service labels of a field that mean a schema field (`{ state_ab: "state_code" }`). Default: none. */
  fieldAliases?: Readonly<Record<string, string>>;
  /**
   * Checks name filters (regions, counties, countries, terminals...) against the service's lists
   * before the data request, and warns when an unchecked name filter gets an empty answer. The
   * clients pass their own. Default: none (names are not checked).
   */
  names?: NameChecker;
}

/** Options of a streamed call. */
export interface StreamOptions extends CallOptions {
  /** Records per batch for NDJSON streams (v3 pages arrive a page at a time). Default: the transport's (10,000). */
  batchSize?: number;
}

/** The record schema a call's rows follow: the aggregated one when `aggregate_by` was sent. */
export function schemaFor(spec: EndpointSpec, body: Record<string, unknown>): RecordSchema {
  return body.aggregate_by !== undefined && spec.aggregatedRecord ? spec.aggregatedRecord : spec.record;
}

/**
 * Calls one endpoint and returns all its records.
 *
 * Parameters are validated first ({@link InvalidParamsError}, nothing sent), name filters too when
 * `opts.names` is given (see {@link NameChecker}). A deprecated endpoint,
 * and a query with no filter on an endpoint whose dataset is huge, warn once. Records are normalised
 * (M/D/YYYY dates, field labels) and typed by the endpoint's schema (the aggregated one when
 * `aggregate_by` is set). The service's row-limit refusal becomes {@link QueryTooLargeError}, naming
 * the filters that narrow the query.
 */
export async function callEndpoint<R = Record<string, unknown>>(
  transport: EndpointTransport,
  spec: EndpointSpec,
  params?: unknown,
  opts: CallOptions = {},
): Promise<Result<R>> {
  const { req, schema } = prepare(spec, params, opts, opts.ndjson ?? false);
  const names = opts.names ? await opts.names.check(spec, req.params ?? {}, opts) : undefined;
  let result: Result<R>;
  try {
    // Fast path: a transport that parses into columns gives a column-backed Result (row objects are
    // built only if the caller asks for `records`).
    if (transport.fetchResult !== undefined) result = await transport.fetchResult<R>(req, schema);
    else {
      const out = await transport.fetchRecords<R>(req);
      result = new Result<R>(out.records, out.meta, schema);
    }
  } catch (err) {
    throw refine(spec, err);
  }
  const out = normaliseResult(result, schema, opts.fieldAliases);
  if (names && names.unchecked.length > 0) {
    const watch = new EmptyAnswerWatch(schema);
    watch.observeResult(out);
    warnIfEmpty(spec, names, watch.emptiness, opts.warn);
  }
  return out;
}

/**
 * Calls one endpoint and yields its records in batches as they arrive (v3: a page at a time, in
 * offset order; v4 and LNG: NDJSON batches), so memory stays bounded by a batch. The generator's
 * return value is the call's metadata. Parameters are validated when this function is called, before
 * iteration starts; name filters (`opts.names`) on the first `next()`, before the first request.
 */
export function streamEndpoint<R = Record<string, unknown>>(
  transport: EndpointTransport,
  spec: EndpointSpec,
  params?: unknown,
  opts: StreamOptions = {},
): AsyncGenerator<R[], ResultMeta, undefined> {
  const { req, schema } = prepare(spec, params, opts, opts.ndjson ?? spec.response === "array");
  const batchOpts = opts.batchSize === undefined ? undefined : { batchSize: opts.batchSize };
  return (async function* stream(): AsyncGenerator<R[], ResultMeta, undefined> {
    const names = opts.names ? await opts.names.check(spec, req.params ?? {}, opts) : undefined;
    const watch = names && names.unchecked.length > 0 ? new EmptyAnswerWatch(schema) : undefined;
    const inner = transport.streamRecords<R>(req, batchOpts);
    try {
      for (;;) {
        const step = await inner.next();
        if (step.done) {
          if (watch) warnIfEmpty(spec, names!, watch.emptiness, opts.warn);
          return step.value;
        }
        const batch = normaliseRecords(step.value, schema, opts.fieldAliases);
        watch?.observe(batch);
        yield batch;
      }
    } catch (err) {
      throw refine(spec, err);
    } finally {
      await inner.return?.(undefined as never);
    }
  })();
}

function prepare(spec: EndpointSpec, params: unknown, opts: CallOptions, ndjson: boolean): { req: EndpointRequest; schema: RecordSchema } {
  const { body, warnings } = validateParams(spec, params);
  const label = endpointLabel(spec);
  const sink = opts.warn;
  if (spec.deprecated) warnOnce(`deprecated:${label}`, `${label} is deprecated: ${spec.deprecated}`, sink);
  if (spec.warnUnfiltered && !hasFilter(body)) {
    warnOnce(
      `unfiltered:${label}`,
      `${label} called with no filters returns the whole dataset, which can take very long; narrow it with ${filterNames(spec).slice(0, 6).join(", ")}`,
      sink,
    );
  }
  for (const w of warnings) warnOnce(`param:${label}:${w}`, `${label}: ${w}`, sink);
  const req: EndpointRequest = {
    service: spec.service,
    apiVersion: spec.version,
    endpoint: spec.method,
    httpMethod: spec.httpMethod,
    path: spec.path,
    response: spec.response,
    params: body,
  };
  if (spec.httpMethod === "POST") req.body = body;
  else if (Object.keys(body).length > 0) req.query = toQueryString(body);
  if (ndjson && spec.response === "array") req.ndjson = true;
  if (opts.signal) req.signal = opts.signal;
  if (spec.rowLimit !== undefined) req.narrowWith = filterNames(spec);
  if (spec.bareValuesAs !== undefined) req.bareValuesAs = spec.bareValuesAs;
  return { req, schema: schemaFor(spec, body) };
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
