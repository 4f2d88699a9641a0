/**
 * The fast path of big responses: JSON bytes straight into columns, without building a JavaScript
 * object per record or a string per value. It reads exactly the JSON grammar (anything malformed is
 * a ColumnParseError with its byte offset) and gives the values `JSON.parse` would; the record
 * shapes it handles are the services' flat records. Whatever it does not handle (a top-level value
 * that is not an array of objects, a duplicated envelope key) is a NotColumnarError, and the caller
 * parses that body the ordinary way.
 *
 * Speed comes from three things: keys are matched against the previous record's key order byte by
 * byte; strings are looked up in the column's dictionary by hash and bytes (decoded once per distinct
 * value); numbers with up to 15 significant digits and no exponent are computed exactly from their
 * digits (an exact integer divided by an exact power of ten is correctly rounded), others go through
 * `Number`.
 */
import { MAX_FIELD_NAMES, tooSparse } from "../../table/columns-from-records";
import { RecordColumns, type Column } from "../../table/record-columns";
import { BAD_UTF8, ColumnBuilder, type ColumnMemory } from "../../table/column-builder";

/** Malformed JSON, with the byte offset where it went wrong. */
export class ColumnParseError extends Error {
  override name = "ColumnParseError";
}

/**
 * Records so sparse that their columns (every field a column as long as the answer) would take far
 * more memory than their bytes: a few fields of many, or a new field in every record. Refused before
 * the memory is asked for (a body of 250 KB with a new key on every line asked for gigabytes).
 */
export class TooSparseError extends ColumnParseError {
  override name = "TooSparseError";
}

/** Records with more than {@link MAX_FIELD_NAMES} distinct field names: refused before their columns are made. */
export class TooManyFieldsError extends ColumnParseError {
  override name = "TooManyFieldsError";
}

/** Well-formed JSON of a shape this parser does not turn into columns. */
export class NotColumnarError extends Error {
  override name = "NotColumnarError";
}

/**
 * Deepest nesting of arrays and objects a body may have. Deeper JSON is refused (a ColumnParseError,
 * so a ResponseParseError for the caller) before anything recursive meets it: structured cloning of a
 * value 100,000 levels deep overflows a parse worker's stack. The services' records nest 2 or 3 levels.
 */
export const MAX_JSON_DEPTH = 1000;

/** The message of a body nested deeper than {@link MAX_JSON_DEPTH}. */
export function jsonTooDeep(at: number): string {
  return `JSON nested deeper than ${MAX_JSON_DEPTH} levels at byte ${at} (refused before it overflows the stack)`;
}

/** The offset where `bytes` (JSON, or something like it) first nests deeper than `limit`, or -1. */
export function tooDeepAt(bytes: Uint8Array, limit: number): number {
  let depth = 0;
  for (let p = 0; p < bytes.length; p++) {
    const b = bytes[p];
    if (b === 0x22) {
      // Skips the string (an unterminated one ends the scan; JSON.parse reports it).
      for (p++; p < bytes.length && bytes[p] !== 0x22; p++) if (bytes[p] === 0x5c) p++;
    } else if (b === 0x5b || b === 0x7b) {
      if (++depth > limit) return p;
    } else if (b === 0x5d || b === 0x7d) depth--;
  }
  return -1;
}

const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];

/**
 * The value of a decimal of at most 15 significant digits and 22 decimals: both the integer `mant`
 * and `10^scale` are exact doubles, so one division rounds correctly.
 */
function exactDecimal(neg: boolean, mant: number, scale: number): number {
  const x = scale === 0 ? mant : mant / POW10[scale]!;
  return neg ? -x : x;
}

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
// ignoreBOM: a U+FEFF at the start of a slice is text (inside a string) or an error, never dropped.
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** What a record that fails to parse throws while a piece that may cut it is parsed (no stack, no message). */
const CUT: unknown = Symbol("a record the piece may cut");

/**
 * A field's column with the bytes `name":` that name it, as little-endian 32-bit words for the key
 * match in {@link ColumnParser}: the first three words held apart (most names are short: their match
 * is unrolled, no loop, no array), the last four bytes as one word (overlapping the others), and any
 * words past the first three.
 */
class FieldSlot {
  /** The length of `name":` in bytes; 0 when it is matched the slow way (see ColumnBuilder). */
  readonly n: number;
  readonly w0: number;
  readonly w1: number;
  readonly w2: number;
  readonly last: number;
  /** Words from byte 12 on that the last word does not cover (a `name":` of more than 16 bytes). */
  readonly more: Int32Array;

