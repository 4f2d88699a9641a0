/**
 * Plain records into columns (the slow path's counterpart of the byte parser): used for records that
 * arrived as objects (small bodies, streamed batches, results built by hand).
 */
import { ColumnBuilder } from "./column-builder";
import { RecordColumns, type RecordColumn } from "./record-columns";

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
    for (const r of records) if (r === null || typeof r !== "object" || Array.isArray(r)) return false;
    for (const r of records as readonly Record<string, unknown>[]) {
      const row = this.rows++;
      for (const key in r) {
        if (!Object.prototype.hasOwnProperty.call(r, key)) continue;
        let b = this.builders.get(key);
        if (b === undefined) {
          b = new ColumnBuilder(key);
          this.builders.set(key, b);
        }
        const v = r[key];
        // undefined is what JSON would drop: the field is absent.
        if (v !== undefined) b.setValue(row, v);
      }
    }
    return true;
  }

  /** The columns of every record added (fields in first-seen order). */
  finish(): RecordColumns {
    const columns = new Map<string, RecordColumn>();
    for (const [name, b] of this.builders) columns.set(name, b.finish(this.rows));
    return new RecordColumns([...this.builders.keys()], columns, this.rows);
  }
}

/** The records as columns, or undefined when one of them is not a plain JSON object. */
export function columnsFromRecords(records: readonly unknown[]): RecordColumns | undefined {
  const b = new RecordColumnsBuilder();
  return b.add(records) ? b.finish() : undefined;
}
