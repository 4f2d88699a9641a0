export * from "./v3";
export * from "./v4";
export { v3Field, v4Field } from "./shared/fields";