  constructor(readonly col: ColumnBuilder) {
    const words = col.keyPatternWords;
    this.n = col.keyPatternLength;
    this.w0 = words[0] ?? 0;
    this.w1 = words[1] ?? 0;
    this.w2 = words[2] ?? 0;
    this.last = col.keyPatternLast;
    this.more = this.n > 16 ? words.subarray(3, Math.ceil((this.n - 4) / 4)) : new Int32Array(0);
  }
}

/** Where a {@link ColumnParser.parseElements} of an array given in pieces stopped. */
export interface ElementState {
  /** A record was parsed last: ',' or ']' comes next. */
  afterElement: boolean;
  /** At least one record was parsed (a ']' after a ',' is an error). */
  any: boolean;
  /** The array's ']' was read. */
  closed: boolean;
}

/** Parses records into column builders, keeping the builders (and dictionaries) across calls. */
export class ColumnParser {
  private buf: Uint8Array = new Uint8Array(0);
  private view: DataView = new DataView(new ArrayBuffer(0));
  private builders = new Map<string, ColumnBuilder>();
  /** Each builder's key pattern (see {@link FieldSlot}), by field name. */
  private slots = new Map<string, FieldSlot>();
  private order: FieldSlot[] = [];
  private rows = 0;
  /** A failure is thrown as {@link CUT} (see {@link parseElements}). */
  private probing = false;
  /** Rows expected in all, when known or estimated (0: unknown). */
  private expected = 0;
  /** The offsets of the line ends {@link parseLines} found (reused from call to call). */
  private lineEnds: Int32Array = new Int32Array(256);
  /** Body bytes given to this parser so far, and the body bytes an expectation was made from. */
  private bytesIn = 0;
  private bytesExpected = 0;

  /** @param memory where the columns' numbers and codes are kept; default fresh arrays. */
  constructor(private readonly memory?: ColumnMemory) {}

  /** Records parsed so far. */
  get length(): number {
    return this.rows;
  }

  /**
   * Rows the next array or envelope is thought to hold (the pool learns it from the pages before):
   * sizes its columns after its first record unless that record says far fewer. 0: no hint.
   */
  rowsHint = 0;

  /** Parses `[{...}, ...]` in `buf[start, end)`; returns the number of records. */
  parseArray(buf: Uint8Array, start = 0, end = buf.length): number {
    this.bytesIn += end - start;
    this.buf = buf;
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    let p = this.ws(start, end);
    if (buf[p] !== 0x5b) this.notColumnar(p, end, "a JSON array");
    const before = this.rows;
    p = this.arrayBody(p + 1, end);
    p = this.ws(p, end);
    if (p !== end) this.fail(p, "text after the end of the array");
    return this.rows - before;
  }

  /**
   * Parses a v3 envelope `{"data": [...], ...}` in `buf[start, end)`: `data` into columns, every other
   * member as `JSON.parse` gives it. Returns the other members and the number of records.
   */
  parseEnvelope(buf: Uint8Array, start = 0, end = buf.length): { rows: number; rest: Record<string, unknown> } {
    this.bytesIn += end - start;
    this.buf = buf;
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    let p = this.ws(start, end);
    if (buf[p] !== 0x7b) this.notColumnar(p, end, "a JSON object");
    const before = this.rows;
    const rest: Record<string, unknown> = {};
    let sawData = false;
    p = this.ws(p + 1, end);
    if (buf[p] === 0x7d) p++;
    else {
      for (;;) {
        if (buf[p] !== 0x22) this.fail(p, "expected a member name");
        const keyEnd = this.stringEnd(p + 1, end);
        const key = this.decodeKey(p, keyEnd);
        p = this.ws(keyEnd + 1, end);
        if (buf[p] !== 0x3a) this.fail(p, "expected ':'");
        p = this.ws(p + 1, end);
        if (key === "data" && buf[p] === 0x5b) {
          if (sawData) throw new NotColumnarError("the envelope has two data members");
          sawData = true;
          p = this.arrayBody(p + 1, end);
        } else {
          if (key === "data") throw new NotColumnarError("the envelope's data is not an array");
          const valueEnd = this.valueEnd(p, end);
          const value = this.parseSlice(p, valueEnd);
          // An own member even when it is named __proto__, as JSON.parse gives it.
          if (key === "__proto__") Object.defineProperty(rest, key, { value, enumerable: true, writable: true, configurable: true });
          else rest[key] = value;
          p = valueEnd;
        }
        p = this.ws(p, end);
        if (buf[p] === 0x2c) {
          p = this.ws(p + 1, end);
          continue;
        }
        if (buf[p] === 0x7d) {
          p++;
          break;
        }
        this.fail(p, "expected ',' or '}' in the envelope");
      }
    }
    p = this.ws(p, end);
    if (p !== end) this.fail(p, "text after the end of the envelope");
    if (!sawData) throw new NotColumnarError("the envelope has no data array");
    return { rows: this.rows - before, rest };
  }

