export { Transport, DEFAULT_BATCH_SIZE } from "./transport";
export type { RecordPart } from "./columnar/gathered-parts";
export type {
  CacheOptions,
  ProgressSink,
  ProgressUpdate,
  ResponseKind,
  TransportLogger,
  TransportMeta,
  TransportOptions,
  TransportRequest,
  TransportService,
} from "./types";
export { ConfigurationError } from "./configuration-error";
export { TOKEN_ENV } from "./config";
export { joinUrl } from "./join-url";
export { parseRetryAfter, backoffDelay, RETRYABLE_STATUSES } from "./retry";
export { canonicalJson } from "./canonical-json";
export { ResponseCache } from "./response-cache";
export { formatProgress, terminalSink } from "./progress";
