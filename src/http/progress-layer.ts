/**
 * Counts the body as the caller reads it (bytes, progress display, attempt watchdog) and, once the body
 * was read and used, the exchange into the call's provenance. Outermost, so answers from the cache count too.
 */
import { noteSyntheticData } from "../util/synthetic-data";
import type { Layer } from "./layer";
import { passReadInto } from "./read-into";

export const progressLayer: Layer = (next) => async (attempt) => {
  const { call, watchdog } = attempt;
  const ex = await next(attempt);
  // An uncompressed body's announced length is the progress display's total (percentage, time left).
  if (ex.bodyBytes !== undefined && !ex.fromCache) call.progress.expectBody(ex.bodyBytes);
  let bytes = 0;
  let settled = false;
  async function* chunks(): AsyncGenerator<Uint8Array, void, undefined> {
    for await (const chunk of ex.chunks) {
      watchdog.touch();
      bytes += chunk.byteLength;
      call.progress.addBytes(chunk.byteLength);
      yield chunk;
    }
    watchdog.done();
  }
  return {
    ...ex,
    // The chunks go up as they come: a consumer may have them read straight into its buffer.
    chunks: passReadInto(chunks(), ex.chunks),
    bytesRead: () => bytes,
    commit: async () => {
      if (settled) return;
      settled = true;
      await ex.commit();
      call.exchanges++;
      if (ex.fromCache) call.cachedExchanges++;
      if (ex.synthetic) {
        call.syntheticExchanges++;
        noteSyntheticData();
      }
      call.bytes += bytes;
      if (ex.requestId !== undefined) call.requestIds.push(ex.requestId);
    },
    discard: async () => {
      if (settled) return;
      settled = true;
      await ex.discard();
    },
  };
};
