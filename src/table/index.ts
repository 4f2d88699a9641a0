/**
 * The ground floor: the record schema with units, one column model and its builders, the value codec,
 * and the Table / Result every layer views. Imports nothing above it (errors/ and util/ only).
 */
export { Table, DISPLAY_VIEW, withTableUnits, type TableOptions, type SortOptions } from "./table";
export { tableText, displayCells, formatCell, type TableDisplayOptions, type TableDisplayView } from "./table-text";
export { unitLabel } from "./unit-label";
export { Result, type ResultMeta } from "./result";
export type { FieldType, FieldSpec, RecordSchema } from "./schema";
export { NumberColumn, CodedColumn, MixedColumn, columnOfType, revivedColumn, fieldTypeOf, type Column, type ColumnAccess, type Codes } from "./column";
export { RecordColumns, COLUMN_SOURCE, cellOf } from "./record-columns";
export { columnsFromRecords, RecordColumnsBuilder } from "./columns-from-records";
export { ColumnsAccumulator } from "./columns-accumulator";
export { collectResult } from "./collect-result";
export { unitForField, isDailyRateUnit, canonicalUnit, MIXED_UNITS, type GasUnit } from "./units";
export { volumeUnitKey, sameVolumeUnit, distinctVolumeUnits } from "./volume-unit";
