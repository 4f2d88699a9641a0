/**
 * A growing column fed by the byte parser: numbers into a Float64Array, strings dictionary-coded by
 * their bytes (a repeated string is never decoded twice), anything else into the dictionary too.
 * A column switches to a plain array only when numbers and other values mix.
 */
import { CodedColumn, dictionaryKey, MixedColumn, NumberColumn, trimmed, type Column } from "./column";

// ignoreBOM: a string that starts with U+FEFF keeps it, as JSON.parse keeps it.
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();
// What a builder holds before it has a kind: shared, never written (a record of 200,000 fields made
// 200,000 builders, and their empty arrays and dictionaries were most of the time it took).
const NO_NUMBERS = new Float64Array(0);
const NO_CODES = new Int32Array(0);

/** Dictionary of a coded column: strings found by hash and bytes, other scalars by value. */
class Dictionary {
  /** Each entry's value by code; an ASCII string entry is `undefined` until {@link values} makes it. */
  private readonly entries: unknown[] = [];
  /** Codes of ASCII string entries held as their bytes in the slab only (see {@link values}). */
  private readonly unmade: number[] = [];
  /**
   * Each string entry's UTF-8 bytes live in one shared slab, entry `code` at `[starts[code], starts[code] + lengths[code])`
   * (length -1: not a string entry). One slab, not an array per string: a month of 24,000 well ids and
   * 24,000 names made 96,000 ArrayBuffers, and their allocation and collection were most of the parse.
   */
  private starts: Int32Array = new Int32Array(8);
  private lengths: Int32Array = new Int32Array(8);
  private slab = new Uint8Array(64);
  private slabView = new DataView(this.slab.buffer);
  private slabUsed = 0;
  /**
   * Open addressing over string entries, two words a slot: the entry's hash, then its code + 1 (0: an
   * empty slot). The hash beside the code: a probe that meets another string's slot is told apart
   * without reading a second array (with tens of thousands of well ids, each such read was a cache miss).
   * Small to start: a record of 200,000 text fields makes 200,000 dictionaries.
   */
  private table = new Int32Array(32);
  /** String entries in `table`. */
  private strings = 0;
  /**
   * Scalar values to their codes: every value `valueCode` entered, and the strings `stringCode` entered
   * once a string came through `valueCode` (an escaped string, decoded). Until then a string new to the
   * dictionary is found by its bytes only: a Map lookup of each new string was a fifth of a parse.
   */
  private readonly others = new Map<unknown, number>();
  /** Whether `others` holds every string entry too (see there). */
  private stringsByValue = false;
  /** Why `stringCode` last refused a string: the offset of a control character, or BAD_UTF8. */
  invalid = 0;

  /**
   * The code of the string held in `buf[start, end)` (no escapes inside), or -1 when its bytes are not
   * a valid string (`invalid` then says where). `view` is a DataView of `buf`: bytes are compared four
   * at a time. `wordHash` is the parser's hash of the bytes, computed while it looks for the string's
   * end: from 0, `h = imul(h ^ x, 0x9e3779b1)` for each whole little-endian 32-bit word from `start`,
   * then for each remaining byte (equal bytes always give equal hashes). Control characters and UTF-8 are checked only for strings new to the
   * dictionary: a known string has the bytes of one already checked.
   */
  stringCode(buf: Uint8Array, view: DataView, start: number, end: number, wordHash: number): number {
    let hash = Math.imul(wordHash ^ (end - start), 0x9e3779b1);
    hash ^= hash >>> 15;
    hash = Math.imul(hash, 0x85ebca6b);
    hash ^= hash >>> 13;
    const table = this.table;
    const mask = table.length - 2;
    let slot = (hash << 1) & mask;
    for (;;) {
      const entry = table[slot + 1]!;
      if (entry === 0) break;
      if (table[slot] === hash && this.sameBytes(entry - 1, buf, view, start, end)) return entry - 1;
      slot = (slot + 2) & mask;
    }
    let code: number | undefined;
    if (!this.stringsByValue && isPlainAscii(buf, view, start, end)) {
      // Made a string with the others when the values are asked for (see `values`).
      code = this.push(undefined);
      this.unmade.push(code);
    } else {
      const value = decodeChecked(buf, view, start, end);
      if (typeof value === "number") {
        this.invalid = value;
        return -1;
      }
      if (this.stringsByValue) {
        // The same text may already be here from a decoded (escaped) string: one value, one code.
        code = this.others.get(value);
        if (code === undefined) {
          code = this.push(value);
          this.others.set(value, code);
        }
      } else code = this.push(value);
    }
    const length = end - start;
    if (this.slabUsed + length > this.slab.length) this.growSlab(this.slabUsed + length);
    // Four bytes at a time (a byte loop was a tenth of a parse of new strings).
    const at = this.slabUsed;
    const slabView = this.slabView;
    const whole = length & ~3;
    for (let i = 0; i < whole; i += 4) slabView.setInt32(at + i, view.getInt32(start + i, true), true);
    const slab = this.slab;
    for (let i = whole; i < length; i++) slab[at + i] = buf[start + i]!;
    this.starts[code] = at;
    this.lengths[code] = length;
    this.slabUsed = at + length;
    table[slot] = hash;
    table[slot + 1] = code + 1;
    // At most half the slots full (the table holds two words a slot).
    if (++this.strings * 4 > table.length) this.rehash();
    return code;
  }

