/**
 * What the endpoint caller needs from the HTTP core: the request type is the transport's own, and the
 * caller depends only on the two calls it makes, so a test can hand it a small transport of its own.
 */
import type { TransportRequest } from "../http/types";
import type { Result, ResultMeta } from "../table/result";
import type { RecordSchema } from "../table/schema";

/** One request as the caller hands it to the transport. */
export type EndpointRequest = TransportRequest;

/** The two transport calls the endpoint caller makes. `Transport` (src/http) satisfies it. */
export interface EndpointTransport {
  fetchRecords<R>(req: EndpointRequest): Promise<{ records: R[]; meta: ResultMeta }>;
  streamRecords<R>(req: EndpointRequest, opts?: { batchSize?: number }): AsyncGenerator<R[], ResultMeta, undefined>;
  /** All records as a (column-backed) Result; when present, whole calls use it instead of `fetchRecords`. */
  fetchResult?<R>(req: EndpointRequest, schema?: RecordSchema): Promise<Result<R>>;
}
