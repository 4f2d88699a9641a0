/**
 * The request of a decoded call: the HTTP request plus what its decoder needs. The endpoint's catalog
 * entry names the decoder (`response`); the transport below never reads these fields.
 */
import type { HttpRequest } from "../http/types";

/**
 * Which decoder reads a successful body:
 * - `envelope-paged`: v3 offset pages (`{data, pagination}`), fetched `concurrency` at a time, in order;
 * - `envelope`: one `{data}` envelope;
 * - `array`: a JSON array or NDJSON (decided by what arrives), parsed into columns;
 * - `object`: one JSON object (or a list of them);
 * - `job`: the old LNG API's job answer, read whole as one JSON object.
 */
export type ResponseKind = "envelope-paged" | "envelope" | "array" | "object" | "job";

/** One logical call: a request, or for `envelope-paged` every page of it, and the decoder of its body. */
export interface TransportRequest extends HttpRequest {
  /** The decoder of the body (the endpoint's catalog entry names it). */
  response: ResponseKind;
  /** For `array`: ask for NDJSON (`Accept: application/x-ndjson`) and parse it line by line. Default false. */
  ndjson?: boolean;
  /**
   * For `array`: the field that a bare string or number in the answer becomes a record of
   * (`"x"` -> `{ [bareValuesAs]: "x" }`), for an endpoint whose answer may be a plain list of values.
   * Default: none, and any record that is not a JSON object is a ResponseParseError.
   */
  bareValuesAs?: string;
  /**
   * The rows' fields are the caller's (a SQL query's columns), so a row may be `{"error": "..."}`: such an
   * NDJSON line is then a row, never taken for the service's error (which must come as a non-2xx status).
   * Default false.
   */
  rowsMayLookLikeErrors?: boolean;
}

/** Whether the request asks for NDJSON. */
export function wantsNdjson(req: TransportRequest): boolean {
  return req.response === "array" && req.ndjson === true;
}

/** The Accept header of a request: what its decoder reads. */
export function acceptOf(req: TransportRequest): string {
  return wantsNdjson(req) ? "application/x-ndjson" : "application/json";
}
