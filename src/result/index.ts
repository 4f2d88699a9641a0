export { Result, type ResultMeta } from "../table/result";
export { Table, type TableOptions, type SortOptions } from "../table/table";
export { RecordColumns, COLUMN_SOURCE, type RecordColumn, type NumberColumn, type CodedColumn as CodedRecordColumn, type MixedColumn } from "../table/record-columns";
export { columnsFromRecords, RecordColumnsBuilder } from "../table/columns-from-records";
export { columnsToFrame } from "../table/columns-to-frame";
export { collectResult } from "../table/collect-result";
