/**
 * What the endpoint caller needs from the HTTP core. `Transport` (src/http) satisfies it; the type is
 * declared here so that the clients depend on the shape, not on the class.
 */
import type { ResultMeta } from "../result/result";
import type { ResponseShape } from "../catalog/types";

/** One request as the caller hands it to the transport. */
export interface EndpointRequest {
  service: "natgas" | "lng" | "legacy";
  apiVersion: string;
  endpoint: string;
  httpMethod: "GET" | "POST";
  path: string;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  response: ResponseShape;
  ndjson?: boolean;
  params?: Record<string, unknown>;
  signal?: AbortSignal;
  /** Filters that narrow a query the service refused as too large (for `QueryTooLargeError`). */
  narrowWith?: readonly string[];
}

/** The two transport calls the endpoint caller makes. */
export interface EndpointTransport {
  fetchRecords<R>(req: EndpointRequest): Promise<{ records: R[]; meta: ResultMeta }>;
  streamRecords<R>(req: EndpointRequest, opts?: { batchSize?: number }): AsyncGenerator<R[], ResultMeta, undefined>;
}
