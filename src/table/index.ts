/**
 * The ground floor: the record schema with units, one column model and its builders, the value codec,
 * and the Table / Result every layer views. Imports nothing above it (errors/ and util/ only).
 */
export { Table, type TableOptions, type SortOptions } from "./table";
export { Result, type ResultMeta } from "./result";
export type { FieldType, FieldSpec, RecordSchema } from "./schema";
export { RecordColumns, COLUMN_SOURCE, cellOf, type RecordColumn, type NumberColumn, type CodedColumn, type Codes, type MixedColumn } from "./record-columns";
export { columnsFromRecords, RecordColumnsBuilder } from "./columns-from-records";
export { ColumnsAccumulator } from "./columns-accumulator";
export { collectResult } from "./collect-result";
export { toFrame } from "./to-frame";
export { columnsToFrame } from "./columns-to-frame";
export { unitForField, isDailyRateUnit, canonicalUnit, MIXED_UNITS, type GasUnit } from "./units";
export { volumeUnitKey, sameVolumeUnit, distinctVolumeUnits } from "./volume-unit";
export { tableToArrow, type ArrowSource } from "./to-arrow";
export { writeParquetFile, parquetBytes, type WriteParquetOptions, type ParquetWritten } from "./to-parquet";
export { writeParquet } from "./write-parquet";
