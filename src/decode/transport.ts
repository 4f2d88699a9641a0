/**
 * The transport every endpoint uses: the HTTP transport (src/http: retries, time-outs, pacing, cache,
 * progress) with the decoders that turn its bodies into records or columns. The request's `response`
 * (the endpoint's catalog entry names it) chooses the decoder: v3 offset pages, an envelope, a JSON
 * array or NDJSON, one object, or a job's answer.
 */
import { ResponseParseError } from "../errors";
import { checkRecords, isRecord, jsonArrayBatches, jsonTypeOf, ndjsonBatches, readJsonBody, recordsOfDocument, serviceErrorOf, sniffRecords } from "./body-reader";
import { isServiceErrorBody } from "../http/http-errors";
import type { Call } from "../http/call";
import type { Exchange, RequestSpec } from "../http/exchange";
import { HttpTransport } from "../http/transport";
import type { TransportMeta } from "../http/types";
import type { AttemptHooks } from "../http/with-retries";
import { paginate, type Page } from "./paginate";
import type { Pagination } from "./envelope";
import { arrayColumns, contextOf, envelopeColumns, rowsOf, type ColumnPage, type RecordPart } from "./column-pages";
import type { ParsePool } from "./columnar/parse-pool";
import { GatheredParts } from "./columnar/gathered-parts";
import type { RecordColumns } from "../table/record-columns";
import { acceptOf, wantsNdjson, type TransportRequest } from "./types";

/** Default records per batch of `streamRecords` for NDJSON and JSON arrays. */
export const DEFAULT_BATCH_SIZE = 10_000;

type DecodeCall = Call<TransportRequest>;

export class Transport extends HttpTransport {
  /**
   * All records of a request: every page for `envelope-paged`, `data` for `envelope`, the array
   * for `array` (JSON or NDJSON), `[body]` for `object` and `job`. Never a partial result: any
   * failure throws.
   */
  async fetchRecords<R>(req: TransportRequest): Promise<{ records: R[]; meta: TransportMeta }> {
    const call = this.startCall(req);
    try {
      const records: R[] = [];
      for await (const batch of this.batches(call, req, DEFAULT_BATCH_SIZE, true)) {
        for (const r of batch) records.push(r as R);
      }
      return { records, meta: call.meta() };
    } finally {
      call.close();
    }
  }

  /**
   * Record batches as they arrive: v3 pages in offset order, or NDJSON / JSON-array batches of at
   * most `batchSize` (default 10 000) records, holding only about one batch in memory. Returns the
   * meta when done. A failure after a batch was handed out is thrown, not retried, so what was
   * received is never silently topped up or repeated.
   */
  async *streamRecords<R>(req: TransportRequest, opts: { batchSize?: number } = {}): AsyncGenerator<R[], TransportMeta, undefined> {
    const batchSize = Math.max(1, Math.floor(opts.batchSize ?? DEFAULT_BATCH_SIZE));
    const call = this.startCall(req);
    try {
      for await (const batch of this.batches(call, req, batchSize, false)) yield batch as R[];
      return call.meta();
    } finally {
      call.close();
    }
  }

  /**
   * All records of a request as columns: the fast path for big answers. Bodies are parsed straight
   * into columns (on worker threads, in parallel with the download and with each other), so no row
   * object is ever built. Same records, order, checks, retries and errors as {@link fetchRecords} (a
   * record that is not a JSON object is a ResponseParseError). `data` is the records as one set of
   * columns; it is the records themselves when some part had none (an `object` or `job` body, read
   * as one JSON document, or records that are not all plain objects).
   */
  async fetchColumns(req: TransportRequest): Promise<{ data: RecordPart; meta: TransportMeta }> {
    if (req.response === "object" || req.response === "job") {
      const { records, meta } = await this.fetchRecords<unknown>(req);
      return { data: records, meta };
    }
    const call = this.startCall(req);
    try {
      const pool = await sharedParsePool();
      // A part copied into the whole answer gives its memory back for the next pages' columns.
      const gathered = new GatheredParts((part) => pool.recycle(part));
      // v3 pages: the first page tells the total, so every page goes straight into place.
      try {
        for await (const part of this.columnParts(call, req, true)) gathered.add(part, call.progress.totalRows);
      } finally {
        pool.releaseIdle();
      }
      const meta = call.meta();
      return { data: gathered.result(), meta };
    } finally {
      call.close();
    }
  }

