export * from "./validate-params";
export * from "./check-param";
export * from "./closest";
export * from "./dates";
export * from "./polygons";
export * from "./imo";
export * from "./country-codes";
