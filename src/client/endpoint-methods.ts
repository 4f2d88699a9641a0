/**
 * Client methods built from a catalog: one method per endpoint, typed from the catalog's data.
 */
import type { AggregatedRecordOf, AggregateByOf, ParamsOf, RecordOf, Simplify } from "../catalog/derive-types";
import type { EndpointSpec } from "../catalog/types";
import type { RecordSchema } from "../table/schema";
import type { Result, ResultMeta } from "../table/result";
import { endpointLabel } from "../validate/validate-params";
import { snapshotCallOptions } from "../validate/snapshot-options";
import { callEndpoint, streamEndpoint } from "./call-endpoint";
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

/** Params with `aggregate_by` set. */
export type AggregatingParams<S> = Simplify<Omit<ParamsOf<S>, "aggregate_by"> & { aggregate_by: AggregateByOf<S> }>;

/** An endpoint method: resolves to a Result of the aggregated record type when `aggregate_by` is set. */
export type EndpointMethod<S> = S extends { readonly aggregatedRecord: RecordSchema }
  ? {
      (params: AggregatingParams<S>, options?: EndpointCallOptions): Promise<Result<AggregatedRecordOf<S>>>;
      (...args: EndpointArgs<S, EndpointCallOptions>): Promise<Result<RecordOf<S>>>;
    }
  : (...args: EndpointArgs<S, EndpointCallOptions>) => Promise<Result<RecordOf<S>>>;

/** A streaming endpoint method: record batches as they arrive; the generator returns the call's meta. */
export type StreamMethod<S> = S extends { readonly aggregatedRecord: RecordSchema }
  ? {
      (params: AggregatingParams<S>, options?: EndpointStreamOptions): AsyncGenerator<AggregatedRecordOf<S>[], ResultMeta, undefined>;
      (...args: EndpointArgs<S, EndpointStreamOptions>): AsyncGenerator<RecordOf<S>[], ResultMeta, undefined>;
    }
  : (...args: EndpointArgs<S, EndpointStreamOptions>) => AsyncGenerator<RecordOf<S>[], ResultMeta, undefined>;

/** Every endpoint of a catalog as a method, plus `stream.<method>` for record batches. */
export type EndpointApi<C> = { readonly [K in keyof C]: EndpointMethod<C[K]> } & {
  readonly stream: { readonly [K in keyof C]: StreamMethod<C[K]> };
};

/** How methods are built. */
export interface EndpointMethodsOptions {
  /** Per method, service labels that mean a schema field (`{ state_ab: "state_code" }`). Default: none. */
  fieldAliases?: Readonly<Record<string, Readonly<Record<string, string>> | undefined>>;
  /** Where warnings go. Default: `console.warn`, once per process per warning. */
  warn?: WarningSink;
  /** Checks name filters before each data request (see `NameChecker`). Default: none. */
  names?: NameChecker;
}

/** Builds one method (and one stream method) per catalog entry, all calling through `transport`. */
export function buildEndpointMethods<C extends Record<string, EndpointSpec>>(
  transport: EndpointTransport,
  catalog: C,
  options: EndpointMethodsOptions = {},
): EndpointApi<C> {
  const api: Record<string, unknown> = {};
  const stream: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(catalog)) {
    const aliases = options.fieldAliases?.[name];
    const extra = {
      ...(aliases ? { fieldAliases: aliases } : {}),
      ...(options.warn ? { warn: options.warn } : {}),
      ...(options.names ? { names: options.names } : {}),
    };
    const label = endpointLabel(spec);
    // Options are read once here, before the params: a hostile options object is refused like bad params.
    api[name] = (params?: unknown, opts?: EndpointCallOptions) => {
      try {
        return callEndpoint(transport, spec, params, { ...snapshotCallOptions(label, opts), ...extra });
      } catch (err) {
        return Promise.reject(err);
      }
    };
    stream[name] = (params?: unknown, opts?: EndpointStreamOptions) =>
      streamEndpoint(transport, spec, params, { ...snapshotCallOptions(label, opts, ["signal", "ndjson", "batchSize"]), ...extra });
  }
  api.stream = stream;
  return api as EndpointApi<C>;
}