  /**
   * Records as column batches as they arrive: v3 pages in offset order, NDJSON in pieces of about
   * 8 MB parsed while the next bytes download. Returns the meta when done. As with
   * {@link streamRecords}, a failure after a batch was handed out is thrown, not retried. A record
   * that is not a JSON object is a ResponseParseError.
   */
  async *streamColumns(req: TransportRequest): AsyncGenerator<RecordColumns, TransportMeta, undefined> {
    const call = this.startCall(req);
    try {
      for await (const part of this.columnParts(call, req, false)) {
        if (Array.isArray(part)) {
          throw new ResponseParseError(`${req.endpoint}: the records are not all JSON objects, so they have no columns; use streamRecords`, { url: call.url });
        }
        yield part as RecordColumns;
      }
      return call.meta();
    } finally {
      call.close();
      (await sharedParsePool()).releaseIdle();
    }
  }

  /** Record parts (columns, or records that have none) of a paged, envelope or array response. */
  private async *columnParts(call: DecodeCall, req: TransportRequest, whole: boolean): AsyncGenerator<RecordPart, void, undefined> {
    const count = (part: RecordPart): RecordPart => {
      const n = rowsOf(part);
      call.pages++;
      call.rows += n;
      call.progress.addPage(n);
      return part;
    };
    const pool = await sharedParsePool();
    if (req.response === "envelope-paged" || req.response === "envelope") {
      const { fetchPage, options } = this.columnPages(call, req, pool);
      if (req.response === "envelope") {
        yield count((await fetchPage(0)).data);
        return;
      }
      for await (const part of paginate(fetchPage, options)) yield count(part);
      return;
    }
    if (req.response !== "array") throw new ResponseParseError(`${req.endpoint}: no columns for response kind ${JSON.stringify(req.response)}`);
    const spec = this.decodeSpec(req, req.body);
    const ndjson = wantsNdjson(req);
    const read = (ex: Exchange) => arrayColumns(ex, call, pool, ndjson, whole);
    // A whole result reads the body inside the attempt, so a failure mid-body is retried.
    const consume = whole ? (ex: Exchange) => collectParts(read(ex)) : read;
    for await (const part of this.send(call, spec, consume)) yield count(part);
  }

  /**
   * The page fetcher of the column fast path, and its pagination options. At most `concurrency`
   * requests are on the wire (fewer while the service answers 429: the transport's slots adapt); a
   * page frees its slot once its bytes are in, and up to three times as many pages may be parsing or
   * waiting to be handed out, so downloading and parsing overlap.
   */
  private columnPages(call: DecodeCall, req: TransportRequest, pool: ParsePool) {
    const concurrency = this.concurrency;
    // v3 pages are big (10,000 rows, about 2.6 MB): the parse workers start with the first request.
    if (req.response === "envelope-paged") pool.warm();
    const fetchPage = async (start: number, early?: (pagination: Pagination) => void): Promise<Page<RecordPart>> => {
      const body = req.response === "envelope-paged" ? { ...(req.body ?? {}), pagination: { start } } : req.body;
      let page: ColumnPage | undefined;
      const consume = (ex: Exchange, hooks: AttemptHooks) => envelopeColumns(ex, call, pool, hooks.bodyRead, early);
      for await (const p of this.send(call, this.decodeSpec(req, body), consume, true)) page = p;
      return page as ColumnPage;
    };
    return { fetchPage, options: { ...this.paginateOptions(call, req), concurrency: concurrency + 2 } };
  }

  private paginateOptions(call: DecodeCall, req: TransportRequest) {
    return {
      concurrency: this.concurrency,
      url: call.url,
      endpoint: req.endpoint,
      cancel: () => call.cancel(),
      onTotals: (rows: number, pages: number) => {
        call.progress.totalRows = rows;
        call.progress.totalPages = pages;
      },
    };
  }

  /** The whole JSON body of one request (for `envelope-paged`, of its first page). */
  async fetchJson(req: TransportRequest): Promise<{ body: unknown; meta: TransportMeta }> {
    const call = this.startCall(req);
    try {
      let body: unknown;
      const spec = this.specOf(req, req.body, "application/json");
      for await (const b of this.send(call, spec, (ex) => wholeJson(ex, call))) body = b;
      call.pages = 1;
      call.rows = Array.isArray(body) ? body.length : 1;
      call.progress.addPage(call.rows);
      return { body, meta: call.meta() };
    } finally {
      call.close();
    }
  }

  private decodeSpec(req: TransportRequest, body: Record<string, unknown> | undefined): RequestSpec {
    return this.specOf(req, body, acceptOf(req));
  }

