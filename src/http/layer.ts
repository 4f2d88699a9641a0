/**
 * The common signature of the transport's layers: each takes the request function below it and returns
 * one that does its part around it (undici composes its interceptors around one dispatcher the same way).
 */
import type { Call } from "./call";
import type { ApiError } from "../errors";
import type { Watchdog } from "./watchdog";

/** What one request sends. */
export interface RequestSpec {
  method: "GET" | "POST";
  url: string;
  body?: Record<string, unknown>;
  /** The Accept header: what the decoder reads (`application/json`, `application/x-ndjson`). */
  accept: string;
  narrowWith?: readonly string[];
}

/** A 2xx answer whose body has not been read yet. */
export interface Exchange {
  status: number;
  fromCache: boolean;
  /** The answer is synthetic: its service marked it (the synthetic-data header), or it was recorded from such an answer. */
  synthetic: boolean;
  requestId?: string;
  /** The response's Content-Type ("" when it sent none). */
  contentType: string;
  /** The body's bytes, decoded from any Content-Encoding. */
  chunks: AsyncIterable<Uint8Array>;
  /** The body's length in bytes when the server said it (Content-Length) and it is not encoded, else undefined. */
  bodyBytes?: number;
  /** The Content-Encoding the body still has (below the decompression layer only). */
  contentEncoding?: string;
  /**
   * The typed error of a 2xx body that is the service's own `{"error": "..."}` (given as its text):
   * classified like a non-2xx error body, so the row-limit refusal is a QueryTooLargeError.
   */
  serviceError(bodyText: string): ApiError;
  /** Bytes read so far. */
  bytesRead(): number;
  /** The body was read and parsed whole: keep it (cache) and count it. */
  commit(): Promise<void>;
  /** The body was not used: drop it. */
  discard(): Promise<void>;
}

/** One attempt of one request. */
export interface Attempt {
  call: Call;
  spec: RequestSpec;
  /** Fires when the call or this attempt is stopped. */
  signal: AbortSignal;
  /** The attempt time-out; touched by every sign of life. */
  watchdog: Watchdog;
}

/** Sends one attempt: a 2xx answer with its body unread, or the typed error of anything else. */
export type Send = (attempt: Attempt) => Promise<Exchange>;

/** A layer around a request function. */
export type Layer = (next: Send) => Send;

/** `send` wrapped in `layers`, the first outermost. */
export function compose(layers: readonly Layer[], send: Send): Send {
  return layers.reduceRight<Send>((next, layer) => layer(next), send);
}
