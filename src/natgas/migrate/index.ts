export * from "./renames";
export * from "./convert";
export * from "./as-v3";