  /**
   * Where the string starting at `buf[start]` ends (the offset of its closing quote) when it is the
   * string of entry `code`, else -1. The entry's bytes hold no quote or backslash, so the same bytes
   * followed by a quote are the whole string.
   */
  matchAt(code: number, buf: Uint8Array, view: DataView, start: number, end: number): number {
    const length = this.lengths[code]!;
    if (length < 0) return -1;
    const close = start + length;
    if (close >= end || buf[close] !== 0x22) return -1;
    return this.sameBytes(code, buf, view, start, close) ? close : -1;
  }

  /**
   * Every entry's value, in code order. The ASCII strings new to the dictionary since the last call are
   * made here, each a slice of one Latin-1 read of the slab: a native call per new string (a month's
   * 16,000 well ids and as many names) was a tenth of the parse of a month.
   */
  get values(): unknown[] {
    const unmade = this.unmade;
    if (unmade.length > 0) {
      const text = latin1(this.slab, 0, this.slabUsed);
      const entries = this.entries;
      const starts = this.starts;
      const lengths = this.lengths;
      for (let i = 0; i < unmade.length; i++) {
        const code = unmade[i]!;
        const at = starts[code]!;
        entries[code] = text.slice(at, at + lengths[code]!);
      }
      // Emptied, not replaced (a field written again deoptimizes the code that read it as constant).
      unmade.length = 0;
    }
    return this.entries;
  }

  /** The code of any other value; nested objects always get an entry of their own. */
  valueCode(value: unknown): number {
    if (value !== null && typeof value === "object") return this.push(value);
    if (typeof value === "string" && !this.stringsByValue) {
      this.stringsByValue = true;
      const values = this.values;
      for (let code = 0; code < values.length; code++) if (this.lengths[code]! >= 0) this.others.set(values[code], code);
    }
    const key = dictionaryKey(value);
    let code = this.others.get(key);
    if (code === undefined) {
      code = this.push(value);
      this.others.set(key, code);
    }
    return code;
  }

  private push(value: unknown): number {
    const code = this.entries.push(value) - 1;
    if (code >= this.lengths.length) {
      const size = this.lengths.length * 2;
      this.starts = grownInt32(this.starts, size);
      this.lengths = grownInt32(this.lengths, size);
    }
    this.lengths[code] = -1;
    return code;
  }

  private sameBytes(code: number, buf: Uint8Array, view: DataView, start: number, end: number): boolean {
    const length = this.lengths[code]!;
    if (length !== end - start) return false;
    const own = this.starts[code]!;
    if (length < 4) {
      const slab = this.slab;
      for (let i = 0; i < length; i++) if (buf[start + i] !== slab[own + i]) return false;
      return true;
    }
    // Whole words, then the last four bytes as one word (overlapping the words before it): no byte loop.
    const slabView = this.slabView;
    const last = length - 4;
    for (let i = 0; i < last; i += 4) if (view.getInt32(start + i, true) !== slabView.getInt32(own + i, true)) return false;
    return view.getInt32(start + last, true) === slabView.getInt32(own + last, true);
  }