  /**
   * The elements of an array of records given a piece at a time (see envelope-in-place.ts): parses
   * those in `buf[start, end)`, from where `state` says the last piece stopped, and returns the offset
   * where this one stopped: `end`, just after the array's ']' (`state.closed`), or, unless `final`, the
   * start of a record that fails to parse, which may be one the piece cuts: it is parsed again from
   * its start with the next bytes. Values such a record wrote meanwhile are rows past `length`, and
   * are written again when it parses whole. Bytes are counted by {@link expect}, not here.
   */
  parseElements(buf: Uint8Array, start: number, end: number, state: ElementState, final: boolean): number {
    this.buf = buf;
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    let p = start;
    for (;;) {
      p = this.ws(p, end);
      if (p >= end) {
        if (final) this.fail(p, state.afterElement ? "the array ended early (truncated)" : "ended early (truncated)");
        return p;
      }
      if (state.afterElement) {
        const c = buf[p];
        if (c === 0x2c) {
          state.afterElement = false;
          p++;
          continue;
        }
        if (c === 0x5d) {
          state.closed = true;
          return p + 1;
        }
        this.fail(p, "expected ',' or ']'");
      }
      if (buf[p] === 0x5d && !state.any) {
        state.closed = true;
        return p + 1;
      }
      if (buf[p] !== 0x7b) this.notColumnar(p, end, "an array of objects");
      this.probing = !final;
      try {
        p = this.record(p + 1, end);
      } catch (err) {
        // Perhaps a record the piece cuts: parsed again from its start with more bytes. A broken one
        // fails again, and with its error, once the body is all in (see envelope-in-place.ts).
        if (err === CUT || (!final && err instanceof ColumnParseError && !(err instanceof TooSparseError) && !(err instanceof TooManyFieldsError))) return p;
        throw err;
      } finally {
        this.probing = false;
      }
      state.afterElement = true;
      state.any = true;
    }
  }

  /** Parses NDJSON lines (one object per line, blank lines skipped) in `buf[start, end)`; returns the records. */
  parseLines(buf: Uint8Array, start = 0, end = buf.length): number {
    this.bytesIn += end - start;
    this.buf = buf;
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    const before = this.rows;
    // The line ends, found once (a native scan each): their count sizes the columns once instead of
    // growing them, and the records are parsed line by line from them (searching again for each line's
    // end was a native call a line, 7% of a month's parse).
    let ends = this.lineEnds;
    let lines = 0;
    for (let i = buf.indexOf(0x0a, start); i !== -1 && i < end; i = buf.indexOf(0x0a, i + 1)) {
      if (lines === ends.length) ends = this.lineEnds = grownLineEnds(ends);
      ends[lines++] = i;
    }
    this.reserve(this.rows + lines + 1);
    let p = start;
    for (let line = 0; p < end; line++) {
      const nl = line < lines ? ends[line]! : end;
      const q = this.ws(p, nl);
      if (q < nl) {
        if (buf[q] !== 0x7b) this.notColumnar(q, nl, "an object on every line");
        const after = this.ws(this.record(q + 1, nl), nl);
        if (after !== nl) this.fail(after, "text after the record on its line");
      }
      p = nl + 1;
    }
    return this.rows - before;
  }

