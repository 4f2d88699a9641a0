/**
 * NDJSON parsed where it arrives: each chunk's whole lines go straight into one parser's columns on the
 * calling thread, and only a line cut by a chunk's end is copied (joined with the next chunk's head).
 * No pieces, no worker messages, no per-piece dictionaries to merge: on a machine of two cores this
 * costs less CPU than cutting pieces for a parse worker, and holds the answer once.
 */
import { ROOMY } from "../../table/column-builder";
import { narrowedCodes } from "../../table/narrow-codes";
import { CodedColumn, RecordColumns, type Column } from "../../table/record-columns";
import { MAX_RESERVED_ROWS } from "./gathered-parts";
import { ColumnParseError, ColumnParser, MAX_JSON_DEPTH, NotColumnarError, TooSparseError, jsonTooDeep, tooDeepAt } from "./parse-columns";

// ignoreBOM: a U+FEFF is text here; the body's own leading mark is dropped by its byte offset.
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export class LinesInPlace {
  private readonly parser = new ColumnParser(ROOMY);
  /** The start of a line cut by the last chunk's end, and its offset in the body. */
  private carry = new Uint8Array(0);
  private carried = 0;
  private carryAt = 0;
  private seen = 0;
  private sized = false;
  /** Once a line was not an object: the columns of the lines before it, and the values from it on. */
  private before: RecordColumns | undefined;
  private values: unknown[] | undefined;

  /**
   * @param bodyBytes the body's length when the server stated it: the columns are sized from it (up
   *   to 2,000,000 rows: a wrong length must not reserve gigabytes before the bytes contradict it).
   */
  constructor(private readonly bodyBytes?: number) {}

  /** Bytes taken so far. */
  get bytes(): number {
    return this.seen;
  }

  /** Parses the whole lines `chunk` completes or holds; keeps a cut last line for the next chunk. */
  push(chunk: Uint8Array): void {
    const at = this.seen;
    this.seen += chunk.byteLength;
    let from = 0;
    if (this.carried > 0) {
      const nl = chunk.indexOf(0x0a);
      if (nl === -1) {
        this.keep(chunk, 0, at);
        return;
      }
      this.keep(chunk.subarray(0, nl + 1), 0, at);
      this.lines(this.carry, 0, this.carried, this.carryAt);
      this.carried = 0;
      from = nl + 1;
    }
    const last = chunk.lastIndexOf(0x0a);
    if (last >= from) this.lines(chunk, from, last + 1, at);
    if (last + 1 < chunk.byteLength) this.keep(chunk, Math.max(from, last + 1), at);
    if (!this.sized && this.values === undefined && this.bodyBytes !== undefined && this.parser.length > 0) {
      // Rows so far per byte so far, times the body's length, 2% over: records of one answer are alike.
      this.sized = true;
      const expected = Math.ceil(((this.bodyBytes * this.parser.length) / this.seen) * 1.02);
      this.parser.expect(Math.min(expected, MAX_RESERVED_ROWS), this.bodyBytes);
    }
  }

  /**
   * Every line (a last line without a line end included): columns, or, once a line was not an object,
   * the records as `JSON.parse` gives them (the lines before it made records again).
   */
  end(): { columns: RecordColumns } | { values: unknown[] } {
    if (this.carried > 0) this.lines(this.carry, 0, this.carried, this.carryAt);
    this.carried = 0;
    this.carry = new Uint8Array(0);
    if (this.values === undefined) return { columns: narrowed(this.parser.finish()) };
    return { values: [...this.before!.toRecords(), ...this.values] };
  }

  /** The lines of `buf[start, end)`; `base` is the body offset of `buf[0]` (for messages). */
  private lines(buf: Uint8Array, start: number, end: number, base: number): void {
    if (this.values !== undefined) return this.valueLines(buf, start, end, base);
    try {
      this.parser.parseLines(buf, start, end);
    } catch (err) {
      if (err instanceof ColumnParseError) throw inBody(err, base);
      if (!(err instanceof NotColumnarError)) throw err;
      // A line that is not an object (an endpoint may declare what a bare value means): the lines
      // before it are in the columns; from it on every line is parsed as JSON.parse gives it.
      this.before = this.parser.finish();
      this.values = [];
      this.valueLines(buf, firstNotAnObject(buf, start, end), end, base);
    }
  }

  private valueLines(buf: Uint8Array, start: number, end: number, base: number): void {
    const values = this.values!;
    // The body's UTF-8 byte-order mark, as a whole-body decode drops it.
    if (base + start === 0 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) start = 3;
    const slice = buf.subarray(start, end);
    const deep = tooDeepAt(slice, MAX_JSON_DEPTH);
    if (deep !== -1) throw new ColumnParseError(jsonTooDeep(base + start + deep));
    let text: string;
    try {
      text = utf8.decode(slice);
    } catch {
      throw new ColumnParseError(`invalid UTF-8 in record ${this.before!.length + values.length + 1} or after it`);
    }
    for (const line of text.split("\n")) {
      if (line.trim() === "") continue;
      try {
        values.push(JSON.parse(line));
      } catch (err) {
        throw new ColumnParseError(`record ${this.before!.length + values.length + 1}: ${(err as Error).message}`);
      }
    }
  }

  /** Appends `bytes[from..]` (body offset `at` of `bytes[0]`) to the carried start of a line. */
  private keep(bytes: Uint8Array, from: number, at: number): void {
    if (this.carried === 0) this.carryAt = at + from;
    const add = bytes.byteLength - from;
    if (this.carried + add > this.carry.byteLength) {
      const bigger = new Uint8Array(Math.max(4096, (this.carried + add) * 2));
      bigger.set(this.carry.subarray(0, this.carried));
      this.carry = bigger;
    }
    this.carry.set(bytes.subarray(from), this.carried);
    this.carried += add;
  }
}

/** The parser's error with its byte offset counted from the body's start, not the buffer's. */
function inBody(err: ColumnParseError, base: number): ColumnParseError {
  if (base === 0 || err instanceof TooSparseError) return err;
  // The same class (a TooManyFieldsError stays one).
  const Same = err.constructor as new (message: string) => ColumnParseError;
  return new Same(err.message.replace(/ at byte (\d+)$/, (_, n: string) => ` at byte ${base + Number(n)}`));
}

/** The offset of the first non-blank line of `buf[start, end)` that does not start with '{'. */
function firstNotAnObject(buf: Uint8Array, start: number, end: number): number {
  let p = start;
  while (p < end) {
    let nl = buf.indexOf(0x0a, p);
    if (nl === -1 || nl > end) nl = end;
    let q = p;
    while (q < nl && (buf[q] === 0x20 || buf[q] === 0x09 || buf[q] === 0x0d)) q++;
    if (q < nl && buf[q] !== 0x7b) return q;
    p = nl + 1;
  }
  return start;
}

/** The columns with their dictionary codes at the narrowest width (as a paged answer's are). */
function narrowed(columns: RecordColumns): RecordColumns {
  const out = new Map<string, Column>();
  for (const [name, col] of columns.columns) out.set(name, col.kind === "coded" ? new CodedColumn(narrowedCodes(col.codes, col.dict.length), col.dict, col.absent) : col);
  return new RecordColumns(columns.names, out, columns.length);
}
