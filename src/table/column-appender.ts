/**
 * The engine that appends column parts, in order, to one set of growing columns: what
 * `ColumnsAccumulator` (parts as they arrive) and `RecordColumns.concat` (parts at hand) both run.
 */
import { cellOf, CodedColumn, dictionaryKey, MixedColumn, NumberColumn, trimmed, type Codes, type Column, type ColumnSet } from "./column";
import { codeLimit, codesFor, widenedCodes } from "./narrow-codes";

interface NumberAcc {
  kind: "number";
  values: Float64Array;
}
interface CodedAcc {
  kind: "coded";
  /** Codes at the narrowest width `dict` allows, widened as it grows (see `write`). */
  codes: Codes;
  dict: unknown[];
  /** Scalar values to their codes (nested values always get an entry of their own). */
  index: Map<unknown, number>;
}
interface MixedAcc {
  kind: "mixed";
  values: unknown[];
}
type Acc = (NumberAcc | CodedAcc | MixedAcc) & { absent?: Uint8Array };

/**
 * Appends column parts in order (the engine of `ColumnsAccumulator` and `RecordColumns.concat`). The result is what `RecordColumns.concat` of the parts
 * gives: fields in first-seen order, a field missing from a part absent in its rows, dictionaries
 * unified, a field whose parts are not all numbers or all coded held as plain values.
 */
export class ColumnAppender {
  private readonly accs = new Map<string, Acc>();
  private readonly names: string[] = [];
  private rows = 0;
  private capacity = 0;
  private finished = false;

  /** @param expectedRows rows expected in all, when known: columns are sized once (default: grown as needed). */
  constructor(expectedRows = 0) {
    this.capacity = Math.max(0, Math.floor(expectedRows));
  }

  /** Rows appended so far. */
  get length(): number {
    return this.rows;
  }

  /** Expects about `rows` rows in all: room is made now instead of growing later. */
  reserve(rows: number): void {
    if (rows > this.capacity) this.grow(rows);
  }

  /** Appends a part's rows (the part may be dropped afterwards: nothing of it is kept but dictionary values). */
  append(part: ColumnSet): void {
    // finish() hands out these arrays: appending afterwards would change a result already given.
    if (this.finished) throw new Error("ColumnsAccumulator: append after finish");
    const n = part.length;
    if (n === 0 && part.names.length === 0) return;
    if (this.rows + n > this.capacity) this.grow(Math.max(this.rows + n, Math.ceil(this.capacity * 1.5)));
    for (const name of part.names) {
      if (this.accs.has(name)) continue;
      const acc = emptyLike(part.columns.get(name)!, this.capacity);
      if (this.rows > 0) {
        acc.absent = new Uint8Array(this.capacity);
        acc.absent.fill(1, 0, this.rows);
        fillMissing(acc, 0, this.rows);
      }
      this.accs.set(name, acc);
      this.names.push(name);
    }
    const at = this.rows;
    for (const name of this.names) {
      const acc = this.accs.get(name)!;
      const col = part.columns.get(name);
      if (col === undefined) {
        acc.absent ??= new Uint8Array(this.capacity);
        acc.absent.fill(1, at, at + n);
        fillMissing(acc, at, at + n);
        continue;
      }
      if (col.absent !== undefined) {
        acc.absent ??= new Uint8Array(this.capacity);
        acc.absent.set(col.absent.subarray(0, n), at);
      }
      const target = col.kind === acc.kind ? acc : toMixed(acc, at);
      if (target !== acc) this.accs.set(name, target);
      write(target, col, at, n);
    }
    this.rows += n;
  }

  /** The columns of every row appended (trimmed to the rows: a copy only when much room is left over). */
  finish(): ColumnSet {
    this.finished = true;
    const n = this.rows;
    const columns = new Map<string, Column>();
    for (const name of this.names) {
      const acc = this.accs.get(name)!;
      const absent = acc.absent === undefined ? undefined : trimmed(acc.absent, n);
      if (acc.kind === "number") columns.set(name, new NumberColumn(trimmed(acc.values, n), absent));
      else if (acc.kind === "coded") columns.set(name, new CodedColumn(trimmed(acc.codes, n), acc.dict, absent));
      else {
        acc.values.length = n;
        columns.set(name, new MixedColumn(acc.values, absent));
      }
    }
    return { names: [...this.names], columns, length: n };
  }

  private grow(capacity: number): void {
    this.capacity = capacity;
    for (const acc of this.accs.values()) {
      if (acc.kind === "number") acc.values = grown(acc.values, capacity);
      else if (acc.kind === "coded") acc.codes = grown(acc.codes, capacity);
      if (acc.absent !== undefined) acc.absent = grown(acc.absent, capacity);
    }
  }
}

function emptyLike(col: Column, capacity: number): Acc {
  if (col.kind === "number") return { kind: "number", values: new Float64Array(capacity) };
  if (col.kind === "coded") return { kind: "coded", codes: codesFor(1, capacity), dict: [], index: new Map() };
  return { kind: "mixed", values: [] };
}

function codeOf(acc: CodedAcc, v: unknown): number {
  if (v !== null && typeof v === "object") return acc.dict.push(v) - 1;
  const key = dictionaryKey(v);
  let c = acc.index.get(key);
  if (c === undefined) {
    c = acc.dict.push(v) - 1;
    acc.index.set(key, c);
  }
  return c;
}

/** Rows [from, to) hold no value: NaN, the null code, or null. */
function fillMissing(acc: Acc, from: number, to: number): void {
  if (acc.kind === "number") acc.values.fill(NaN, from, to);
  else if (acc.kind === "coded") {
    const code = codeOf(acc, null);
    acc.codes = widenedCodes(acc.codes, acc.dict.length, from);
    acc.codes.fill(code, from, to);
  }
  else for (let i = from; i < to; i++) acc.values[i] = null;
}

/** A number or coded column turned into plain values for its first `rows` rows. */
function toMixed(acc: Acc, rows: number): MixedAcc & { absent?: Uint8Array } {
  if (acc.kind === "mixed") return acc;
  const col: Column = acc.kind === "number" ? new NumberColumn(acc.values) : new CodedColumn(acc.codes, acc.dict);
  const values = new Array<unknown>(rows);
  for (let i = 0; i < rows; i++) values[i] = cellOf(col, i);
  return acc.absent === undefined ? { kind: "mixed", values } : { kind: "mixed", values, absent: acc.absent };
}

function write(acc: Acc, col: Column, at: number, n: number): void {
  if (acc.kind === "number") {
    acc.values.set((col as NumberColumn).values.subarray(0, n), at);
  } else if (acc.kind === "coded") {
    const c = col as CodedColumn;
    const remap = new Int32Array(c.dict.length);
    for (let k = 0; k < c.dict.length; k++) remap[k] = codeOf(acc, c.dict[k]);
    if (acc.dict.length > codeLimit(acc.codes)) acc.codes = widenedCodes(acc.codes, acc.dict.length, at);
    copyRemapped(acc.codes, at, c.codes, n, remap);
  } else {
    for (let i = 0; i < n; i++) acc.values[at + i] = cellOf(col, i);
  }
}

/** `to[at + i] = remap[from[i]]` for the first `n` codes of a part. */
function copyRemapped(to: Codes, at: number, from: Codes, n: number, remap: Int32Array): void {
  for (let i = 0; i < n; i++) to[at + i] = remap[from[i]!]!;
}

/** A bigger copy (rows past the ones appended are never read: each append writes every row it adds). */
function grown<T extends Float64Array | Codes>(a: T, size: number): T {
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}

