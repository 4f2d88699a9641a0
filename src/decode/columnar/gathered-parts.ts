/**
 * The parts of one answer (v3 pages, NDJSON pieces) gathered into one: columns appended to one set of
 * columns as they arrive once the answer's size is known or estimated, so a big answer is held once
 * (not as parts plus their join); records that have no columns turn the whole answer into records.
 */
import { ColumnsAccumulator } from "../../table/columns-accumulator";
import { RecordColumns } from "../../table/record-columns";

/** Records of one page or piece: columns, or the records when they could not be made columns. */
export type RecordPart = RecordColumns | unknown[];

/** The number of records in a part. */
export function rowsOf(part: RecordPart): number {
  return Array.isArray(part) ? part.length : (part as RecordColumns).length;
}

/** The most rows sized up front: twice the services' largest answer (1,000,000 rows). */
export const MAX_RESERVED_ROWS = 2_000_000;

export class GatheredParts {
  private all: ColumnsAccumulator | undefined;
  /** Parts kept while the size is unknown (joined at the end, exactly sized). */
  private kept: RecordColumns[] = [];
  private records: unknown[] | undefined;

  /**
   * @param copied called with each part once its values are copied into the whole answer (the part is
   *   not used again here, so its memory may be reused); default none.
   */
  constructor(private readonly copied?: (part: RecordColumns) => void) {}

  /**
   * Adds the next part.
   * @param expectedRows rows expected in the whole answer (known or estimated, a little over rather
   *   than under), or undefined while unknown.
   */
  add(part: RecordPart, expectedRows?: number): void {
    // A size the server states is believed only up to a bound: a wrong total_count must not allocate
    // gigabytes before the pages that contradict it arrive (past the bound, columns grow as needed).
    if (expectedRows !== undefined) expectedRows = Math.min(expectedRows, MAX_RESERVED_ROWS);
    if (this.records === undefined && Array.isArray(part)) {
      this.records = [];
      for (const r of this.columns().toRecords()) this.records.push(r);
      this.all = undefined;
    }
    if (this.records !== undefined) {
      for (const r of Array.isArray(part) ? part : (part as RecordColumns).toRecords()) this.records.push(r);
      return;
    }
    if (this.all === undefined && expectedRows !== undefined && expectedRows > 0) {
      this.all = new ColumnsAccumulator(expectedRows);
      for (const p of this.kept) {
        this.all.append(p);
        this.copied?.(p);
      }
      this.kept = [];
    }
    if (this.all === undefined) this.kept.push(part as RecordColumns);
    else {
      if (expectedRows !== undefined) this.all.reserve(expectedRows);
      this.all.append(part as RecordColumns);
      this.copied?.(part as RecordColumns);
    }
  }

  /** The whole answer: one set of columns, or the records when some part had no columns. */
  result(): RecordPart {
    return this.records ?? this.columns();
  }

  private columns(): RecordColumns {
    if (this.all !== undefined) return this.all.finish();
    const joined = RecordColumns.concat(this.kept, true);
    this.kept = [];
    return joined;
  }
}
