/**
 * The record/replay cache: answers an attempt from disk when a response is stored (`readwrite`,
 * `replay`), refuses a miss in `replay`, and otherwise records the body the layers below hand up (already
 * decoded) while the caller reads it, keeping it only once the caller used it whole.
 */
import { CacheMissError, clip } from "../errors";
import { canonicalJson } from "./canonical-json";
import type { Exchange } from "./layer";
import { serviceErrorOf } from "./network-send";
import { ResponseCache, targetOf, type CacheRequest, type CacheWriter } from "./response-cache";
import type { Layer } from "./layer";

export const cacheLayer: Layer = (next) => async (attempt) => {
  const { call, spec } = attempt;
  const config = call.config;
  if (config.cache.mode === "off") return next(attempt);
  const cache = new ResponseCache(config.cache.dir);
  const key = ResponseCache.key(spec.method, spec.url, spec.body);
  const asked: CacheRequest = { method: spec.method, target: targetOf(spec.url, config.baseUrl), body: spec.body };
  const found = await cache.read(key, asked);
  if (found.kind === "hit") {
    const { entry, body, close } = found;
    const headers = entry.requestId !== undefined ? { "x-request-id": entry.requestId } : {};
    return {
      status: entry.status,
      fromCache: true,
      synthetic: entry.synthetic === true,
      ...(entry.requestId !== undefined ? { requestId: entry.requestId } : {}),
      contentType: entry.contentType ?? "",
      chunks: body,
      serviceError: serviceErrorOf(call, spec, entry.status, headers),
      bytesRead: () => 0,
      commit: async () => undefined,
      discard: async () => void close(),
    };
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
  const ex = await next(attempt);
  let writer: CacheWriter | undefined;
  try {
    writer = await cache.writer(key, {
      method: spec.method,
      url: spec.url,
      body: spec.body ?? null,
      status: ex.status,
      contentType: ex.contentType,
      ...(ex.requestId !== undefined ? { requestId: ex.requestId } : {}),
      ...(ex.synthetic ? { synthetic: true } : {}),
    }, asked);
  } catch (err) {
    // An unwritable cache folder must not fail (or be retried as) the download itself.
    config.logger.warn?.(`cache: not recording ${spec.url}: ${(err as Error).message}`);
  }
  return writer === undefined ? ex : recording(ex, writer, (msg) => config.logger.warn?.(msg), call.url);
};

/** `ex` with its body written to `writer` as it is read; kept on commit, dropped on discard. */
function recording(ex: Exchange, writer: CacheWriter, warn: (msg: string) => void, url: string): Exchange {
  let live: CacheWriter | undefined = writer;
  async function* chunks(): AsyncGenerator<Uint8Array, void, undefined> {
    for await (const chunk of ex.chunks) {
      if (live !== undefined) {
        try {
          await live.write(chunk);
        } catch (err) {
          // A cache that cannot be written must not fail (or be mistaken for) the download itself.
          warn(`cache: not recording ${url}: ${(err as Error).message}`);
          await live.abort().catch(() => undefined);
          live = undefined;
        }
      }
      yield chunk;
    }
  }
  return {
    ...ex,
    chunks: chunks(),
    commit: async () => {
      if (live !== undefined) {
        try {
          await live.commit();
        } catch (err) {
          warn(`cache: could not store ${url}: ${(err as Error).message}`);
          await live.abort().catch(() => undefined);
        }
      }
      await ex.commit();
    },
    discard: async () => {
      await ex.discard();
      await live?.abort().catch(() => undefined);
    },
  };
}