  /** The columns of every record parsed so far (fields in first-seen order); the parser starts afresh. */
  finish(): RecordColumns {
    const n = this.rows;
    this.checkCells(this.builders.size, n);
    const names = [...this.builders.keys()];
    const columns = new Map<string, Column>();
    for (const [name, builder] of this.builders) columns.set(name, builder.finish(n));
    // Emptied, not replaced: a field written again after the parser's code was optimized for it
    // (V8 takes a field written once as constant) throws that code away, the whole parser's at the
    // end of the first page (see docs/performance.md, "v3: tenth round").
    this.builders.clear();
    this.slots.clear();
    this.order.length = 0;
    this.rows = 0;
    this.expected = 0;
    this.bytesIn = 0;
    this.bytesExpected = 0;
    return new RecordColumns(names, columns, n);
  }

  /**
   * Expects about `rows` records in all (sizes every column once instead of growing it).
   * @param bodyBytes the body's length the estimate was made from (0: only what was parsed).
   */
  expect(rows: number, bodyBytes = 0): void {
    this.bytesExpected = Math.max(this.bytesExpected, bodyBytes);
    if (rows > this.expected) this.reserve(rows);
  }

  /** Sizes every column (and columns still to come) for `rows` rows in all. */
  private reserve(rows: number): void {
    this.checkCells(this.builders.size, rows);
    this.expected = Math.max(this.expected, rows);
    for (const b of this.builders.values()) b.reserve(rows);
  }

  /** Throws a TooSparseError when `columns` columns of `rows` rows would outweigh the body (see `tooSparse`). */
  private checkCells(columns: number, rows: number): void {
    const bytes = Math.max(this.bytesIn, this.bytesExpected);
    if (!tooSparse(columns * rows, bytes)) return;
    throw new TooSparseError(
      `${columns} fields over ${rows} records would take ${Math.round((columns * rows * 9) / 1048576)} MB as columns for ` +
        `${bytes} bytes of records: too sparse to hold as columns`,
    );
  }

  /** Elements after '[' up to and including ']'. */
  private arrayBody(p: number, end: number): number {
    const buf = this.buf;
    p = this.ws(p, end);
    if (buf[p] === 0x5d) return p + 1;
    const first = p;
    for (;;) {
      if (buf[p] !== 0x7b) this.notColumnar(p, end, "an array of objects");
      const recordStart = p;
      p = this.ws(this.record(p + 1, end), end);
      // After the first record, its size tells roughly how many follow (records are alike). A first
      // record longer than most made that too few, and every column then grew to twice: the pages
      // before tell better. Their word is taken up to twice the first record's (a hint from bodies of
      // other records sizes these columns at most twice what this body's own bytes say).
      if (recordStart === first) {
        const fromFirst = Math.ceil(((end - p) / Math.max(1, p - first)) * 1.02);
        this.reserve(this.rows + Math.max(fromFirst, Math.min(this.rowsHint - 1, 2 * fromFirst)));
      }
      if (buf[p] === 0x2c) {
        p = this.ws(p + 1, end);
        continue;
      }
      if (buf[p] === 0x5d) return p + 1;
      this.fail(p, p >= end ? "the array ended early (truncated)" : "expected ',' or ']'");
    }
  }

