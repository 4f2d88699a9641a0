export * from "./types";
export * from "./derive-types";
