/**
 * The stream method of a client for one catalog entry: what `syncDataset` calls for each month.
 */
import type { EndpointSpec } from "../catalog/types";
import { InvalidParamsError } from "../errors";
import type { ResultMeta } from "../table/provenance";
import type { Result } from "../table/result";

/**
 * A client `syncDataset` can use: a `NatGasClient` (its `v3` or `v4`, chosen by the entry's version),
 * an `LngClient`, or one API of a client (`ng.v4`): anything with `stream.<method>`.
 */
export type SyncClient = object;

/** A stream method: record batches, then the call's meta. */
export type BatchStream = (params: Record<string, unknown>, options: { signal?: AbortSignal; batchSize?: number }) => AsyncGenerator<readonly Record<string, unknown>[], ResultMeta, undefined>;

/** `client[version].stream[method]` or `client.stream[method]`, bound; an InvalidParamsError when neither exists. */
export function streamOf(client: SyncClient, spec: EndpointSpec): BatchStream {
  const label = `syncDataset ${spec.service} ${spec.version} ${spec.method}`;
  const holder = (o: unknown, key: string): Record<string, unknown> | undefined => {
    const v = o !== null && (typeof o === "object" || typeof o === "function") ? (o as Record<string, unknown>)[key] : undefined;
    return v !== null && typeof v === "object" ? (v as Record<string, unknown>) : undefined;
  };
  const api = holder(holder(client, spec.version), "stream") ?? holder(client, "stream");
  const method = api?.[spec.method];
  if (typeof method !== "function") {
    throw new InvalidParamsError(label, [
      { param: "client", value: client === null ? null : typeof client, expected: `a gasframes client with ${spec.version}.stream.${spec.method} or stream.${spec.method} (a NatGasClient for natgas, an LngClient for LNG)` },
    ]);
  }
  return (params, options) => (method as BatchStream).call(api, params, options);
}

/** A whole call: every record of one request, as a Result backed by columns. */
export type WholeCall = (params: Record<string, unknown>, options: { signal?: AbortSignal; ndjson?: boolean }) => Promise<Result<unknown>>;

/**
 * `client[version][method]` or `client[method]`, bound, when the client has it (a gasframes client
 * does): what `syncDataset` calls for a month, its body parsed from bytes straight into columns.
 * Undefined for a client with only `stream.<method>`.
 */
export function wholeCallOf(client: SyncClient, spec: EndpointSpec): WholeCall | undefined {
  const pick = (o: unknown): WholeCall | undefined => {
    const v = o !== null && (typeof o === "object" || typeof o === "function") ? (o as Record<string, unknown>)[spec.method] : undefined;
    return typeof v === "function" ? (params, options) => (v as WholeCall).call(o, params, options) : undefined;
  };
  const api = (client as Record<string, unknown>)[spec.version];
  return pick(api) ?? pick(client);
}
