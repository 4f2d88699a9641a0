export * from "./schema";
export * from "./to-frame";