  /** One record after its '{'; returns the offset after its '}'. */
  private record(p: number, end: number): number {
    const buf = this.buf;
    const row = this.rows;
    const order = this.order;
    p = this.ws(p, end);
    if (buf[p] === 0x7d) {
      this.rows++;
      return p + 1;
    }
    for (let j = 0; ; j++) {
      if (buf[p] !== 0x22) this.fail(p, "expected a field name");
      const keyStart = p + 1;
      // Fast path: the same key as in this position of the previous record. The bytes `name":` are
      // compared four at a time (the last four overlapping the others), unrolled for a `name":` up to 16
      // bytes; each read is inside the buffer (keyStart + n <= end).
      let col: ColumnBuilder | undefined;
      const slot = order[j];
      const n = slot === undefined ? 0 : slot.n;
      if (n !== 0 && keyStart + n <= end) {
        const view = this.view;
        let same = view.getInt32(keyStart + n - 4, true) === slot!.last && view.getInt32(keyStart, true) === slot!.w0;
        if (same && n > 8) {
          same = view.getInt32(keyStart + 4, true) === slot!.w1;
          if (same && n > 12) {
            same = view.getInt32(keyStart + 8, true) === slot!.w2;
            const more = slot!.more;
            for (let w = 0; same && w < more.length; w++) same = view.getInt32(keyStart + 12 + w * 4, true) === more[w];
          }
        }
        if (same) {
          col = slot!.col;
          p = keyStart + n;
        }
      }
      if (col === undefined) {
        const keyEnd = this.stringEnd(keyStart, end);
        const name = this.decodeKey(p, keyEnd);
        col = this.builders.get(name);
        if (col === undefined) {
          if (this.builders.size >= MAX_FIELD_NAMES) {
            throw new TooManyFieldsError(`more than ${MAX_FIELD_NAMES} distinct field names (record ${this.rows + 1}, field ${j + 1}) at byte ${p}`);
          }
          // A field the first record lacked is sized for twice the rows so far, not for the whole
          // answer: such fields are the sparse ones (a new key in every record asked for gigabytes).
          const late = this.rows > 0;
          const rows = late ? Math.min(this.expected, 2 * (this.rows + 1)) : this.expected;
          this.checkCells(this.builders.size + 1, Math.max(rows, this.rows + 1));
          col = new ColumnBuilder(name, this.memory);
          if (rows > 0) col.reserve(rows);
          this.builders.set(name, col);
          this.slots.set(name, new FieldSlot(col));
        }
        order[j] = this.slots.get(name)!;
        p = keyEnd + 1;
        // Whitespace is skipped by a call only where there is some (the services send compact JSON).
        if (buf[p]! <= 0x20) p = this.ws(p, end);
        if (buf[p] !== 0x3a) this.fail(p, "expected ':'");
        p++;
      }
      if (buf[p]! <= 0x20) p = this.ws(p, end);
      // A value after a gap (rows that lacked this field) makes the column as long as the answer so
      // far, as finishing will make every column: weighed now, not after gigabytes of gaps are filled.
      if (col.filled !== row) this.checkCells(this.builders.size, row + 1);
      p = this.value(p, end, col, row);
      if (buf[p]! <= 0x20) p = this.ws(p, end);
      if (buf[p] === 0x2c) {
        p++;
        if (buf[p]! <= 0x20) p = this.ws(p, end);
        continue;
      }
      if (buf[p] === 0x7d) {
        if (order.length > j + 1) order.length = j + 1;
        this.rows++;
        return p + 1;
      }
      this.fail(p, p >= end ? "a record ended early (truncated)" : "expected ',' or '}' in a record");
    }
  }

  /** One field value into `col` at `row`; returns the offset after it. */
  private value(p: number, end: number, col: ColumnBuilder, row: number): number {
    // The byte at `end` may be the next piece's or junk: never read as this value's first.
    if (p >= end) return this.fail(p, "a value is missing (truncated)");
    const buf = this.buf;
    const c = buf[p];
    if (c === 0x22) {
      // Most columns repeat the previous row's string (rows come sorted): matched in place, no scan.
      const repeat = col.repeatsLastString(row, buf, this.view, p + 1, end);
      if (repeat >= 0) return repeat + 1;
      // The end of the string, four bytes at a time while no byte of the word is '"' or '\\' (the
      // has-zero-byte bit trick on the word xor each), hashing the words on the way.
      const view = this.view;
      let q = p + 1;
      let h = 0;
      while (q + 4 <= end) {
        const w = view.getInt32(q, true);
        const x = w ^ 0x22222222;
        const y = w ^ 0x5c5c5c5c;
        if ((((x - 0x01010101) & ~x) | ((y - 0x01010101) & ~y)) & 0x80808080) break;
        h = Math.imul(h ^ w, 0x9e3779b1);
        q += 4;
      }
      let b = buf[q];
      while (b !== 0x22 && b !== 0x5c && q < end) {
        h = Math.imul(h ^ b!, 0x9e3779b1);
        b = buf[++q];
      }
      if (q >= end) this.fail(p, "a string ended early (truncated)");
      if (b === 0x5c) {
        const close = this.stringEnd(p + 1, end);
        col.setValue(row, this.parseSlice(p, close + 1));
        return close + 1;
      }
      // Control characters and UTF-8 are checked when a string is new to the column's dictionary (a
      // known one has the same bytes as one already checked).
      const bad = col.setString(row, buf, view, p + 1, q, h);
      if (bad >= 0) this.fail(bad, "a control character inside a string");
      if (bad === BAD_UTF8) this.fail(p, "invalid UTF-8");
      return q + 1;
    }
    if (c === 0x2d || (c !== undefined && c >= 0x30 && c <= 0x39)) return this.number(p, end, col, row);
    if (c === 0x6e) return this.literal(p, end, "null", null, col, row);
    if (c === 0x74) return this.literal(p, end, "true", true, col, row);
    if (c === 0x66) return this.literal(p, end, "false", false, col, row);
    if (c === 0x7b || c === 0x5b) {
      const valueEnd = this.valueEnd(p, end);
      col.setValue(row, this.parseSlice(p, valueEnd));
      return valueEnd;
    }
    return this.fail(p, p >= end ? "a value is missing (truncated)" : "expected a value");
  }

