/**
 * One attempt of one request, sent through the transport's layers, composed here in one place:
 * progress (counts the body and the exchange) > cache (answers from disk, or records the body) >
 * credentials (no token, no request) > pacing (the documented rate limit) > decompression
 * (Content-Encoding) > the network request itself (undici; a non-2xx answer becomes its typed error).
 * Retries and the attempt watchdog run around every attempt, in with-retries.ts, because a retry must
 * also cover reading the body.
 */
import type { Call } from "./call";
import type { Watchdog } from "./watchdog";
import { cacheLayer } from "./cache-layer";
import { credentialsLayer } from "./credentials-layer";
import { decompressionLayer } from "./decompression-layer";
import { compose, type Exchange, type RequestSpec } from "./layer";
import { networkSend } from "./network-send";
import { pacingLayer } from "./pacing-layer";
import { progressLayer } from "./progress-layer";

export type { Exchange, RequestSpec } from "./layer";

const send = compose([progressLayer, cacheLayer, credentialsLayer, pacingLayer, decompressionLayer], networkSend);

/** Opens one attempt. Throws the typed error of a non-2xx answer, a cache miss in replay, or a missing token. */
export function openExchange(call: Call, spec: RequestSpec, signal: AbortSignal, watchdog: Watchdog): Promise<Exchange> {
  return send({ call, spec, signal, watchdog });
}
