/**
 * Parses response bodies into columns on worker threads (one per core but one, at least one, at most
 * two) in parallel with the download and with each other, while the calling thread receives the next
 * bytes (and parses a body itself when every worker is busy and enough others wait: `maxWaiting`).
 * Small bodies, and builds without the compiled worker file (tests running the TypeScript sources),
 * parse on the calling thread: same parser, same answer.
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
// Types only: node:worker_threads loads when the first worker starts, not with require("gasframes").
import type { Worker, ResourceLimits } from "node:worker_threads";
import type { ColumnMemory } from "../../table/column-builder";
import type { RecordColumns } from "../../table/record-columns";
import { ColumnSlab } from "./column-slab";
import { ColumnParseError, ColumnParser, MAX_JSON_DEPTH, NotColumnarError, TooManyFieldsError, TooSparseError, jsonTooDeep, tooDeepAt } from "./parse-columns";
import { PageBuffers } from "./page-buffers";
import { SlabPool } from "./slab-pool";
import { columnsOfMessage, type ParseReply, type ParseRequest } from "./wire";

/**
 * What a parse gives: the records as columns (and an envelope's other members), or, for a body that is
 * well-formed JSON of another shape, its value as `JSON.parse` gives it.
 */
export type ParsedColumns = { columns: RecordColumns; rest?: Record<string, unknown> } | { value: unknown };

/** Bodies smaller than this parse on the calling thread: posting them costs more than it saves. */
const WORKER_MIN_BYTES = 256 * 1024;

interface Job {
  id: number;
  kind: ParseRequest["kind"];
  bytes: Uint8Array;
  /** The body's length, kept: `bytes` reads 0 once its buffer is moved to the worker. */
  bodyBytes: number;
  /** The bytes are in a buffer of the pool's `buffers`, to be given back when the worker returns them. */
  pooled: boolean;
  /** It went to its worker with a slab. */
  slab?: boolean;
  resolve(p: ParsedColumns): void;
  reject(e: Error): void;
  /** Stops listening to the caller's signal (the job is settled). */
  unlisten?(): void;
}

interface Slot {
  worker: Worker;
  /** The job the worker is parsing (one at a time, so a crash can only be blamed on that body). */
  job?: Job;
  dead?: boolean;
  /** It answered at least once (a worker that dies idle before that is broken, and not replaced). */
  answered?: boolean;
}

/** Options of a {@link ParsePool}. */
export interface ParsePoolOptions {
  /** Memory limits of each worker (`resourceLimits` of node:worker_threads). Default: young generation 4 MB. */
  resourceLimits?: ResourceLimits;
  /**
   * Whether a whole NDJSON answer is parsed as it arrives on the calling thread (see lines-in-place.ts)
   * rather than cut into pieces for the workers. Default: on a machine of two cores or fewer, or with
   * no workers (measured there: the pieces' copies and messages cost more CPU than the second core
   * gives back, and the server, when local, needs that core).
   */
  linesInPlace?: boolean;
  /**
   * Bodies waiting for a busy worker before the next is parsed on the calling thread instead. Default
   * 1 on a machine of more than two cores (the calling thread is a parser too); 8 on two cores or
   * fewer, where it has the bytes to receive and a local server the other core: a v3 download of a
   * million rows there took as long either way, and 10-15 MB less memory at its peak when the calling
   * thread left parsing to the worker (the bound keeps bodies from piling up when many downloads run).
   */
  maxWaiting?: number;
  /**
   * Whether v3 pages (envelopes) are parsed as they arrive on the calling thread (see
   * envelope-in-place.ts) rather than read whole into a buffer and parsed on a worker (or here, when
   * every worker is busy). Default false: on the two-core development machine it gave no measurable gain
   * in time, CPU or memory over the workers (docs/performance.md has the runs).
   */
  envelopesInPlace?: boolean;
}

export class ParsePool {
  private slots: Slot[] | undefined;
  private nextId = 1;
  private closed = false;
  /** Jobs waiting for a free worker; they keep their bytes until one takes them. */
  private readonly queue: Job[] = [];
  private readonly resourceLimits: ResourceLimits;
  /** See {@link ParsePoolOptions.linesInPlace}. */
  readonly linesInPlace: boolean;
  private readonly maxWaiting: number;
  /** See {@link ParsePoolOptions.envelopesInPlace}. */
  readonly envelopesInPlace: boolean;
  /** Buffers to read bodies into: {@link parse} takes them whole to a worker and back, and reuses them. */
  readonly buffers = new PageBuffers();
  /** Slabs the workers carve columns from (see column-slab.ts); back here through {@link recycle}. */
  private readonly slabs = new SlabPool();
  /** Records per body byte of the last body parsed into columns (0 until one is): the next body's row hint. */
  private rowsPerByte = 0;