  /**
   * A number, its digits read without a bound check: `byte ^ 0x30` is 0-9 for a digit and for
   * nothing else, and a read past the buffer (undefined) gives 0x30. A number that reaches `end` (a
   * piece's last bytes, a sub-range, a truncated body) or that is malformed is read again by
   * {@link numberChecked}, which gives its value or its error; exponents and long or very small
   * mantissas are parsed exactly by `Number`.
   */
  private number(p: number, end: number, col: ColumnBuilder, row: number): number {
    const buf = this.buf;
    const start = p;
    let neg = false;
    if (buf[p] === 0x2d) {
      neg = true;
      p++;
    }
    const digitsAt = p;
    let mant = 0;
    let digits = 0;
    let scale = 0;
    let d = buf[p]! ^ 0x30;
    if (d === 0) d = buf[++p]! ^ 0x30;
    else if (d <= 9) {
      do {
        mant = mant * 10 + d;
        digits++;
        d = buf[++p]! ^ 0x30;
      } while (d <= 9);
    } else return this.numberChecked(start, digitsAt, neg, end, col, row);
    if (d === (0x2e ^ 0x30)) {
      d = buf[++p]! ^ 0x30;
      if (d > 9) return this.numberChecked(start, digitsAt, neg, end, col, row);
      do {
        mant = mant * 10 + d;
        if (mant !== 0) digits++;
        scale++;
        d = buf[++p]! ^ 0x30;
      } while (d <= 9);
    }
    if (p >= end || d === (0x65 ^ 0x30) || d === (0x45 ^ 0x30) || digits > 15 || scale > 22) return this.numberChecked(start, digitsAt, neg, end, col, row);
    col.setNumber(row, exactDecimal(neg, mant, scale));
    return p;
  }

  /**
   * A number, every read checked against `end` (see {@link number}, which read its sign: `neg`, and
   * its digits start at `p`).
   */
  private numberChecked(start: number, p: number, neg: boolean, end: number, col: ColumnBuilder, row: number): number {
    const buf = this.buf;
    let mant = 0;
    let digits = 0;
    let scale = 0;
    // `d >>> 0 > 9` is one test for "not a digit"; p < end keeps every read inside the buffer.
    let d = p < end ? buf[p]! - 0x30 : -1;
    if (d === 0) {
      p++;
      d = p < end ? buf[p]! - 0x30 : -1;
    } else if (d >= 1 && d <= 9) {
      do {
        mant = mant * 10 + d;
        digits++;
        d = ++p < end ? buf[p]! - 0x30 : -1;
      } while (d >>> 0 <= 9);
    } else this.fail(p, "a malformed number");
    if (d === 0x2e - 0x30) {
      d = ++p < end ? buf[p]! - 0x30 : -1;
      if (d >>> 0 > 9) this.fail(p, "a malformed number");
      do {
        mant = mant * 10 + d;
        if (mant !== 0) digits++;
        scale++;
        d = ++p < end ? buf[p]! - 0x30 : -1;
      } while (d >>> 0 <= 9);
    }
    if (d === 0x65 - 0x30 || d === 0x45 - 0x30) {
      p++;
      if (p < end && (buf[p] === 0x2b || buf[p] === 0x2d)) p++;
      while (p < end && (buf[p]! - 0x30) >>> 0 <= 9) p++;
      col.setNumber(row, this.slowNumber(start, p));
      return p;
    }
    if (digits > 15 || scale > 22) {
      col.setNumber(row, this.slowNumber(start, p));
      return p;
    }
    col.setNumber(row, exactDecimal(neg, mant, scale));
    return p;
  }

  private slowNumber(start: number, end: number): number {
    // A number's bytes are ASCII (else the test below fails), and may be very many: decoded, not spread.
    const text = Buffer.from(this.buf.buffer, this.buf.byteOffset + start, end - start).toString("latin1");
    if (!NUMBER.test(text)) this.fail(start, `a malformed number ${JSON.stringify(text)}`);
    return Number(text);
  }

