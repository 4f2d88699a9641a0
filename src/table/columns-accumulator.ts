/**
 * Parts of an answer (pages, NDJSON pieces) appended to one set of columns as they arrive, so that a
 * big answer is held once: gathering the parts first and joining them at the end holds it twice at
 * the moment of the join (measured in `npm run bench -- --only ndjson`: the peak was that join).
 */
import { ColumnAppender } from "./column-appender";
import { RecordColumns } from "./record-columns";

/**
 * Appends `RecordColumns` parts in order. The result is what `RecordColumns.concat` of the parts
 * gives: fields in first-seen order, a field missing from a part absent in its rows, dictionaries
 * unified, a field whose parts are not all numbers or all coded held as plain values.
 */
export class ColumnsAccumulator extends ColumnAppender {
  /** The columns of every row appended (trimmed to the rows: a copy only when much room is left over). */
  override finish(): RecordColumns {
    const { names, columns, length } = super.finish();
    return new RecordColumns(names, columns, length);
  }
}
