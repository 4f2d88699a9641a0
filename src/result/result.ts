/**
 * The value every client method returns: the records, where they came from, and a frame view.
 */
import type { DataFrame } from "danfojs-node";
import type { RecordSchema } from "../frame/schema";
import { toFrame } from "../frame/to-frame";

/** Provenance of a result. Never holds the access token. */
export interface ResultMeta {
  /** `natgas`, `lng` or `legacy`. */
  service: string;
  /** `v3`, `v4`, `v1` or `legacy`. */
  apiVersion: string;
  /** The client method name (`rigs`, `volumeFlows`). */
  endpoint: string;
  /** HTTP method. */
  method: string;
  /** The request URL (no token: the token travels in a header). */
  url: string;
  /** The parameters as sent on the wire, after normalisation. */
  params: Record<string, unknown>;
  /** ISO 8601 UTC time the first request was sent. */
  fetchedAt: string;
  /** Pages fetched (1 for unpaginated endpoints). */
  pages: number;
  /** Records in the result. */
  rows: number;
  /** Response bytes read (after decompression). */
  bytes: number;
  /** HTTP attempts made, retries included. */
  attempts: number;
  /** Wall time of the whole call, in milliseconds. */
  durationMs: number;
  /** Whether every page came from the on-disk cache. */
  fromCache: boolean;
  /** Request ids the service sent back, when it sent any. */
  requestIds: string[];
}

/** Records of one query with their provenance. */
export class Result<R = Record<string, unknown>> {
  /** The records, in the service's order (pages in offset order). */
  readonly records: R[];
  readonly meta: ResultMeta;
  /** The record schema, where the endpoint has one; drives `toFrame()` column types and units. */
  readonly schema?: RecordSchema;

  constructor(records: R[], meta: ResultMeta, schema?: RecordSchema) {
    this.records = records;
    this.meta = meta;
    if (schema !== undefined) this.schema = schema;
  }

  /** Number of records. */
  get length(): number {
    return this.records.length;
  }

  /** A danfojs DataFrame of all the records, typed by the schema (see `toFrame`). */
  toFrame(): DataFrame {
    return toFrame(this.records as unknown as Record<string, unknown>[], this.schema);
  }

  [Symbol.iterator](): Iterator<R> {
    return this.records[Symbol.iterator]();
  }

  /** JSON form: records and meta. */
  toJSON(): { records: R[]; meta: ResultMeta } {
    return { records: this.records, meta: this.meta };
  }
}
