/**
 * One attempt of one request: answered from the cache, or sent to the network. A non-2xx answer
 * becomes its typed error here; a 2xx answer is handed back with its body as a byte stream that
 * counts bytes, feeds the attempt watchdog and, in `readwrite` mode, records the body on disk.
 */
import { request } from "undici";
import { AuthenticationError, CacheMissError, clip, type ApiError } from "../errors";
import type { Call } from "./call";
import { canonicalJson } from "./canonical-json";
import { tokenHeaderOf } from "./config";
import { codingsOf, decodeBody } from "./content-encoding";
import { connectionErrorOf, errorFromResponse, headerValue, requestIdOf } from "./http-errors";
import { paceRequest } from "./pace-request";
import { ResponseCache, targetOf, type CacheRequest, type CacheWriter } from "./response-cache";
import type { Watchdog } from "./watchdog";
import { noteSyntheticData, SYNTHETIC_DATA_HEADER, SYNTHETIC_DATA_VALUE } from "../util/synthetic-data";

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

const ERROR_BODY_LIMIT = 64 * 1024;
const USER_AGENT = `gasframes (node ${process.version})`;

/** Opens one attempt. Throws the typed error of a non-2xx answer, a cache miss in replay, or a missing token. */
export async function openExchange(call: Call, spec: RequestSpec, signal: AbortSignal, watchdog: Watchdog): Promise<Exchange> {
  const config = call.config;
  const cache = config.cache.mode === "off" ? undefined : new ResponseCache(config.cache.dir);
  const key = cache !== undefined ? ResponseCache.key(spec.method, spec.url, spec.body) : "";
  const asked: CacheRequest = { method: spec.method, target: targetOf(spec.url, config.baseUrl), body: spec.body };
  if (cache !== undefined) {
    const found = await cache.read(key, asked);
    if (found.kind === "hit") {
      const { entry, body: source, close } = found;
      const headers = entry.requestId !== undefined ? { "x-request-id": entry.requestId } : {};
      return bodyExchange(call, {
        status: entry.status,
        fromCache: true,
        synthetic: entry.synthetic === true,
        requestId: entry.requestId,
        contentType: entry.contentType ?? "",
        source,
        watchdog,
        destroy: () => void close(),
        serviceError: serviceErrorOf(call, spec, entry.status, headers),
      });
    }
    if (found.kind === "corrupt") {
      // A damaged or unverifiable entry is fetched again in readwrite (and rewritten); replay cannot, and
      // a link out of the cache folder is refused in both modes.
      if (config.cache.mode === "replay" || found.error.reason === "outside") throw found.error;
      config.logger.warn?.(`cache: ${found.error.message}; fetching it again`);
    }
    if (config.cache.mode === "replay") {
      const body = spec.body === undefined ? "" : ` with body ${clip(canonicalJson(spec.body), 303)}`;
      throw new CacheMissError(
        `replay: no cached response for ${spec.method} ${spec.url}${body} in ${config.cache.dir} (key ${key}); ` +
          `run once with cache mode "readwrite" to record it`,
      );
    }
  }
  if (config.token === undefined) {
    throw new AuthenticationError(
      `No access token for the ${config.service} service: pass { token: "..." } or set the environment ` +
        `variable ${config.tokenEnvNames.join(" or ")}`,
      { status: 0, method: spec.method, url: spec.url },
    );
  }
  const headers: Record<string, string> = {
    "user-agent": USER_AGENT,
    accept: spec.accept,
  };
  if (spec.method === "POST") headers["content-type"] = "application/json";
  for (const [k, v] of Object.entries(config.headers)) headers[k.toLowerCase()] = v;
  const tokenHeader = tokenHeaderOf(config, call.req);
  headers[tokenHeader.toLowerCase()] = config.token;

  await paceRequest(call, signal, watchdog);
  config.logger.debug?.(`${spec.method} ${spec.url} (attempt ${call.attempts})`);
  const res = await request(spec.url, {
    method: spec.method,
    headers,
    body: spec.method === "POST" ? JSON.stringify(spec.body ?? {}) : null,
    signal,
    ...(config.dispatcher !== undefined ? { dispatcher: config.dispatcher } : {}),
    // The watchdog enforces the attempt time-out (and is paused while a consumer holds a batch).
    headersTimeout: 0,
    bodyTimeout: 0,
  });
  watchdog.touch();
  const resHeaders = res.headers as Record<string, string | string[] | undefined>;
  const ctx = { method: spec.method, url: spec.url, status: res.statusCode };
  if (res.statusCode < 200 || res.statusCode >= 300) {
    const bodyText = await readErrorBody(res.body, headerValue(resHeaders, "content-encoding"), ctx, watchdog);
    throw errorFromResponse({
      status: res.statusCode,
      method: spec.method,
      url: spec.url,
      headers: resHeaders,
      ...(bodyText !== undefined ? { bodyText } : {}),
      ...(spec.narrowWith !== undefined ? { narrowWith: spec.narrowWith } : {}),
      tokenHeader,
      now: config.clock(),
    });
  }
  let codings: ReturnType<typeof codingsOf>;
  try {
    codings = codingsOf(headerValue(resHeaders, "content-encoding"), ctx);
  } catch (err) {
    res.body.destroy();
    throw err;
  }
  const synthetic = headerValue(resHeaders, SYNTHETIC_DATA_HEADER) === SYNTHETIC_DATA_VALUE;
  let writer: CacheWriter | undefined;
  if (cache !== undefined) {
    try {
      writer = await cache.writer(key, {
        method: spec.method,
        url: spec.url,
        body: spec.body ?? null,
        status: res.statusCode,
        contentType: headerValue(resHeaders, "content-type") ?? "",
        ...(requestIdOf(resHeaders) !== undefined ? { requestId: requestIdOf(resHeaders) } : {}),
        ...(synthetic ? { synthetic } : {}),
      }, asked);
    } catch (err) {
      // An unwritable cache folder must not fail (or be retried as) the download itself.
      config.logger.warn?.(`cache: not recording ${spec.url}: ${(err as Error).message}`);
    }
  }
  // The cache records the decoded body (its metadata has no encoding), so a replay reads it as is.
  const source = decodeBody(networkBody(res.body, ctx), codings, ctx);
  const length = Number(headerValue(resHeaders, "content-length"));
  return bodyExchange(call, {
    status: res.statusCode,
    fromCache: false,
    synthetic,
    ...(codings.length === 0 && Number.isSafeInteger(length) && length > 0 ? { bodyBytes: length } : {}),
    requestId: requestIdOf(resHeaders),
    contentType: headerValue(resHeaders, "content-type") ?? "",
    source,
    watchdog,
    writer,
    destroy: () => res.body.destroy(),
    serviceError: serviceErrorOf(call, spec, res.statusCode, resHeaders),
  });
}

