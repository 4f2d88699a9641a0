export * from "./schema";
export * from "./to-frame";
export { toColumns, isDataFrame, requireColumns, type FrameInput, type ColumnTable } from "./columns";
export { frameFromColumns, type FrameColumn } from "./from-columns";
export { unitsOf, withUnits, unitForField, MIXED_UNITS } from "./units";
export { notesOf } from "./notes";
export * from "./convert-units";
export { daysInMonth, isLeapYear } from "./dates";
export { loadDanfo } from "./danfo";
