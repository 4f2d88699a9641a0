export * from "./result";
export { RecordColumns, COLUMN_SOURCE, type RecordColumn, type NumberColumn, type CodedColumn as CodedRecordColumn, type MixedColumn } from "./record-columns";
export { columnsFromRecords, RecordColumnsBuilder } from "./columns-from-records";
export { columnsToFrame } from "./columns-to-frame";
export { collectResult } from "./collect-result";