/** The factory of the typed error of a 2xx body holding the service's `{"error": ...}`. */
function serviceErrorOf(
  call: Call,
  spec: RequestSpec,
  status: number,
  headers: Record<string, string | string[] | undefined>,
): (bodyText: string) => ApiError {
  return (bodyText) =>
    errorFromResponse({
      status,
      method: spec.method,
      url: spec.url,
      headers,
      bodyText,
      ...(spec.narrowWith !== undefined ? { narrowWith: spec.narrowWith } : {}),
      now: call.config.clock(),
    });
}

interface BodySource {
  status: number;
  fromCache: boolean;
  synthetic: boolean;
  bodyBytes?: number;
  requestId?: string | undefined;
  contentType: string;
  source: AsyncIterable<Uint8Array>;
  watchdog: Watchdog;
  writer?: CacheWriter | undefined;
  destroy?: () => void;
  serviceError(bodyText: string): ApiError;
}

function bodyExchange(call: Call, src: BodySource): Exchange {
  let bytes = 0;
  let settled = false;
  async function* chunks(): AsyncGenerator<Uint8Array, void, undefined> {
    for await (const chunk of src.source) {
      src.watchdog.touch();
      bytes += chunk.byteLength;
      call.progress.addBytes(chunk.byteLength);
      if (src.writer !== undefined) {
        try {
          await src.writer.write(chunk);
        } catch (err) {
          // A cache that cannot be written must not fail (or be mistaken for) the download itself.
          call.config.logger.warn?.(`cache: not recording ${call.url}: ${(err as Error).message}`);
          await src.writer.abort().catch(() => undefined);
          src.writer = undefined;
        }
      }
      yield chunk;
    }
    src.watchdog.done();
  }
  return {
    status: src.status,
    fromCache: src.fromCache,
    synthetic: src.synthetic,
    ...(src.bodyBytes !== undefined ? { bodyBytes: src.bodyBytes } : {}),
    ...(src.requestId !== undefined ? { requestId: src.requestId } : {}),
    contentType: src.contentType,
    serviceError: src.serviceError,
    chunks: chunks(),
    bytesRead: () => bytes,
    commit: async () => {
      if (settled) return;
      settled = true;
      if (src.writer !== undefined) {
        try {
          await src.writer.commit();
        } catch (err) {
          call.config.logger.warn?.(`cache: could not store ${call.url}: ${(err as Error).message}`);
          await src.writer.abort().catch(() => undefined);
        }
      }
      call.exchanges++;
      if (src.fromCache) call.cachedExchanges++;
      if (src.synthetic) {
        call.syntheticExchanges++;
        noteSyntheticData();
      }
      call.bytes += bytes;
      if (src.requestId !== undefined) call.requestIds.push(src.requestId);
    },
    discard: async () => {
      if (settled) return;
      settled = true;
      src.destroy?.();
      await src.writer?.abort().catch(() => undefined);
    },
  };
}

/** Network body chunks; a socket failure mid-body becomes a ConnectionError saying how far it got. */
async function* networkBody(
  body: AsyncIterable<Uint8Array>,
  ctx: { method: string; url: string; status: number },
): AsyncGenerator<Uint8Array, void, undefined> {
  let bytesRead = 0;
  try {
    for await (const chunk of body) {
      bytesRead += chunk.byteLength;
      yield chunk;
    }
  } catch (err) {
    throw connectionErrorOf(err, { ...ctx, bytesRead });
  }
}

/**
 * The first 64 KiB of an error body as text, decoded from its Content-Encoding (so the limit is on the
 * decoded bytes); undefined if the body could not be read. An encoding that cannot be decoded leaves
 * the status to speak for itself.
 */
async function readErrorBody(
  body: AsyncIterable<Uint8Array> & { destroy(): void },
  encoding: string | undefined,
  ctx: { method: string; url: string; status: number },
  watchdog: Watchdog,
): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  let source: AsyncIterable<Uint8Array> = body;
  try {
    source = decodeBody(body, codingsOf(encoding, ctx), ctx);
  } catch {
    body.destroy();
    return undefined;
  }
  try {
    for await (const chunk of source) {
      watchdog.touch();
      chunks.push(Buffer.from(chunk));
      size += chunk.byteLength;
      if (size >= ERROR_BODY_LIMIT) break;
    }
  } catch {
    if (size === 0) return undefined;
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, ERROR_BODY_LIMIT).toString("utf8");
}
