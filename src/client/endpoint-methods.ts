/**
 * Client methods built from a catalog: one method per endpoint, typed from the catalog's data. Every
 * client (natural gas v3 and v4, LNG v1, the old LNG API) is built here; a new catalog entry is a new
 * method, with no client code.
 */
import type { AggregatedRecordOf, AggregateDimensionOf, ParamsOf, RecordOf, Simplify } from "../catalog/derive-types";
import type { EndpointSpec } from "../catalog/types";
import type { RecordSchema } from "../table/schema";
import type { Result, ResultMeta } from "../table/result";
import { endpointLabel } from "../validate/validate-params";
import { snapshotCallOptions } from "../validate/snapshot-options";
import { callEndpoint, streamEndpoint, type ResultMaker } from "./call-endpoint";
// The Results a client returns have their view methods (toFrame; toArrow, toParquet and the notebook
// display): the views give Table those methods when they load.
import "../frame/table-to-frame";
import "../io";
import type { EndpointTransport } from "./endpoint-transport";
import type { WarningSink } from "./warn-once";
import type { NameChecker } from "../validate/names/name-checker";

/** Options of one call of an endpoint method. */
export interface EndpointCallOptions {
  /** Cancels the call. Default: none. */
  signal?: AbortSignal;
  /** v4 / LNG: ask for NDJSON and parse it line by line. Default: false for a call, true for a stream. */
  ndjson?: boolean;
}

/** Options of a streamed call. */
export interface EndpointStreamOptions extends EndpointCallOptions {
  /** Records per batch for NDJSON (v3 yields a page at a time). Default 10,000. */
  batchSize?: number;
}

/** The arguments of a method: the params object is optional unless the endpoint has a required parameter. */
export type EndpointArgs<S, O> = {} extends ParamsOf<S> ? [params?: ParamsOf<S> | null, options?: O] : [params: ParamsOf<S>, options?: O];

/** Params with `aggregate_by` set to the dimensions `A` (one or a list). */
export type AggregatingParams<S, A extends string = AggregateDimensionOf<S>> = Simplify<Omit<ParamsOf<S>, "aggregate_by"> & { aggregate_by: A | readonly A[] }>;

/**
 * An endpoint method: resolves to a Result of the aggregated record type when `aggregate_by` is set,
 * with a group column per dimension asked for (`aggregate_by: ["region"]` -> rows with `region`).
 */
export type EndpointMethod<S> = S extends { readonly aggregatedRecord: RecordSchema }
  ? {
      <A extends AggregateDimensionOf<S>>(params: AggregatingParams<S, A>, options?: EndpointCallOptions): Promise<Result<AggregatedRecordOf<S, A>>>;
      (...args: EndpointArgs<S, EndpointCallOptions>): Promise<Result<RecordOf<S>>>;
    }
  : (...args: EndpointArgs<S, EndpointCallOptions>) => Promise<Result<RecordOf<S>>>;

/** A streaming endpoint method: record batches as they arrive; the generator returns the call's meta. */
export type StreamMethod<S> = S extends { readonly aggregatedRecord: RecordSchema }
  ? {
      <A extends AggregateDimensionOf<S>>(params: AggregatingParams<S, A>, options?: EndpointStreamOptions): AsyncGenerator<AggregatedRecordOf<S, A>[], ResultMeta, undefined>;
      (...args: EndpointArgs<S, EndpointStreamOptions>): AsyncGenerator<RecordOf<S>[], ResultMeta, undefined>;
    }
  : (...args: EndpointArgs<S, EndpointStreamOptions>) => AsyncGenerator<RecordOf<S>[], ResultMeta, undefined>;

/** The client method name of a catalog entry (its `method`). */
export type MethodName<S> = S extends { readonly method: infer M extends string } ? M : never;

/** Every endpoint of a catalog as a method named by the entry's `method`, plus `stream.<method>` for record batches. */
export type EndpointApi<C> = { readonly [K in keyof C as MethodName<C[K]>]: EndpointMethod<C[K]> } & {
  readonly stream: { readonly [K in keyof C as MethodName<C[K]>]: StreamMethod<C[K]> };
};