  private literal(p: number, end: number, word: string, value: unknown, col: ColumnBuilder, row: number): number {
    for (let i = 0; i < word.length; i++) {
      if (p + i >= end || this.buf[p + i] !== word.charCodeAt(i)) this.fail(p, "expected a value");
    }
    col.setValue(row, value);
    return p + word.length;
  }

  /** The offset of the closing quote of a string whose content starts at `p`. */
  private stringEnd(p: number, end: number): number {
    const buf = this.buf;
    while (p < end) {
      const b = buf[p]!;
      if (b === 0x22) return p;
      if (b === 0x5c) p += 2;
      else p++;
    }
    return this.fail(end, "a string ended early (truncated)");
  }

  /** The offset just after the JSON value starting at `p` (its syntax is checked by parseSlice). */
  private valueEnd(p: number, end: number): number {
    const buf = this.buf;
    const c = buf[p];
    if (c === 0x22) return this.stringEnd(p + 1, end) + 1;
    if (c === 0x7b || c === 0x5b) {
      let depth = 0;
      while (p < end) {
        const b = buf[p]!;
        if (b === 0x22) p = this.stringEnd(p + 1, end) + 1;
        else {
          if (b === 0x7b || b === 0x5b) {
            if (++depth > MAX_JSON_DEPTH) throw new ColumnParseError(jsonTooDeep(p));
          } else if (b === 0x7d || b === 0x5d) {
            depth--;
            if (depth === 0) return p + 1;
          }
          p++;
        }
      }
      return this.fail(end, "a value ended early (truncated)");
    }
    let q = p;
    while (q < end) {
      const b = buf[q]!;
      if (b === 0x2c || b === 0x7d || b === 0x5d || b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09) break;
      q++;
    }
    if (q === p) this.fail(p, "expected a value");
    return q;
  }

  private parseSlice(start: number, end: number): unknown {
    let text: string;
    try {
      text = utf8.decode(this.buf.subarray(start, end));
    } catch {
      return this.fail(start, "invalid UTF-8");
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (err) {
      return this.fail(start, `a malformed value (${(err as Error).message})`);
    }
  }

  private decodeKey(quote: number, close: number): string {
    const buf = this.buf;
    for (let i = quote + 1; i < close; i++) {
      const b = buf[i]!;
      // Escapes, control characters (an error) and UTF-8 go the long way.
      if (b < 0x20 || b >= 0x80 || b === 0x5c) return this.parseSlice(quote, close + 1) as string;
    }
    return Buffer.from(buf.buffer, buf.byteOffset + quote + 1, close - quote - 1).toString("latin1");
  }

  private ws(p: number, end: number): number {
    const buf = this.buf;
    while (p < end) {
      const b = buf[p];
      if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) break;
      p++;
    }
    return p;
  }

  private notColumnar(p: number, end: number, what: string): never {
    if (p >= end) this.fail(p, "ended early (truncated)");
    throw new NotColumnarError(`expected ${what} at byte ${p}`);
  }

  private fail(p: number, what: string): never {
    // While a piece that may cut a record is parsed, a failure is usually that cut: a constant is
    // thrown, as making an error (its message and stack) for every piece of a download cost more than
    // the parse of the record it stopped.
    if (this.probing) throw CUT;
    throw new ColumnParseError(`${what} at byte ${p}`);
  }
}

function grownLineEnds(ends: Int32Array): Int32Array {
  const more = new Int32Array(ends.length * 2);
  more.set(ends);
  return more;
}

/** Parses a whole JSON array of records into columns. */
export function parseArrayColumns(buf: Uint8Array): RecordColumns {
  const parser = new ColumnParser();
  parser.parseArray(buf);
  return parser.finish();
}

/** Parses a v3 envelope: its records as columns, and its other members (`pagination`). */
export function parseEnvelopeColumns(buf: Uint8Array): { columns: RecordColumns; rest: Record<string, unknown> } {
  const parser = new ColumnParser();
  const { rest } = parser.parseEnvelope(buf);
  return { columns: parser.finish(), rest };
}

/** Parses complete NDJSON lines into columns. */
export function parseLineColumns(buf: Uint8Array): RecordColumns {
  const parser = new ColumnParser();
  parser.parseLines(buf);
  return parser.finish();
}
