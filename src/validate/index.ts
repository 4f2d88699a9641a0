export * from "./validate-params";
export * from "./check-param";
export * from "./closest";
export { isCalendarDate, normaliseTimestamp, timestampMs, type TimestampParse } from "./dates";
export * from "./polygons";
export * from "./imo";
export * from "./country-codes";
