/**
 * Decodes a body's Content-Encoding as it streams in (see content-encoding.ts): every layer above it,
 * the cache included, sees the decoded body, and its length is no longer known in advance.
 */
import { codingsOf, decodeBody } from "./content-encoding";
import type { Layer } from "./layer";

export const decompressionLayer: Layer = (next) => async (attempt) => {
  const ex = await next(attempt);
  const ctx = { method: attempt.spec.method, url: attempt.spec.url, status: ex.status };
  let codings: ReturnType<typeof codingsOf>;
  try {
    codings = codingsOf(ex.contentEncoding, ctx);
  } catch (err) {
    await ex.discard();
    throw err;
  }
  if (codings.length === 0) return ex;
  const { bodyBytes: _length, contentEncoding: _encoding, ...rest } = ex;
  return { ...rest, chunks: decodeBody(ex.chunks, codings, ctx) };
};