  private growSlab(size: number): void {
    const slab = new Uint8Array(Math.max(size, this.slab.length * 2));
    slab.set(this.slab.subarray(0, this.slabUsed));
    this.slab = slab;
    this.slabView = new DataView(slab.buffer);
  }

  private rehash(): void {
    const old = this.table;
    const table = new Int32Array(old.length * 2);
    const mask = table.length - 2;
    for (let from = 0; from < old.length; from += 2) {
      const entry = old[from + 1]!;
      if (entry === 0) continue;
      const hash = old[from]!;
      let slot = (hash << 1) & mask;
      while (table[slot + 1] !== 0) slot = (slot + 2) & mask;
      table[slot] = hash;
      table[slot + 1] = entry;
    }
    this.table = table;
  }
}

function grownInt32(a: Int32Array, size: number): Int32Array {
  const b = new Int32Array(size);
  b.set(a);
  return b;
}

/** Whether a string holds a lone surrogate (which UTF-8 cannot encode: TextEncoder writes U+FFFD). */
function hasLoneSurrogate(s: string): boolean {
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
}

/** Whether `buf[start, end)` is ASCII with no control character (every byte 0x20-0x7f): its own Latin-1 text. */
function isPlainAscii(buf: Uint8Array, view: DataView, start: number, end: number): boolean {
  let i = start;
  // `(w - 0x20202020) & ~w & 0x80808080` is non-zero exactly when a byte of `w` is below 0x20 (see decodeChecked).
  for (; i + 4 <= end; i += 4) {
    const w = view.getInt32(i, true);
    if ((((w - 0x20202020) & ~w) | w) & 0x80808080) return false;
  }
  for (; i < end; i++) {
    const b = buf[i]!;
    if (b < 0x20 || b >= 0x80) return false;
  }
  return true;
}

/** What `setString` and `stringCode` report for bytes that are not UTF-8. */
export const BAD_UTF8 = -2;

/**
 * The string held in `buf[start, end)` (raw JSON string content without escapes), or where it is
 * invalid: the offset of a control character (JSON forbids them unescaped), or BAD_UTF8.
 */
function decodeChecked(buf: Uint8Array, view: DataView | undefined, start: number, end: number): string | number {
  let from = start;
  if (view !== undefined) {
    // Four bytes at a time while none is a control character (below 0x20) or non-ASCII (0x80 up):
    // `(w - 0x20202020) & ~w & 0x80808080` is non-zero exactly when a byte of `w` is below 0x20.
    while (from + 4 <= end) {
      const w = view.getInt32(from, true);
      if ((((w - 0x20202020) & ~w) | w) & 0x80808080) break;
      from += 4;
    }
  }
  let ascii = true;
  for (let i = from; i < end; i++) {
    const b = buf[i]!;
    if (b < 0x20) return i;
    if (b >= 0x80) ascii = false;
  }
  if (ascii) return latin1(buf, start, end);
  try {
    return utf8.decode(buf.subarray(start, end));
  } catch {
    return BAD_UTF8;
  }
}

// Node's (and Deno's) Buffer reads bytes as Latin-1 natively, with no view made per string.
const latin1Slice = typeof Buffer === "undefined" ? undefined : (Buffer.prototype as { latin1Slice?: (this: Uint8Array, start: number, end: number) => string }).latin1Slice;

/** Bytes known to be ASCII as a string. */
function latin1(buf: Uint8Array, start: number, end: number): string {
  if (latin1Slice !== undefined) return latin1Slice.call(buf, start, end);
  if (end - start < 4096) return String.fromCharCode.apply(null, buf.subarray(start, end) as unknown as number[]);
  let s = "";
  for (let i = start; i < end; i += 4096) s += String.fromCharCode.apply(null, buf.subarray(i, Math.min(end, i + 4096)) as unknown as number[]);
  return s;
}

type Kind = "pending" | "number" | "coded" | "mixed";

/** Rows a column's repeat test is judged over, and the rows it is then skipped for when under an eighth matched. */
const REPEAT_WINDOW = 512;
const REPEAT_SKIP = 7 * 512;

