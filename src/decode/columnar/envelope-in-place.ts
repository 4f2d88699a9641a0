/**
 * A v3 page parsed where it arrives: each chunk's whole records go straight into the page's columns on
 * the calling thread as the socket delivers them, and only a record cut by a chunk's end is copied
 * (joined with the head of the next chunk). The page is never gathered into one buffer, posted to a
 * worker or posted back, and no worker need start (see the parse pool's `envelopesInPlace`).
 *
 * Only a body that opens as `{"data":[` (whitespace allowed) is read this way; any other shape, and a
 * data array whose elements are not all objects, is joined from the chunks (kept until the page ends)
 * and given to the whole-body parser, which gives such bodies their usual answer.
 */
import type { ColumnMemory } from "../../table/column-builder";
import { MAX_RESERVED_ROWS } from "./gathered-parts";
import { ColumnParseError, ColumnParser, NotColumnarError, TooSparseError, type ElementState } from "./parse-columns";
import { parseHere, type ParsedColumns } from "./parse-pool";

/** `{"data":[]` as bytes: the parsed array's tail is read after it as an envelope of no records. */
const EMPTY_DATA = Buffer.from('{"data":[]');
/** Bytes of the next chunk joined with a cut record at first (doubled while the record stays cut). */
const JOIN_BYTES = 1024;

type Phase = "head" | "records" | "tail" | "whole";

export class EnvelopeInPlace {
  private readonly parser: ColumnParser;
  private readonly state: ElementState = { afterElement: false, any: false, closed: false };
  private phase: Phase = "head";
  /** Every chunk, until the page's records are all in columns (for a body read the ordinary way). */
  private chunks: Uint8Array[] | undefined = [];
  /** The start of a record cut by the last chunk's end (or the body's head, or its tail after ']'). */
  private carry = new Uint8Array(0);
  private carried = 0;
  /** Where a cut record is joined with the next chunk's head. */
  private scratch = new Uint8Array(0);
  /** The body offset of `carry[0]`. */
  private carryAt = 0;
  /** Carried bytes when a record failed with a whole piece joined: tried again once they doubled (0: at once). */
  private triedAt = 0;
  private seen = 0;
  private sized = false;
  /** The body offset just after the data array's ']'. */
  private closeAt = 0;

  /**
   * @param bodyBytes the body's length when the server stated it (sizes the columns after the first record).
   * @param memory where the columns' numbers and codes are kept; default fresh arrays.
   * @param rowsHint records the body is thought to hold (from the pages before; 0: unknown).
   */
  constructor(
    private readonly bodyBytes?: number,
    memory?: ColumnMemory,
    private readonly rowsHint = 0,
  ) {
    this.parser = new ColumnParser(memory);
    if (rowsHint > 0 && bodyBytes !== undefined) this.parser.expect(Math.min(rowsHint, MAX_RESERVED_ROWS), bodyBytes);
  }

  /** Bytes taken so far. */
  get bytes(): number {
    return this.seen;
  }

  /** Parses the whole records `chunk` completes or holds; keeps a cut last record for the next chunk. */
  push(piece: Uint8Array): void {
    // A plain Uint8Array view: the parser's loads then see one kind of array (a socket's chunks are
    // Buffers, the carried bytes are not); faster than both kinds mixed in alternated runs.
    const chunk = piece.constructor === Uint8Array ? piece : new Uint8Array(piece.buffer, piece.byteOffset, piece.byteLength);
    const at = this.seen;
    this.seen += chunk.byteLength;
    this.chunks?.push(chunk);
    // The bytes so far weigh against the columns' cells (see `tooSparse`), as a whole body's do.
    this.parser.expect(0, this.seen);
    if (this.phase === "whole") return;
    if (this.phase === "tail") return this.keep(chunk, 0, at);
    if (this.phase === "head") {
      this.keep(chunk, 0, at);
      const open = openingOf(this.carry.subarray(0, this.carried));
      if (open === undefined) return;
      if (open === -1) {
        this.phase = "whole";
        return;
      }
      this.phase = "records";
      // The bytes after '[' (a copy: the carry is written again below) are read as the first piece.
      const rest = this.carry.slice(open, this.carried);
      const restAt = this.carryAt + open;
      this.carried = 0;
      return this.records(rest, restAt);
    }
    this.records(chunk, at);
  }

  /**
   * The page's records as columns and its other members; or the whole body in one buffer when it is of
   * another shape (to be parsed the ordinary way).
   */
  end(): ParsedColumns | { whole: Uint8Array } {
    if (this.phase === "head" || this.phase === "whole") return { whole: this.joinAll() };
    if (this.phase === "records") {
      const carry = this.carry.subarray(0, this.carried);
      const base = this.carryAt;
      this.carried = 0;
      const stop = this.parse(carry, 0, base, true);
      if (stop === -1) return { whole: this.joinAll() };
      this.closeAt = base + stop;
      this.keep(carry, stop, base);
    }
    // After ']': the envelope's other members, read as an envelope of no records (exactly the whole
    // body's checks: a second data member, text after the end, a truncated pagination object).
    const body = Buffer.concat([EMPTY_DATA, this.carry.subarray(0, this.carried)]);
    let parsed: ParsedColumns;
    try {
      parsed = parseHere("envelope", body);
    } catch (err) {
      if (err instanceof ColumnParseError) throw movedBy(err, this.closeAt - EMPTY_DATA.byteLength);
      throw err;
    }
    if (!("columns" in parsed)) return { whole: this.joinAll() };
    this.chunks = undefined;
    return { columns: this.parser.finish(), rest: parsed.rest ?? {} };
  }

