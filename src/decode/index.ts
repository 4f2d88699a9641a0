export { Transport, DEFAULT_BATCH_SIZE } from "./transport";
export type { RecordPart } from "./columnar/gathered-parts";
export type { ResponseKind, TransportRequest } from "./types";
