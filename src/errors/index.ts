export * from "./errors";
export { MissingDependencyError, type OptionalDependency } from "./missing-dependency";