/** How methods are built: what one client gives every call of its methods. */
export interface EndpointMethodsOptions {
  /**
   * Per method, service labels that mean a schema field (`{ state_ab: "state_code" }`), on top of the
   * catalog entry's `fieldAliases`. Default: none.
   */
  fieldAliases?: Readonly<Record<string, Readonly<Record<string, string>> | undefined>>;
  /** Where warnings go. Default: `console.warn`, once per process per warning. */
  warn?: WarningSink;
  /** Checks name filters before each data request (see `NameChecker`). Default: none. */
  names?: NameChecker;
  /** Makes each whole call's Result (the old API's `LegacyResult`). Default: a `Result`. */
  result?: ResultMaker;
  /** Today for the checks relative to it, epoch ms. Default `Date.now`. */
  clock?: () => number;
  /** Build `stream.<method>` too. Default true. */
  streams?: boolean;
  /**
   * The method of an endpoint without parameters takes only the options (`liveStatus({ signal })`),
   * not `(params, options)`. Default false.
   */
  optionsOnlyWithoutParams?: boolean;
}

/** One client's calls of any endpoint: what its methods call, for a method that picks the endpoint itself. */
export interface EndpointCaller {
  /** A whole call of `spec` (see `callEndpoint`); `options` is read once and checked like params. */
  call<R = Record<string, unknown>>(spec: EndpointSpec, params?: unknown, options?: unknown): Promise<Result<R>>;
  /** A streamed call of `spec` (see `streamEndpoint`). */
  stream<R = Record<string, unknown>>(spec: EndpointSpec, params?: unknown, options?: unknown): AsyncGenerator<R[], ResultMeta, undefined>;
}

/** The calls of one client: every call goes through `transport`, with the client's `options`. */
export function endpointCaller(transport: EndpointTransport, options: EndpointMethodsOptions = {}): EndpointCaller {
  const common = {
    ...(options.warn ? { warn: options.warn } : {}),
    ...(options.names ? { names: options.names } : {}),
    ...(options.result ? { result: options.result } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  };
  const extra = (spec: EndpointSpec) => {
    const aliases = options.fieldAliases?.[spec.method];
    return aliases ? { ...common, fieldAliases: aliases } : common;
  };
  return {
    call<R>(spec: EndpointSpec, params?: unknown, opts?: unknown): Promise<Result<R>> {
      // Options are read once here, before the params: a hostile options object is refused like bad params.
      try {
        return callEndpoint<R>(transport, spec, params, { ...snapshotCallOptions(endpointLabel(spec), opts), ...extra(spec) });
      } catch (err) {
        return Promise.reject(err);
      }
    },
    stream<R>(spec: EndpointSpec, params?: unknown, opts?: unknown): AsyncGenerator<R[], ResultMeta, undefined> {
      const snapshot = snapshotCallOptions(endpointLabel(spec), opts, ["signal", "ndjson", "batchSize"]);
      return streamEndpoint<R>(transport, spec, params, { ...snapshot, ...extra(spec) });
    },
  };
}

/**
 * Builds one method (and one stream method) per catalog entry, named by the entry's `method`, all
 * calling through `transport`: a client's whole API, from its catalog.
 */
export function buildEndpointMethods<C extends Record<string, EndpointSpec>>(
  transport: EndpointTransport,
  catalog: C,
  options: EndpointMethodsOptions = {},
): EndpointApi<C> {
  const caller = endpointCaller(transport, options);
  const api: Record<string, unknown> = {};
  const stream: Record<string, unknown> = {};
  for (const spec of Object.values(catalog)) {
    const optionsOnly = options.optionsOnlyWithoutParams === true && spec.params.length === 0;
    api[spec.method] = optionsOnly
      ? (opts?: EndpointCallOptions) => caller.call(spec, undefined, opts)
      : (params?: unknown, opts?: EndpointCallOptions) => caller.call(spec, params, opts);
    stream[spec.method] = optionsOnly
      ? (opts?: EndpointStreamOptions) => caller.stream(spec, undefined, opts)
      : (params?: unknown, opts?: EndpointStreamOptions) => caller.stream(spec, params, opts);
  }
  if (options.streams !== false) api.stream = stream;
  return api as EndpointApi<C>;
}
