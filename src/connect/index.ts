export * from "./connect";
export { LIVE_BASE_URLS } from "../client/services";