/**
 * Where a builder's numbers and codes are kept: fresh arrays by default, or carved from one buffer
 * that is reused page after page (see http/columnar/column-slab.ts).
 */
export interface ColumnMemory {
  float64(length: number): Float64Array;
  int32(length: number): Int32Array;
  /** The first `length` values of an array this memory gave: the array, a view of it, or a copy. */
  trim<T extends Float64Array | Int32Array>(a: T, length: number): T;
}

/** Fresh arrays; a finished column is an exact copy, so it holds no room left over. */
const FRESH: ColumnMemory = {
  float64: (n) => new Float64Array(n),
  int32: (n) => new Int32Array(n),
  trim: (a, n) => (a.length === n ? a : (a.slice(0, n) as typeof a)),
};

/**
 * Fresh arrays; a finished column is kept as a view when little room is left over (for a builder
 * sized from an estimate a little over: copying every column at the end would hold the answer twice).
 */
export const ROOMY: ColumnMemory = {
  float64: (n) => new Float64Array(n),
  int32: (n) => new Int32Array(n),
  trim: trimmed,
};

/** One column under construction. Rows are written in increasing order; gaps are absent fields. */
export class ColumnBuilder {
  /**
   * For the parser's fast key match: the length of `name":` in bytes (0 when the name needs escaping
   * in JSON or is shorter than two bytes), its whole little-endian 32-bit words, and its last four
   * bytes as one word.
   */
  readonly keyPatternLength: number;
  readonly keyPatternWords: Int32Array;
  readonly keyPatternLast: number;
  /** The last row written + 1. */
  filled = 0;
  /** Rows expected in all (a hint): arrays are sized for it at once instead of growing. */
  private capacity = 0;
  private kind: Kind = "pending";
  private nums: Float64Array = NO_NUMBERS;
  private codes: Int32Array = NO_CODES;
  private mixed: unknown[] = [];
  /** Made when the column becomes coded (see {@link dict}). */
  private dictionary: Dictionary | undefined = undefined;
  private absent: Uint8Array | undefined;
  /** The code of the last string written (-1: none yet), tried first for the next row without a lookup. */
  private lastString = -1;
  /** Repeat tests in this window, and how many matched; rows the test is skipped for (see {@link repeatsLastString}). */
  private repeatTries = 0;
  private repeatHits = 0;
  private repeatSkip = 0;

