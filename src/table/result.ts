/**
 * The value every client method returns: a table of the records, with where they came from.
 */
import type { RecordColumns } from "./record-columns";
import type { RecordSchema } from "./schema";
import { Table, type TableOptions } from "./table";

import type { ResultMeta } from "./provenance";

export type { FetchMeta, ResultMeta } from "./provenance";

/**
 * Records of one query with their provenance: a {@link Table} (typed rows, columns, units, `toFrame()`)
 * plus `meta`.
 *
 * Like every table it holds its records as columns: a result built by `Result.fromColumns` (what the
 * decoders give) makes the row objects only when `records`, `rows()`, iteration or `toJSON()` first
 * asks for them, and keeps them; `columns()` and `toFrame()` never build them, and read the columns
 * (a change made to a row object does not show there).
 * @example
 * const rigs = await ng.v4.rigs({ region_natgas: ["west"] });
 * console.log(rigs.length, rigs.meta.endpoint, rigs.units);
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
