/**
 * Looks at the first chunks of a body without losing them: the body is handed back whole.
 */

/** The chunks read so far, and the whole body again (those chunks first, then the rest, read on demand). */
export interface PeekedBody {
  head: readonly Uint8Array[];
  /** The body ended within `head`. */
  ended: boolean;
  body: AsyncIterable<Uint8Array>;
}

/**
 * Reads chunks from `source` until `enough(head)` is true or the body ends. Errors of the source
 * (a socket failure) pass through untouched.
 */
export async function peekChunks(source: AsyncIterable<Uint8Array>, enough: (head: readonly Uint8Array[]) => boolean): Promise<PeekedBody> {
  const it = source[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let ended = false;
  while (!enough(head)) {
    const r = await it.next();
    if (r.done === true) {
      ended = true;
      break;
    }
    head.push(r.value);
  }
  async function* body(): AsyncGenerator<Uint8Array, void, undefined> {
    let finished = ended;
    try {
      for (const chunk of head) yield chunk;
      head.length = 0;
      while (!finished) {
        const r = await it.next();
        if (r.done === true) finished = true;
        else yield r.value;
      }
    } finally {
      // A consumer that stops early closes the source too (the connection is released).
      if (!finished) await it.return?.();
    }
  }
  return { head: [...head], ended, body: body() };
}

/** The first byte of `head` that is not JSON whitespace, or undefined when there is none yet. */
export function firstNonBlankByte(head: readonly Uint8Array[]): number | undefined {
  for (const chunk of head) {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return b;
    }
  }
  return undefined;
}