  /**
   * @param workers worker threads; default none on a machine of two cores or fewer (the calling thread
   *   parses each body as its last byte is in: measured on two cores, a v3 download of a million rows
   *   took as long as with one worker, in less CPU, and peaked about 18 MB lower, the worker's own
   *   heap and the bodies waiting for it; docs/performance.md, twentieth round), else one per core but
   *   one (the calling thread, which receives the bytes, parses a body too when every worker is busy
   *   and enough others wait), at most 2 (measured: more add memory, not speed). 0 parses everything
   *   on the calling thread.
   *   A worker that dies on a body is replaced, so the pool keeps this size (one that dies before its
   *   first answer is not: the calling thread parses instead).
   */
  constructor(
    private readonly workers = availableParallelism() <= 2 ? 0 : Math.min(2, availableParallelism() - 1),
    options: ParsePoolOptions = {},
  ) {
    // Workers keep only dictionaries on their heap (columns are transferred typed arrays): a small
    // young generation saves several MB of resident memory per worker at no measurable cost.
    this.resourceLimits = options.resourceLimits ?? { maxYoungGenerationSizeMb: 4 };
    this.linesInPlace = options.linesInPlace ?? (workers <= 0 || availableParallelism() <= 2);
    this.maxWaiting = options.maxWaiting ?? (availableParallelism() <= 2 ? 8 : 1);
    this.envelopesInPlace = options.envelopesInPlace ?? false;
  }

  /**
   * A body of `bodyBytes` bytes (as its Content-Length says; undefined: not said) is on its way: the
   * workers are started now if it will go to one, so that they are ready when its last byte is in
   * (starting one takes tens of milliseconds, which the first page of a download otherwise waited
   * for). A body of unknown size starts none: it may be small.
   */
  prepare(bodyBytes: number | undefined): void {
    if (bodyBytes !== undefined && bodyBytes >= WORKER_MIN_BYTES) this.start();
  }

  /**
   * A paged download of big bodies begins: the workers are started now, while the first request is
   * sent and answered, rather than when its first body's size is known (a worker takes 60-120 ms to
   * start on two busy cores, which the first page's parse waited for). Nothing when parsing here.
   */
  warm(): void {
    if (!this.envelopesInPlace) this.start();
  }

  /** Live worker threads (0 until the first body big enough for a worker, or when parsing here). */
  get size(): number {
    return this.slots?.filter((s) => !s.dead).length ?? 0;
  }

  /**
   * Parses `bytes` (handed over: the caller must not use them afterwards). Bytes in a buffer of
   * {@link buffers} go back to it once parsed.
   * @param signal stops the parse: a body waiting for a worker is dropped, and the worker parsing it
   *   is terminated (a new one takes its place); the promise rejects with the signal's reason. A parse
   *   on this thread cannot be interrupted (the signal is looked at before it starts). Default none.
   */
  parse(kind: ParseRequest["kind"], bytes: Uint8Array, signal?: AbortSignal): Promise<ParsedColumns> {
    if (signal?.aborted === true) {
      this.buffers.give(bytes.buffer);
      return Promise.reject(abortReason(signal));
    }
    const big = bytes.byteLength >= WORKER_MIN_BYTES;
    const slots = big ? this.start() : undefined;
    // Every worker busy and `maxWaiting` bodies already waiting: this one is parsed here, now. The
    // calling thread is a parser too (pages then parse on every core with fewer workers, each 10-20
    // MB), and bodies never pile up waiting for a worker (each held its whole bytes).
    const busy = slots !== undefined && this.queue.length >= this.maxWaiting && slots.every((s) => s.dead || s.job !== undefined);
    // No live worker (none, or one that died before its first answer and was not replaced): here.
    if (slots === undefined || !slots.some((s) => !s.dead) || busy) return this.parseHereNow(kind, bytes, big);
    // The bytes move to the worker; a view into a bigger buffer is copied first so nothing else moves
    // (a buffer of this pool's own moves whole: nothing else uses it).
    const pooled = this.buffers.owns(bytes.buffer);
    const own = pooled || (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) ? bytes : bytes.slice();
    return new Promise<ParsedColumns>((resolve, reject) => {
      const job: Job = { id: this.nextId++, kind, bytes: own, bodyBytes: own.byteLength, pooled, resolve, reject };
      if (signal !== undefined) {
        const stop = (): void => this.stop(job, abortReason(signal));
        signal.addEventListener("abort", stop, { once: true });
        job.unlisten = () => signal.removeEventListener("abort", stop);
        job.resolve = (p) => {
          job.unlisten?.();
          resolve(p);
        };
        job.reject = (e) => {
          job.unlisten?.();
          reject(e);
        };
      }
      this.queue.push(job);
      this.dispatch();
    });
  }

