/**
 * A stream of record batches gathered into one column-backed Result: a million-row answer in tens of
 * megabytes, each batch dropped as soon as its values are in the columns.
 */
import type { RecordSchema } from "./schema";
import { RecordColumnsBuilder } from "./columns-from-records";
import { RecordColumns } from "./record-columns";
import { Result, type ResultMeta } from "./result";

/**
 * Consumes a stream (`client.v4.stream.productionByWell(...)`, `transport.streamColumns(...)`) and
 * returns all its records as one Result backed by columns; the stream's return value is the meta.
 * Batches may be record arrays or `RecordColumns`. Records that are not all plain objects cannot be
 * columns: the Result then holds them as records. A stream that fails fails the call: no partial
 * Result is returned.
 * @param stream the batches, in order.
 * @param schema the record schema to attach; default none.
  * @example
  * const result = await collectResult(natgas.v4.productionByWell.stream({ region_natgas: ["west"] }));
 */
export async function collectResult<R = Record<string, unknown>>(
  stream: AsyncGenerator<readonly R[] | RecordColumns, ResultMeta, undefined>,
  schema?: RecordSchema,
): Promise<Result<R>> {
  const parts: RecordColumns[] = [];
  let builder = new RecordColumnsBuilder();
  let plain: unknown[] | undefined;
  let step = await stream.next();
  while (step.done !== true) {
    const batch = step.value;
    if (plain !== undefined) {
      for (const r of batch instanceof RecordColumns ? batch.toRecords() : batch) plain.push(r);
    } else if (batch instanceof RecordColumns) {
      if (builder.length > 0) parts.push(builder.finish());
      builder = new RecordColumnsBuilder();
      parts.push(batch);
    } else if (!builder.add(batch)) {
      plain = [];
      for (const p of [...parts, builder.finish()]) for (const r of p.toRecords()) plain.push(r);
      for (const r of batch) plain.push(r);
    }
    step = await stream.next();
  }
  const meta = step.value;
  if (plain !== undefined) return new Result<R>(plain as R[], meta, schema);
  if (builder.length > 0) parts.push(builder.finish());
  return new Result<R>(RecordColumns.concat(parts, true), meta, schema);
}
