/**
 * The value every client method returns: the records, where they came from, and a frame view.
 */
import type { DataFrame } from "danfojs-node";
import type { RecordSchema } from "../frame/schema";
import { toFrame } from "../frame/to-frame";
import { columnsFromRecords } from "./columns-from-records";
import { columnsToFrame } from "./columns-to-frame";
import { COLUMN_SOURCE, type RecordColumns } from "./record-columns";

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
  /** Request ids the service sent back, when it sent any, in the order the answers arrived (pages are fetched concurrently). */
  requestIds: string[];
}

/**
 * Records of one query with their provenance.
 *
 * Fast path: a result built by `Result.fromColumns` (what the transport gives for big answers) holds
 * its records as columns and makes the row objects only when `records`, iteration or `toJSON()` first
 * asks for them. From then on those objects are the result's content (changes made to them show in
 * `toFrame()`); `columns()` and `toFrame()` of an untouched result never build them.
 */
export class Result<R = Record<string, unknown>> {
  readonly meta: ResultMeta;
  /** The record schema, where the endpoint has one; drives `toFrame()` column types and units. */
  readonly schema?: RecordSchema;
  private rows: R[] | undefined;
  private cols: RecordColumns | undefined;

  constructor(records: R[], meta: ResultMeta, schema?: RecordSchema) {
    this.rows = records;
    this.meta = meta;
    if (schema !== undefined) this.schema = schema;
  }

  /**
   * A result backed by columns: records are built from them on first use.
   * @param columns the records as columns.
   * @param meta provenance.
   * @param schema the record schema, if any.
   */
  static fromColumns<R = Record<string, unknown>>(columns: RecordColumns, meta: ResultMeta, schema?: RecordSchema): Result<R> {
    const result = new Result<R>([], meta, schema);
    result.rows = undefined;
    result.cols = columns;
    return result;
  }

  /** The records, in the service's order (pages in offset order). Built once, on first access, for a column-backed result. */
  get records(): R[] {
    this.rows ??= this.cols!.toRecords() as unknown as R[];
    return this.rows;
  }

  /** Number of records. */
  get length(): number {
    return this.rows !== undefined ? this.rows.length : this.cols!.length;
  }

  /** Whether the records are (still) held only as columns. */
  get isColumnar(): boolean {
    return this.rows === undefined;
  }

  /**
   * The records as columns (numbers in Float64Arrays, strings dictionary-coded). Free for a
   * column-backed result; built from the records (and not kept) otherwise.
   */
  columns(): RecordColumns {
    if (this.rows === undefined) return this.cols!;
    return columnsFromRecords(this.rows) ?? columnsFromRecords([])!;
  }

  /** The records as columns, for the frame and analysis functions (see `COLUMN_SOURCE`). */
  [COLUMN_SOURCE](): RecordColumns {
    return this.columns();
  }

  /** A danfojs DataFrame of all the records, typed by the schema (see `toFrame`). */
  toFrame(): DataFrame {
    if (this.rows === undefined) return columnsToFrame(this.cols!, this.schema);
    return toFrame(this.rows as unknown as Record<string, unknown>[], this.schema);
  }

  [Symbol.iterator](): Iterator<R> {
    return this.records[Symbol.iterator]();
  }

  /** JSON form: records and meta. */
  toJSON(): { records: R[]; meta: ResultMeta } {
    return { records: this.records, meta: this.meta };
  }
}