  /**
   * The caller gave up on `job`: dropped if it is still waiting; if a worker is parsing it, that worker
   * is terminated (there is no other way to stop a parse) and replaced, as when one dies.
   */
  private stop(job: Job, reason: Error): void {
    const waiting = this.queue.indexOf(job);
    if (waiting !== -1) {
      this.queue.splice(waiting, 1);
      this.buffers.give(job.bytes.buffer);
      job.reject(reason);
      return;
    }
    const slot = this.slots?.find((s) => s.job === job);
    if (slot !== undefined) this.died(slot, reason, true);
  }

  /**
   * Takes back the slabs of columns this pool's workers made, once their values are copied elsewhere:
   * the next pages' columns are carved from them. The part must not be used afterwards.
   */
  recycle(part: RecordColumns): void {
    this.slabs.recycle(part);
  }

  private parseHereNow(kind: ParseRequest["kind"], bytes: Uint8Array, big: boolean): Promise<ParsedColumns> {
    // Only big bodies' columns are carved from a slab: a small answer must not pin one.
    const slab = new ColumnSlab(big ? this.slabs.forBody(bytes.byteLength) : undefined);
    const bodyBytes = bytes.byteLength;
    let parsed: ParsedColumns | undefined;
    try {
      parsed = parseHere(kind, bytes, slab, this.rowsHint(bodyBytes));
      if ("columns" in parsed) this.learnRows(parsed.columns.length, bodyBytes);
      return Promise.resolve(parsed);
    } catch (err) {
      return Promise.reject(err as Error);
    } finally {
      // Nothing parsed keeps a view of the bytes (dictionaries copy what they keep).
      this.buffers.give(bytes.buffer);
      const columns = parsed !== undefined && "columns" in parsed ? [...parsed.columns.columns.values()] : [];
      if (slab.buffer !== undefined) this.slabs.returned(columns, slab.buffer, false);
      if (big && columns.length > 0) this.slabs.learn(slab.wantedBytes, bytes.byteLength);
    }
  }

  /** Records a body of `bodyBytes` bytes is thought to hold, from the last one parsed (2% over); 0: unknown. */
  private rowsHint(bodyBytes: number): number {
    return this.rowsPerByte > 0 ? Math.ceil(bodyBytes * this.rowsPerByte * 1.02) : 0;
  }

  private learnRows(rows: number, bodyBytes: number): void {
    if (rows > 0 && bodyBytes > 0) this.rowsPerByte = rows / bodyBytes;
  }

  /**
   * Where the columns of a page parsed on this thread as it arrives (see envelope-in-place.ts) are
   * kept, and the records it is thought to hold: call {@link parsedInPlace} with the same memory after.
   */
  inPlaceMemory(bodyBytes: number | undefined): { memory: ColumnSlab; rowsHint: number } {
    const big = bodyBytes !== undefined && bodyBytes >= WORKER_MIN_BYTES;
    return { memory: new ColumnSlab(big ? this.slabs.forBody(bodyBytes) : undefined), rowsHint: bodyBytes === undefined ? 0 : this.rowsHint(bodyBytes) };
  }

  /** A page parsed in place into `memory` (from {@link inPlaceMemory}) gave `parsed` (undefined: it failed). */
  parsedInPlace(memory: ColumnSlab, parsed: ParsedColumns | undefined, bodyBytes: number): void {
    const columns = parsed !== undefined && "columns" in parsed ? [...parsed.columns.columns.values()] : [];
    if (memory.buffer !== undefined) this.slabs.returned(columns, memory.buffer, false);
    if (parsed === undefined || !("columns" in parsed)) return;
    this.learnRows(parsed.columns.length, bodyBytes);
    if (bodyBytes >= WORKER_MIN_BYTES) this.slabs.learn(memory.wantedBytes, bodyBytes);
  }

