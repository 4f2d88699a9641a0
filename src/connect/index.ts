export * from "./connect";
