export { HttpTransport, type BodyConsumer } from "./transport";
export type {
  CacheOptions,
  HttpRequest,
  ProgressSink,
  ProgressUpdate,
  TransportLogger,
  TransportMeta,
  TransportOptions,
  TransportService,
} from "./types";
export { ConfigurationError } from "./configuration-error";
export { TOKEN_ENV } from "./config";
export { joinUrl } from "./join-url";
export { parseRetryAfter, backoffDelay, RETRYABLE_STATUSES } from "./retry";
export { canonicalJson } from "./canonical-json";
export { ResponseCache } from "./response-cache";
export { formatProgress, terminalSink } from "./progress";
