/**
 * Dictionary codes at the narrowest width their dictionary allows (see `Codes`): a text column of a
 * few hundred distinct values takes one byte a row instead of four.
 */
import type { Codes } from "./column";

/** How many dictionary entries codes of this kind can name. */
export function codeLimit(codes: Codes): number {
  return codes instanceof Uint8Array ? 0x100 : codes instanceof Uint16Array ? 0x10000 : 0x80000000;
}

/** A zeroed array of `length` codes, the narrowest kind that names `entries` dictionary entries. */
export function codesFor(entries: number, length: number): Codes {
  if (entries <= 0x100) return new Uint8Array(length);
  return entries <= 0x10000 ? new Uint16Array(length) : new Int32Array(length);
}

/**
 * `codes` itself when it can name `entries` entries, else a wider array of the same length holding
 * its first `rows` codes (default all): one copy of what is written so far.
 */
export function widenedCodes(codes: Codes, entries: number, rows = codes.length): Codes {
  if (entries <= codeLimit(codes)) return codes;
  const out = codesFor(entries, codes.length);
  out.set(codes.subarray(0, rows));
  return out;
}

/** `codes` in the narrowest kind `entries` allows: the array itself when it is no wider, else a copy. */
export function narrowedCodes(codes: Codes, entries: number): Codes {
  const bytes = entries <= 0x100 ? 1 : entries <= 0x10000 ? 2 : 4;
  if (codes.BYTES_PER_ELEMENT <= bytes) return codes;
  const out = codesFor(entries, codes.length);
  out.set(codes);
  return out;
}
