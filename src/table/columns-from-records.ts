/**
 * Plain records into columns (the slow path's counterpart of the byte parser): used for records that
 * arrived as objects (small bodies, streamed batches, results built by hand).
 */
import { ColumnBuilder } from "./column-builder";
import { RecordColumns, type Column } from "./record-columns";

/** Appends record batches to growing columns. */
export class RecordColumnsBuilder {
  private readonly builders = new Map<string, ColumnBuilder>();
  private rows = 0;

  /** Records added so far. */
  get length(): number {
    return this.rows;
  }

  /**
   * Adds records. Returns false (adding nothing) when one of them is not a plain JSON object: such
   * records have no columns and must stay as they are.
   */
  add(records: readonly unknown[]): boolean {
    return this.addRecords(records, false);
  }

  /**
   * `add`, refusing (false) records too sparse for columns as well (see `tooSparse`): checked as each
   * new field's column is made, before it fills the rows it missed, and at the end. The builder is
   * unusable after a refusal.
   */
  addDense(records: readonly unknown[]): boolean {
    return this.addRecords(records, true);
  }

  private addRecords(records: readonly unknown[], dense: boolean): boolean {
    for (const r of records) if (r === null || typeof r !== "object" || Array.isArray(r)) return false;
    let fields = 0;
    let gaps = 0;
    for (const r of records as readonly Record<string, unknown>[]) {
      const row = this.rows++;
      for (const key in r) {
        if (!Object.prototype.hasOwnProperty.call(r, key)) continue;
        fields++;
        let b = this.builders.get(key);
        if (b === undefined) {
          gaps += row;
          if (dense && (this.builders.size >= MAX_FIELD_NAMES || tooSparse(gaps, fields * 8))) return false;
          b = new ColumnBuilder(key);
          this.builders.set(key, b);
        }
        const v = r[key];
        // undefined is what JSON would drop: the field is absent.
        if (v !== undefined) b.setValue(row, v);
      }
    }
    return !dense || !tooSparse(this.builders.size * this.rows, fields * 8);
  }

  /** The columns of every record added (fields in first-seen order). */
  finish(): RecordColumns {
    const columns = new Map<string, Column>();
    for (const [name, b] of this.builders) columns.set(name, b.finish(this.rows));
    return new RecordColumns([...this.builders.keys()], columns, this.rows);
  }
}

/**
 * Most distinct field names the records of one body may have as columns. A column costs a few hundred
 * bytes before its first value, which the sparse bound (per cell) does not see: a body of 10 MB can
 * name a million fields. The services' records have at most a few dozen.
 */
export const MAX_FIELD_NAMES = 250_000;

/**
 * Whether columns of `cells` cells (fields x records: every field is a column as long as the records)
 * outweigh records of `bodyBytes` bytes of JSON: more than 32 bytes of columns per body byte (9 a cell:
 * an 8-byte number and its absent mark) plus 64 MB. Such records are too sparse to hold as columns (a
 * new key in every record of a 250 KB body asked for gigabytes); real answers are far below it.
 */
export function tooSparse(cells: number, bodyBytes: number): boolean {
  return cells * 9 > bodyBytes * 32 + 64 * 1024 * 1024;
}

/**
 * Whether records from a server are too sparse to hold as columns (see `tooSparse`), or name more than
 * {@link MAX_FIELD_NAMES} fields, the fields they
 * hold taken as about 8 bytes of JSON each. Counted without building anything. Records with a new field
 * each (8,000 of them, 118 KB of JSON) asked for 1.2 GB as columns.
 */
export function tooSparseForColumns(records: readonly unknown[]): boolean {
  const keys = new Set<string>();
  let fields = 0;
  for (const r of records) {
    if (r === null || typeof r !== "object" || Array.isArray(r)) continue;
    for (const key in r as Record<string, unknown>) {
      if (!Object.prototype.hasOwnProperty.call(r, key)) continue;
      keys.add(key);
      fields++;
    }
  }
  return keys.size > MAX_FIELD_NAMES || tooSparse(keys.size * records.length, fields * 8);
}

/**
 * The records as columns, or undefined when one of them is not a plain JSON object, or when they are
 * too sparse for columns (see `tooSparse`): what a `Table` made from records holds.
 */
export function denseColumnsFromRecords(records: readonly unknown[]): RecordColumns | undefined {
  const b = new RecordColumnsBuilder();
  return b.addDense(records) ? b.finish() : undefined;
}

/** The records as columns, or undefined when one of them is not a plain JSON object. */
export function columnsFromRecords(records: readonly unknown[]): RecordColumns | undefined {
  const b = new RecordColumnsBuilder();
  return b.add(records) ? b.finish() : undefined;
}
