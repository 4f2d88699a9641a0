/**
 * gasframes: natural gas and LNG market data for TypeScript notebooks.
 * Everything a user calls is exported from here.
 */
export * from "./errors";
export * from "./catalog";
export * from "./validate";
export * from "./validate/names";
export * from "./client";
export * from "./result";
export * from "./frame";
export * from "./http";
export * from "./natgas";
export * from "./lng";
export * from "./analysis";
export * from "./plot";
export * from "./notebook";
export * from "./sandbox";
export * from "./connect";
