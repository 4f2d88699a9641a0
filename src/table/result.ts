/**
 * The value every client method returns: a table of the records, with where they came from.
 */
import type { RecordColumns } from "./record-columns";
import type { RecordSchema } from "./schema";
import { Table, type TableOptions } from "./table";

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
 * Records of one query with their provenance: a {@link Table} (typed rows, columns, units, `toFrame()`)
 * plus `meta`.
 *
 * Fast path: a result built by `Result.fromColumns` (what the transport gives for big answers) holds
 * its records as columns and makes the row objects only when `records`, `rows()`, iteration or
 * `toJSON()` first asks for them. From then on those objects are the result's content (changes made
 * to them show in `toFrame()`); `columns()` and `toFrame()` of an untouched result never build them.
 */
export class Result<R = Record<string, unknown>> extends Table<R> {
  readonly meta: ResultMeta;

  /**
   * @param records the records (or the records as columns).
   * @param meta provenance.
   * @param schema the record schema, if any.
   */
  constructor(records: R[] | RecordColumns, meta: ResultMeta, schema?: RecordSchema) {
    super(records, schema === undefined ? {} : { schema });
    this.meta = meta;
  }

  /**
   * A result backed by columns: records are built from them on first use.
   * @param columns the records as columns.
   * @param meta provenance.
   * @param schema the record schema, if any.
   */
  static override fromColumns<R = Record<string, unknown>>(columns: RecordColumns, meta: ResultMeta, schema?: RecordSchema): Result<R>;
  /** Without provenance: a plain {@link Table} (see `Table.fromColumns`). */
  static override fromColumns<R = Record<string, unknown>>(columns: RecordColumns, options?: TableOptions): Table<R>;
  static override fromColumns<R = Record<string, unknown>>(columns: RecordColumns, metaOrOptions?: ResultMeta | TableOptions, schema?: RecordSchema): Table<R> {
    if (isTableOptions(metaOrOptions)) return Table.fromColumns<R>(columns, metaOrOptions);
    return new Result<R>(columns, metaOrOptions, schema);
  }

  /** The records, in the service's order (pages in offset order): `rows()`. */
  get records(): R[] {
    return this.rows();
  }

  /** JSON form: records and meta. */
  override toJSON(): { records: R[]; meta: ResultMeta } {
    return { records: this.records, meta: this.meta };
  }
}

/**
 * Whether the second argument of `Result.fromColumns` is table options (`{ schema?, units? }` and
 * nothing else) rather than provenance: anything else, even `{}`, is taken as provenance, as it was
 * before `Result` became a table.
 */
function isTableOptions(x: ResultMeta | TableOptions | undefined): x is TableOptions | undefined {
  if (x === undefined) return true;
  const keys = Object.keys(x);
  return keys.length > 0 && keys.every((k) => k === "schema" || k === "units");
}