  /**
   * @param name the field's name.
   * @param memory where numbers and codes are kept; default fresh arrays.
   */
  constructor(
    readonly name: string,
    private readonly memory: ColumnMemory = FRESH,
  ) {
    // ASCII names (all the services send) are their own bytes: no encoder, no DataView per column.
    const text = `${name}":`;
    const utf8Bytes = /^[\u0000-\u007f]*$/.test(text) ? undefined : encoder.encode(text);
    const length = utf8Bytes?.length ?? text.length;
    const byteAt = (i: number): number => (utf8Bytes !== undefined ? utf8Bytes[i]! : text.charCodeAt(i));
    // A name that needs escaping in JSON, or that UTF-8 cannot hold as it is, is matched the slow way.
    const plain = !/["\\\u0000-\u001f]/.test(name) && !hasLoneSurrogate(name) && length >= 4;
    this.keyPatternLength = plain ? length : 0;
    this.keyPatternWords = new Int32Array(plain ? length >> 2 : 0);
    for (let i = 0; i < this.keyPatternWords.length; i++) this.keyPatternWords[i] = wordAt(byteAt, i * 4);
    this.keyPatternLast = plain ? wordAt(byteAt, length - 4) : 0;
  }

  /** The dictionary of a coded column. */
  private get dict(): Dictionary {
    return (this.dictionary ??= new Dictionary());
  }

  /** Expects about `rows` rows in all: arrays are sized for them now (fewer copies, less garbage). */
  reserve(rows: number): void {
    this.capacity = Math.max(this.capacity, rows);
    this.ensure(rows);
  }

  /** Writes a number into row `row`. */
  setNumber(row: number, x: number): void {
    // Fast path: the next row of a number column with room for it.
    if (row === this.filled && this.kind === "number" && row < this.nums.length) {
      this.nums[row] = x;
      this.filled = row + 1;
      return;
    }
    this.advance(row);
    if (this.kind === "number") this.nums[row] = x;
    else if (this.kind === "pending") {
      this.become("number", row);
      this.nums[row] = x;
    } else if (this.kind === "coded") this.codes[row] = this.dict.valueCode(x);
    else this.mixed[row] = x;
    this.filled = row + 1;
  }

  /**
   * Writes the string held in `buf[start, end)` (no escapes inside) into row `row` (`view`: a DataView
   * of `buf`; `wordHash`: see `Dictionary.stringCode`). Returns -1, or for bytes that are not a valid
   * string the offset of a control character or BAD_UTF8 (nothing is written then).
   */
  setString(row: number, buf: Uint8Array, view: DataView, start: number, end: number, wordHash: number): number {
    // Fast path: the next row of a coded column with room for it.
    if (row === this.filled && this.kind === "coded" && row < this.codes.length) {
      const code = this.dict.stringCode(buf, view, start, end, wordHash);
      if (code < 0) return this.dict.invalid;
      this.codes[row] = code;
      if (code !== this.lastString) this.remember(code);
      this.filled = row + 1;
      return -1;
    }
    this.advance(row);
    if (this.kind === "pending") this.become("coded", row);
    else if (this.kind === "number") this.become("mixed", row);
    if (this.kind === "coded") {
      const code = this.dict.stringCode(buf, view, start, end, wordHash);
      if (code < 0) return this.dict.invalid;
      this.codes[row] = code;
      if (code !== this.lastString) this.remember(code);
    } else {
      const value = decodeChecked(buf, view, start, end);
      if (typeof value === "number") return value;
      this.mixed[row] = value;
    }
    this.filled = row + 1;
    return -1;
  }

  /**
   * When the string starting at `buf[start]` is the one this column got last and `row` is its next
   * row, writes it and returns the offset of its closing quote; else -1 (nothing written).
   */
  repeatsLastString(row: number, buf: Uint8Array, view: DataView, start: number, end: number): number {
    if (this.lastString < 0 || row !== this.filled || row >= this.codes.length) return -1;
    if (this.repeatSkip > 0) {
      this.repeatSkip--;
      return -1;
    }
    const close = this.dict.matchAt(this.lastString, buf, view, start, end);
    if (++this.repeatTries === REPEAT_WINDOW) {
      // Seldom a repeat (ids, names, the counties of wells in catalogue order): the test is skipped for a
      // while. Only a shortcut: the string's lookup gives the same code.
      if (this.repeatHits * 8 < REPEAT_WINDOW) this.repeatSkip = REPEAT_SKIP;
      this.repeatTries = 0;
      this.repeatHits = 0;
    }
    if (close < 0) return -1;
    this.repeatHits++;
    this.codes[row] = this.lastString;
    this.filled = row + 1;
    return close;
  }

  /** Makes string code `code` the one a repeat is matched against (an escaped string has no bytes: never matched). */
  private remember(code: number): void {
    this.lastString = code;
  }

  /** Writes any other value (null, booleans, decoded strings, nested values) into row `row`. */
  setValue(row: number, value: unknown): void {
    this.advance(row);
    if (value === null) {
      if (this.kind === "number") this.nums[row] = NaN;
      else if (this.kind === "coded") this.codes[row] = this.dict.valueCode(null);
      else if (this.kind === "mixed") this.mixed[row] = null;
      // pending: stays pending; the row is filled with null when the kind is chosen.
    } else if (typeof value === "number") {
      this.setNumber(row, value);
      return;
    } else {
      if (this.kind === "pending") this.become("coded", row);
      else if (this.kind === "number") this.become("mixed", row);
      if (this.kind === "coded") this.codes[row] = this.dict.valueCode(value);
      else this.mixed[row] = value;
    }
    this.filled = row + 1;
  }

  /** The finished column of `length` rows (rows never written are absent). */
  finish(length: number): Column {
    // Rows up to `length` only: making room for one more, as writing row `length` would, doubled a
    // column sized exactly for its rows.
    this.markAbsent(length);
    this.ensure(length);
    const absent = this.absent === undefined ? undefined : this.absent.slice(0, length);
    switch (this.kind) {
      case "number":
        return new NumberColumn(this.memory.trim(this.nums, length), absent);
      case "mixed":
        this.mixed.length = length;
        return new MixedColumn(this.mixed, absent);
      case "coded":
        return new CodedColumn(this.memory.trim(this.codes, length), this.dict.values, absent);
      default: {
        // Only nulls (or nothing) were seen.
        return new CodedColumn(new Int32Array(length), [null], absent);
      }
    }
  }

  /** Marks rows [filled, row) absent and makes room for `row`. */
  private advance(row: number): void {
    this.markAbsent(row);
    this.ensure(row + 1);
  }

  /** Marks rows [filled, row) absent (and empty). */
  private markAbsent(row: number): void {
    if (row > this.filled) {
      this.absent ??= new Uint8Array(Math.max(16, row * 2));
      if (this.absent.length < row) this.absent = grow8(this.absent, row * 2);
      this.absent.fill(1, this.filled, row);
      this.fillEmpty(this.filled, row);
    }
  }

  /** Rows [from, to) hold no value: NaN or the null code. */
  private fillEmpty(from: number, to: number): void {
    this.ensure(to);
    if (this.kind === "number") this.nums.fill(NaN, from, to);
    else if (this.kind === "coded" && to > from) this.codes.fill(this.dict.valueCode(null), from, to);
    else if (this.kind === "mixed") for (let i = from; i < to; i++) this.mixed[i] = null;
  }

  private ensure(size: number): void {
    if (this.kind === "number" && this.nums.length < size) this.nums = grownF64(this.memory, this.nums, Math.max(size, this.capacity));
    else if (this.kind === "coded" && this.codes.length < size) this.codes = grown32(this.memory, this.codes, Math.max(size, this.capacity));
    if (this.absent !== undefined && this.absent.length < size) this.absent = grow8(this.absent, size);
  }

  /**
   * Changes the kind, converting what was written so far (rows before `filled`), with room for row
   * `row`, about to be written. Rows from `filled` up to `row` were never written (absent: a column
   * that first appears at a later row has `filled` 0 here) and get the new kind's empty value: they
   * were left as whatever the memory held (a reused slab's old numbers) and, with room made for
   * `filled` alone, row `row`'s own value was lost.
   */
  private become(kind: Kind, row: number): void {
    const n = this.filled;
    const upto = Math.max(n, row);
    // The size reserved when it holds the rows; else an eighth of room over them (a field first seen
    // late is often seen rarely: twice its rows was mostly empty room).
    const size = this.capacity > upto ? this.capacity : Math.max(16, upto + 1 + (upto >> 3));
    const before = this.kind;
    this.kind = kind;
    if (kind === "number") {
      this.nums = this.memory.float64(size);
      this.nums.fill(NaN, 0, upto);
    } else if (kind === "coded") {
      this.codes = this.memory.int32(size);
      if (upto > 0) this.codes.fill(this.dict.valueCode(null), 0, upto);
    } else if (before === "number") {
      this.mixed = new Array<unknown>(upto).fill(null);
      for (let i = 0; i < n; i++) {
        const v = this.nums[i]!;
        this.mixed[i] = v === v ? v : null;
      }
      this.nums = new Float64Array(0);
    } else {
      this.mixed = new Array<unknown>(upto).fill(null);
    }
    this.ensure(upto + 1);
  }
}

/** The little-endian 32-bit word of the four bytes from `at`. */
function wordAt(byteAt: (i: number) => number, at: number): number {
  return byteAt(at) | (byteAt(at + 1) << 8) | (byteAt(at + 2) << 16) | (byteAt(at + 3) << 24);
}

function grownF64(memory: ColumnMemory, a: Float64Array, size: number): Float64Array {
  const b = memory.float64(Math.max(16, size, a.length * 2));
  b.set(a);
  return b;
}

function grown32(memory: ColumnMemory, a: Int32Array, size: number): Int32Array {
  const b = memory.int32(Math.max(16, size, a.length * 2));
  b.set(a);
  return b;
}

function grow8(a: Uint8Array, size: number): Uint8Array {
  const b = new Uint8Array(Math.max(16, size, a.length * 2));
  b.set(a);
  return b;
}
