/**
 * What the endpoint caller needs from the HTTP core: the request type is the transport's own plus the
 * service and version the Result's meta names, and the caller depends only on the calls it makes, so
 * a test can hand it a small transport of its own.
 */
import type { EndpointSpec } from "../catalog/types";
import type { RecordPart } from "../decode/columnar/gathered-parts";
import type { TransportMeta } from "../http/types";
import type { TransportRequest } from "../decode/types";

/** One request as the caller hands it to the transport. */
export interface EndpointRequest extends TransportRequest {
  /** Which service answers (`natgas`, `lng`, `legacy`); the transport does not read it. */
  service: EndpointSpec["service"];
  /** `v3`, `v4`, `v1` or `legacy`; the transport does not read it. */
  apiVersion: string;
}

/** The transport calls the endpoint caller makes. `Transport` (src/http) satisfies it. */
export interface EndpointTransport {
  fetchRecords<R>(req: EndpointRequest): Promise<{ records: R[]; meta: TransportMeta }>;
  streamRecords<R>(req: EndpointRequest, opts?: { batchSize?: number }): AsyncGenerator<R[], TransportMeta, undefined>;
  /**
   * All records, as columns where they have some (see `Transport.fetchColumns`); when present, whole
   * calls use it instead of `fetchRecords`, and the Result is backed by the columns.
   */
  fetchColumns?(req: EndpointRequest): Promise<{ data: RecordPart; meta: TransportMeta }>;
}