  /** Lets the idle body buffers and slabs go (a download ended: it pins no memory afterwards). */
  releaseIdle(): void {
    this.buffers.clear();
    this.slabs.clear();
  }


  /** Stops the workers (they are also unreferenced while idle, so they never keep a process alive). */
  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots ?? [];
    this.slots = [];
    for (const slot of slots) slot.dead = true;
    const stopped = new Error("the column parse pool was closed");
    for (const job of this.queue.splice(0)) {
      this.buffers.give(job.bytes.buffer);
      job.reject(stopped);
    }
    for (const slot of slots) {
      if (slot.job?.pooled) this.buffers.lost();
      if (slot.job?.slab === true) this.slabs.lost();
      slot.job?.reject(stopped);
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private start(): Slot[] | undefined {
    if (this.slots !== undefined) return this.slots;
    if (this.workers <= 0 || this.closed || !existsSync(WORKER_FILE)) {
      this.slots = [];
      return this.slots;
    }
    this.slots = [];
    for (let i = 0; i < this.workers; i++) this.slots.push(this.spawn());
    return this.slots;
  }

  private spawn(): Slot {
    const threads = require("node:worker_threads") as typeof import("node:worker_threads");
    const worker = new threads.Worker(WORKER_FILE, { resourceLimits: this.resourceLimits });
    const slot: Slot = { worker };
    worker.on("message", (reply: ParseReply) => this.settle(slot, reply));
    worker.on("error", (err) => this.died(slot, err));
    worker.on("exit", (code) => this.died(slot, new Error(`it exited with code ${code}`)));
    // After the listeners: adding a "message" listener to a worker references it again.
    worker.unref();
    return slot;
  }

  /** Hands waiting jobs to idle workers; a worker is referenced only while it has a job. */
  private dispatch(): void {
    for (const slot of this.slots ?? []) {
      if (this.queue.length === 0) return;
      if (slot.dead || slot.job !== undefined) continue;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      try {
        const slab = this.slabs.forBody(job.bytes.byteLength);
        job.slab = slab !== undefined;
        const transfer = [job.bytes.buffer as ArrayBuffer, ...(slab !== undefined ? [slab] : [])];
        try {
          const request: ParseRequest = { id: job.id, kind: job.kind, bytes: job.bytes, rowsHint: this.rowsHint(job.bodyBytes), ...(slab !== undefined ? { slab } : {}) };
          slot.worker.postMessage(request, transfer);
        } catch (err) {
          job.slab = false;
          if (slab !== undefined) this.slabs.returned([], slab, false);
          throw err;
        }
      } catch (err) {
        slot.job = undefined;
        slot.worker.unref();
        job.reject(err as Error);
      }
    }
  }

  private settle(slot: Slot, reply: ParseReply): void {
    const job = slot.job;
    if (job === undefined || job.id !== reply.id) return;
    slot.job = undefined;
    slot.answered = true;
    slot.worker.unref();
    if (job.pooled) this.buffers.give(reply.bytes, true);
    if ("names" in reply && reply.slabWanted !== undefined) this.slabs.learn(reply.slabWanted, job.bodyBytes);
    if ("names" in reply) this.learnRows(reply.length, job.bodyBytes);
    if (reply.slab !== undefined) this.slabs.returned("names" in reply ? reply.columns : [], reply.slab, true);
    this.dispatch();
    if ("error" in reply) {
      const E = WORKER_ERRORS[reply.error.name] ?? Error;
      job.reject(new E(reply.error.message));
      return;
    }
    if ("value" in reply) job.resolve({ value: reply.value });
    else job.resolve({ columns: columnsOfMessage(reply), ...(reply.rest !== undefined ? { rest: reply.rest } : {}) });
  }

  /**
   * A worker died (its "error" and then its "exit" event both land here). The body it was parsing is
   * what killed it (the worker answers every failure it can catch), so that job fails as a parse
   * error, not retried; a fresh worker takes its place and the waiting jobs go on.
   * @param stopped the worker is terminated because the caller gave up on its job: the job fails with `err`.
   */
  private died(slot: Slot, err: Error, stopped = false): void {
    if (slot.dead) return;
    slot.dead = true;
    const job = slot.job;
    slot.job = undefined;
    if (this.slots !== undefined && !this.closed && (job !== undefined || slot.answered || stopped)) {
      const at = this.slots.indexOf(slot);
      if (at !== -1) this.slots[at] = this.spawn();
    }
    void slot.worker.terminate().catch(() => undefined);
    if (job?.pooled) this.buffers.lost();
    if (job?.slab === true) this.slabs.lost();
    job?.reject(stopped ? err : new ColumnParseError(`the parse worker failed on this body (${err.message}); a new worker took its place`));
    this.dispatch();
  }
}

const WORKER_FILE = join(__dirname, "parse-worker.js");

/** Why a parse was stopped: the signal's reason when it is an error. */
function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new Error("the parse was aborted", { cause: reason });
}