  /** The records of a new piece of the body (`piece`, at body offset `at`), after the record the last one cut. */
  private records(piece: Uint8Array, at: number): void {
    let from = 0;
    if (this.carried > 0) {
      // A record that failed with every byte of a piece joined (a broken one, or one longer than a
      // piece) is tried again only once its bytes have doubled: never re-parsed piece after piece.
      if (this.carried < 2 * this.triedAt) return this.keep(piece, 0, at);
      // The cut record with as much of the piece's head as it needs, found by doubling.
      let head = Math.min(piece.byteLength, Math.max(JOIN_BYTES, this.carried));
      for (;;) {
        const before = this.carried;
        // One scratch buffer per page, reused (nothing parsed keeps a view of the bytes): a fresh one
        // per chunk was megabytes of garbage between two collections.
        if (this.scratch.byteLength < before + head) this.scratch = new Uint8Array(Math.max(2 * JOIN_BYTES, 2 * (before + head)));
        const joined = this.scratch.subarray(0, before + head);
        joined.set(this.carry.subarray(0, before));
        joined.set(piece.subarray(0, head), before);
        const base = this.carryAt;
        const stop = this.parse(joined, 0, base, false);
        if (stop === -1) return;
        if (this.phase === "tail") {
          this.carried = 0;
          this.closeAt = base + stop;
          this.keep(joined, stop, base);
          return this.keep(piece, head, at);
        }
        if (stop >= before) {
          // The cut record is in; the piece goes on in place from the first record not parsed.
          this.carried = 0;
          from = stop - before;
          break;
        }
        if (head < piece.byteLength) {
          head = Math.min(piece.byteLength, head * 2);
          continue;
        }
        this.carried = 0;
        this.keep(joined, stop, base);
        this.triedAt = this.carried;
        return;
      }
    }
    const stop = this.parse(piece, from, at, false);
    if (stop === -1) return;
    if (this.phase === "tail") this.closeAt = at + stop;
    else this.triedAt = 0;
    this.keep(piece, stop, at);
  }

  /**
   * Parses the records of `buf[from..]` (body offset `base` of `buf[0]`); returns where it stopped (the
   * array's end: phase "tail"; or a record cut, or the piece's end), or -1 when the elements are not
   * all objects (phase "whole").
   */
  private parse(buf: Uint8Array, from: number, base: number, final: boolean): number {
    let stop: number;
    try {
      stop = this.parser.parseElements(buf, from, buf.byteLength, this.state, final);
    } catch (err) {
      if (err instanceof NotColumnarError) {
        this.phase = "whole";
        this.carried = 0;
        return -1;
      }
      if (err instanceof ColumnParseError) throw movedBy(err, base);
      throw err;
    }
    if (this.state.closed) this.phase = "tail";
    this.size();
    return stop;
  }

  /** Sizes the columns once the first record is in: from the pages before, or from its length. */
  private size(): void {
    if (this.sized || this.parser.length === 0) return;
    this.sized = true;
    if (this.bodyBytes === undefined) return;
    const perRecord = Math.max(1, this.seen / this.parser.length);
    const fromFirst = Math.ceil((this.bodyBytes / perRecord) * 1.02);
    // The pages before are believed up to twice what this body's own bytes say (as arrayBody does).
    const rows = Math.max(fromFirst, Math.min(this.rowsHint, 2 * fromFirst));
    this.parser.expect(Math.min(rows, MAX_RESERVED_ROWS), this.bodyBytes);
  }

  /** Appends `bytes[from..]` (body offset `at` of `bytes[0]`) to the carry. */
  private keep(bytes: Uint8Array, from: number, at: number): void {
    if (this.carried === 0) this.carryAt = at + from;
    const add = bytes.byteLength - from;
    if (add <= 0) return;
    if (this.carried + add > this.carry.byteLength) {
      const bigger = new Uint8Array(Math.max(JOIN_BYTES, (this.carried + add) * 2));
      bigger.set(this.carry.subarray(0, this.carried));
      this.carry = bigger;
    }
    this.carry.set(bytes.subarray(from), this.carried);
    this.carried += add;
  }

  private joinAll(): Uint8Array {
    const chunks = this.chunks ?? [];
    const size = chunks.reduce((s, c) => s + c.byteLength, 0);
    const out = new Uint8Array(Buffer.allocUnsafeSlow(size).buffer, 0, size);
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.byteLength;
    }
    this.chunks = undefined;
    return out;
  }
}

/**
 * Where the records of a body start: the offset just after `{"data":[` (whitespace allowed), -1 when
 * the body opens otherwise, undefined when `head` is too short to tell.
 */
export function openingOf(head: Uint8Array): number | undefined {
  const want = '{"data":[';
  let p = 0;
  for (let i = 0; i < want.length; i++) {
    // Whitespace is allowed between the tokens, not inside the member name.
    if (i === 0 || i === 1 || i === 7 || i === 8) while (p < head.length && isSpace(head[p]!)) p++;
    if (p >= head.length) return undefined;
    if (head[p] !== want.charCodeAt(i)) return -1;
    p++;
  }
  return p;
}

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

/** The parser's error with its byte offset counted from the body's start (`base`: the buffer's offset). */
function movedBy(err: ColumnParseError, base: number): ColumnParseError {
  if (base === 0 || err instanceof TooSparseError) return err;
  const Same = err.constructor as new (message: string) => ColumnParseError;
  return new Same(err.message.replace(/ at byte (\d+)$/, (_, n: string) => ` at byte ${base + Number(n)}`));
}
