/**
 * An optional capability of a body's chunk iterable: the bytes still to come read by the socket straight
 * into a buffer the consumer gives, at their place in the body. A v3 page is copied into its page buffer
 * anyway; read there directly, it needs no read buffers (which only a collection frees) and no copy.
 *
 * Only a layer that hands chunks up as they are may pass the capability on ({@link passReadInto}); one
 * that keeps or transforms them (decompression, the cache) leaves it behind, and the consumer then
 * copies, as it does for any chunk that is not already in place.
 */

/**
 * Asks the source to write the body's bytes not yet received into `target` at their offset in the body
 * (`target` holds exactly the whole body). Chunks yielded afterwards are views of `target` at their place.
 * Returns how to stop the reading (the connection is closed unless the body is whole): call it before
 * `target` is reused or freed without the body having ended. Returns undefined when the source cannot
 * (then nothing changes).
 */
export type ReadInto = (target: Uint8Array) => (() => void) | undefined;

const READ_INTO = Symbol("gasframes.readInto");

type WithReadInto = { [READ_INTO]?: ReadInto };

/** `source`'s capability, if it has one. */
export function readIntoOf(source: AsyncIterable<Uint8Array>): ReadInto | undefined {
  return (source as WithReadInto)[READ_INTO];
}

/** `chunks` with the capability `readInto` (none when undefined); returns `chunks`. */
export function withReadInto<T extends AsyncIterable<Uint8Array>>(chunks: T, readInto: ReadInto | undefined): T {
  if (readInto !== undefined) (chunks as WithReadInto)[READ_INTO] = readInto;
  return chunks;
}

/** `chunks` (which yields `source`'s chunks unchanged) with `source`'s capability; returns `chunks`. */
export function passReadInto<T extends AsyncIterable<Uint8Array>>(chunks: T, source: AsyncIterable<Uint8Array>): T {
  return withReadInto(chunks, readIntoOf(source));
}
