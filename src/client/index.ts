export * from "./call-endpoint";
export * from "./endpoint-transport";
export * from "./normalise-records";
export * from "./warn-once";
export * from "./endpoint-methods";
