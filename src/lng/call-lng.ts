/**
 * The LNG v1 call path: the shared endpoint caller (validation, transport, Result), then the LNG
 * response rules (one timestamp parser, volume units per row, mixtures reported).
 */
import type { EndpointSpec } from "../catalog/types";
import { callEndpoint, streamEndpoint, type CallOptions, type StreamOptions } from "../client/call-endpoint";
import type { EndpointTransport } from "../client/endpoint-transport";
import { warnOnce, type WarningSink } from "../client/warn-once";
import { Result, type ResultMeta } from "../table/result";
import type { NameChecker } from "../validate/names/name-checker";
import { normalizeRecords } from "./normalize-records";
import { distinctVolumeUnits } from "../table/volume-unit";

/** Options of one LNG call. */
export interface LngCallOptions {
  /** Cancels the call at once, also while waiting between retries. Default: none. */
  signal?: AbortSignal;
  /** Ask for NDJSON (`Accept: application/x-ndjson`) and parse it line by line. Default false (a JSON array). */
  ndjson?: boolean;
}

/** Options of a streamed LNG call. */
export interface LngStreamOptions extends LngCallOptions {
  /** Records per batch. Default: the transport's (10,000). */
  batchSize?: number;
}

/** Calls one LNG endpoint and returns all its records, normalised. */
export async function callLng<R>(
  transport: EndpointTransport,
  spec: EndpointSpec,
  params: unknown,
  opts: LngCallOptions = {},
  warn?: WarningSink,
  names?: NameChecker,
): Promise<Result<R>> {
  const result = await callEndpoint<unknown>(transport, spec, params, callOptions(opts, warn, names));
  const { records, report } = normalizeRecords(spec.record, result.records);
  for (const w of report.warnings) warnOnce(`lng:${w}`, w, warn);
  return new Result<R>(records as R[], result.meta, result.schema ?? spec.record);
}

/**
 * Streams one LNG endpoint in record batches (NDJSON by default), each batch normalised. The
 * generator returns the call's metadata. Parameters are validated before the first request.
 */
export function streamLng<R>(
  transport: EndpointTransport,
  spec: EndpointSpec,
  params: unknown,
  opts: LngStreamOptions = {},
  warn?: WarningSink,
  names?: NameChecker,
): AsyncGenerator<R[], ResultMeta, undefined> {
  const streamOpts: StreamOptions = callOptions(opts, warn, names);
  if (opts.batchSize !== undefined) streamOpts.batchSize = opts.batchSize;
  const inner = streamEndpoint<unknown>(transport, spec, params, streamOpts);
  return (async function* normalised(): AsyncGenerator<R[], ResultMeta, undefined> {
    let units: string[] = [];
    try {
      for (;;) {
        const step = await inner.next();
        if (step.done) return step.value;
        const { records, report } = normalizeRecords(spec.record, step.value);
        for (const w of report.warnings) warnOnce(`lng:${w}`, w, warn);
        units = distinctVolumeUnits([...units, ...report.volumeUnits]);
        if (units.length > 1) {
          warnOnce(
            `lng:units:${spec.method}:${units.join(",")}`,
            `${spec.record.name}: the stream carries several volume units (${units.join(", ")}); each row keeps its own volume_unit: convert before adding volumes`,
            warn,
          );
        }
        yield records as R[];
      }
    } finally {
      await inner.return(undefined as never);
    }
  })();
}

function callOptions(opts: LngCallOptions, warn: WarningSink | undefined, names: NameChecker | undefined): CallOptions {
  const out: CallOptions = {};
  if (names) out.names = names;
  if (opts.signal) out.signal = opts.signal;
  if (opts.ndjson !== undefined) out.ndjson = opts.ndjson;
  if (warn) out.warn = warn;
  return out;
}