/** The parse errors a worker reports by name, as their classes on this thread. */
const WORKER_ERRORS: Readonly<Record<string, new (message: string) => Error>> = {
  ColumnParseError,
  TooSparseError,
  TooManyFieldsError,
};

/**
 * Parses on the calling thread (workers call this too). Malformed JSON is a ColumnParseError; JSON of
 * a shape without columns is returned as its value.
 */
export function parseHere(kind: ParseRequest["kind"], bytes: Uint8Array, memory?: ColumnMemory, rowsHint = 0): ParsedColumns {
  const parser = new ColumnParser(memory);
  parser.rowsHint = rowsHint;
  try {
    if (kind === "envelope") {
      const { rest } = parser.parseEnvelope(bytes);
      return { columns: parser.finish(), rest };
    }
    if (kind === "array") parser.parseArray(bytes);
    else parser.parseLines(bytes);
    return { columns: parser.finish() };
  } catch (err) {
    if (!(err instanceof NotColumnarError)) throw err;
  }
  return { value: parseValue(kind, bytes) };
}

function parseValue(kind: ParseRequest["kind"], bytes: Uint8Array): unknown {
  const deep = tooDeepAt(bytes, MAX_JSON_DEPTH);
  if (deep !== -1) throw new ColumnParseError(jsonTooDeep(deep));
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // A plain TypeError here would pass for a socket failure (and be retried): it is the body's fault.
    throw new ColumnParseError("invalid UTF-8");
  }
  try {
    if (kind !== "lines") return JSON.parse(text) as unknown;
    const out: unknown[] = [];
    for (const line of text.split("\n")) if (line.trim() !== "") out.push(JSON.parse(line));
    return out;
  } catch (err) {
    throw new ColumnParseError((err as Error).message);
  }
}

let shared: ParsePool | undefined;

/**
 * The process-wide pool every transport shares (workers start on first use). Its size is none on two
 * cores or fewer, else one worker per core but one, at most 2, or the environment variable
 * `GASFRAMES_PARSE_WORKERS` (0: parse on the calling thread only, where threads are scarce or memory is
 * tight: each worker costs 10-20 MB). `GASFRAMES_NDJSON_IN_PLACE` (1 or 0) says whether whole NDJSON answers are parsed where they
 * arrive (see {@link ParsePoolOptions.linesInPlace}); default: on two cores or fewer.
 * `GASFRAMES_V3_IN_PLACE` (1 or 0) says the same of v3 pages ({@link ParsePoolOptions.envelopesInPlace}).
 */
export function sharedParsePool(): ParsePool {
  if (shared === undefined) {
    const env = Number(process.env.GASFRAMES_PARSE_WORKERS);
    // GASFRAMES_NDJSON_IN_PLACE=1 or 0 chooses how whole NDJSON answers parse (default: by the cores).
    const inPlace = process.env.GASFRAMES_NDJSON_IN_PLACE;
    const pagesInPlace = process.env.GASFRAMES_V3_IN_PLACE;
    const options: ParsePoolOptions = {
      ...(inPlace === "1" || inPlace === "0" ? { linesInPlace: inPlace === "1" } : {}),
      ...(pagesInPlace === "1" || pagesInPlace === "0" ? { envelopesInPlace: pagesInPlace === "1" } : {}),
    };
    shared =
      process.env.GASFRAMES_PARSE_WORKERS !== undefined && Number.isInteger(env) && env >= 0 ? new ParsePool(Math.min(env, 16), options) : new ParsePool(undefined, options);
  }
  return shared;
}
