export * from "./schema";
export * from "./to-frame";
export * from "./columns";
export * from "./from-columns";
export * from "./units";
export * from "./dates";
export * from "./normalise";
export { loadDanfo } from "./danfo";
