/**
 * JSON text of strings and numbers written straight into a byte buffer, each function returning the
 * position after what it wrote. The output is exactly the bytes of `JSON.stringify` (UTF-8).
 */

/** Below this count of hundredths the digits of k / 100 are what JSON.stringify prints (see writeHundredths). */
const EXACT_HUNDREDTHS_BELOW = 1e15;
/** Integers below this are written digit by digit; others (and non-integers) through JSON.stringify. */
const DIGITS_BELOW = 2 ** 53;

/**
 * Copies `src` into `out` at `pos`. Always through `set`: a byte loop, once used for pieces of up to 32
 * bytes, was then the largest cost of a productionbywell row (a sandbox profile, 2026-11-29), and `set`
 * copied a row's pieces of 20 to 130 bytes about 3.5 times as fast (docs/performance.md).
 */
export function writeBytes(out: Uint8Array, pos: number, src: Uint8Array): number {
  out.set(src, pos);
  return pos + src.length;
}

/** Writes a JavaScript string's UTF-8 bytes (for text already in JSON form). */
export function writeText(out: Buffer, pos: number, text: string): number {
  return pos + out.write(text, pos, "utf8");
}

/** Writes the JSON text of a number (`null` when not finite). */
export function writeNumber(out: Buffer, pos: number, x: number): number {
  if (x >= 0 && x < DIGITS_BELOW && Math.floor(x) === x) return writeDigits(out, pos, x);
  return writeText(out, pos, JSON.stringify(x));
}

/** ASCII of 00 to 99, two bytes each: digits are written in pairs, halving the divisions. */
const DIGIT_PAIRS = Uint8Array.from({ length: 200 }, (_, i) => 48 + (i & 1 ? (i >> 1) % 10 : Math.floor(i / 20)));

/** Decimal digits of a non-negative integer below 2^53. */
function digitCount(n: number): number {
  // Most numbers of a row have 1 to 8 digits: a few comparisons, no loop of multiplications.
  if (n < 1e8) return n < 1e4 ? (n < 100 ? (n < 10 ? 1 : 2) : n < 1e3 ? 3 : 4) : n < 1e6 ? (n < 1e5 ? 5 : 6) : n < 1e7 ? 7 : 8;
  let len = 1;
  for (let t = 10; t <= n && len < 16; t *= 10) len++;
  return n >= 1e16 ? 17 : len;
}

/** Writes a non-negative integer below 2^53 in decimal. */
function writeDigits(out: Uint8Array, pos: number, n: number): number {
  if (n < 10) {
    out[pos] = 48 + n;
    return pos + 1;
  }
  const end = pos + digitCount(n);
  let p = end;
  // Below 2^31 the divisions are integer ones, which V8 makes multiplications.
  while (n >= 2147483648) {
    const q = Math.floor(n / 100);
    const r = (n - q * 100) << 1;
    out[--p] = DIGIT_PAIRS[r + 1];
    out[--p] = DIGIT_PAIRS[r];
    n = q;
  }
  let m = n | 0;
  while (m >= 100) {
    const q = (m / 100) | 0;
    const r = (m - q * 100) << 1;
    out[--p] = DIGIT_PAIRS[r + 1];
    out[--p] = DIGIT_PAIRS[r];
    m = q;
  }
  if (m >= 10) {
    out[--p] = DIGIT_PAIRS[(m << 1) + 1];
    out[--p] = DIGIT_PAIRS[m << 1];
  } else out[--p] = 48 + m;
  return end;
}

/**
 * Writes the JSON text of `Math.round(x * 100) / 100`. JSON.stringify prints the shortest decimal that
 * reads back as the same double; for k / 100 (k an integer below 1e15) that is k's digits with the point
 * put back and trailing zeros dropped, because any other decimal as short lies at least 0.01 away, far
 * beyond the double's precision there. Anything else goes through JSON.stringify.
 */
export function writeHundredths(out: Buffer, pos: number, x: number): number {
  return writeHundredthsOf(out, pos, Math.round(x * 100));
}

/**
 * writeHundredths from the count of hundredths, `Math.round(x * 100)`. A hot writer rounds first: a
 * fraction passed to a function V8 did not inline is boxed on each call, an integer of up to 30 bits is not
 * (a sandbox allocation profile, 2026-11-29: three boxes a productionbywell row).
 */
export function writeHundredthsOf(out: Buffer, pos: number, k: number): number {
  if (!(k >= 0 && k < EXACT_HUNDREDTHS_BELOW)) return writeText(out, pos, JSON.stringify(k / 100));
  const whole = Math.floor(k / 100);
  pos = writeDigits(out, pos, whole);
  const f = (k - whole * 100) << 1;
  if (f === 0) return pos;
  out[pos] = 46;
  out[pos + 1] = DIGIT_PAIRS[f];
  if (DIGIT_PAIRS[f + 1] === 48) return pos + 2;
  out[pos + 2] = DIGIT_PAIRS[f + 1];
  return pos + 3;
}