  /** Record batches of any response kind, counted into the call's meta and progress. */
  private async *batches(call: DecodeCall, req: TransportRequest, batchSize: number, whole: boolean): AsyncGenerator<unknown[], void, undefined> {
    const count = (batch: unknown[]): unknown[] => {
      call.pages++;
      call.rows += batch.length;
      call.progress.addPage(batch.length);
      return batch;
    };
    switch (req.response) {
      // Fast path (see columnar/parse-columns.ts): whole bodies are parsed into columns (on worker
      // threads, pages in parallel) and the row objects built from them, which is quicker than
      // JSON.parse on this thread and gives the same records.
      case "envelope-paged":
      case "envelope": {
        const { fetchPage, options } = this.columnPages(call, req, await sharedParsePool());
        if (req.response === "envelope") {
          yield count(recordsOf((await fetchPage(0)).data));
          return;
        }
        for await (const page of paginate(fetchPage, options)) yield count(recordsOf(page));
        return;
      }
      case "object":
      case "job": {
        for await (const body of this.send(call, this.decodeSpec(req, req.body), (ex) => wholeRecords(ex, call, req.response === "object"))) {
          yield count(body);
        }
        return;
      }
      case "array": {
        const spec = this.decodeSpec(req, req.body);
        const ndjson = wantsNdjson(req);
        const read = (ex: Exchange) => streamedRecords(ex, call, ndjson, batchSize);
        if (whole) {
          // fetchRecords reads the whole body inside the attempt, so a failure mid-body is retried;
          // it is parsed by the fast path, as pages are.
          const pool = await sharedParsePool();
          const consume = (ex: Exchange) => collectRecords(arrayColumns(ex, call, pool, ndjson));
          for await (const batch of this.send(call, spec, consume)) yield count(batch);
          return;
        }
        for await (const batch of this.send(call, spec, read)) yield count(batch);
        return;
      }
      default:
        throw new ResponseParseError(`${req.endpoint}: unknown response kind ${JSON.stringify(req.response)}`);
    }
  }
}

// Loaded on first use, not by require("gasframes"): the parse pool starts node:worker_threads.
async function sharedParsePool(): Promise<ParsePool> {
  return (await import("./columnar/parse-pool")).sharedParsePool();
}

async function* wholeJson(ex: Exchange, call: DecodeCall): AsyncGenerator<unknown, void, undefined> {
  yield await readJsonBody(ex.chunks, contextOf(ex, call));
}

/**
 * The record(s) of an `object` or `job` body: one JSON object, or (for `object`, where an endpoint
 * documented as answering one object may answer a list of them) a list of objects. The service's
 * `{"error": ...}` is its typed error.
 */
async function* wholeRecords(ex: Exchange, call: DecodeCall, listAllowed: boolean): AsyncGenerator<unknown[], void, undefined> {
  const ctx = contextOf(ex, call);
  const body = await readJsonBody(ex.chunks, ctx);
  if (listAllowed && Array.isArray(body)) {
    yield checkRecords(body, ctx, "element");
    return;
  }
  if (!isRecord(body)) {
    throw new ResponseParseError(`${ctx.method} ${ctx.url}: the ${ctx.status} response body is ${jsonTypeOf(body)} where a JSON object was expected`, {
      status: ctx.status,
      url: ctx.url,
    });
  }
  if (isServiceErrorBody(body, true)) throw serviceErrorOf(ctx, body);
  yield [body];
}

/** Record batches of a JSON-array or NDJSON body, read as what arrived (see sniffRecords). */
async function* streamedRecords(ex: Exchange, call: DecodeCall, ndjson: boolean, batchSize: number): AsyncGenerator<unknown[], void, undefined> {
  const ctx = contextOf(ex, call);
  const { format, chunks } = await sniffRecords(ex.chunks, ndjson, ctx);
  if (format === "lines") yield* ndjsonBatches(chunks, batchSize, ctx);
  else if (format === "array") yield* jsonArrayBatches(chunks, batchSize, ctx);
  else {
    const records = recordsOfDocument(await readJsonBody(chunks, ctx), ctx);
    for (let i = 0; i < records.length; i += batchSize) yield records.slice(i, i + batchSize);
  }
}

async function* collectParts(parts: AsyncGenerator<RecordPart, void, undefined>): AsyncGenerator<RecordPart, void, undefined> {
  const all: RecordPart[] = [];
  for await (const part of parts) all.push(part);
  yield* all;
}

async function* collectRecords(parts: AsyncGenerator<RecordPart, void, undefined>): AsyncGenerator<unknown[], void, undefined> {
  const all: RecordPart[] = [];
  for await (const part of parts) all.push(part);
  if (all.length === 1) {
    yield recordsOf(all[0]!);
    return;
  }
  const records: unknown[] = [];
  for (const part of all) for (const r of recordsOf(part)) records.push(r);
  yield records;
}

/** The records of a part: as they came, or built from its columns. */
function recordsOf(part: RecordPart): unknown[] {
  return Array.isArray(part) ? part : (part as RecordColumns).toRecords();
}
