/**
 * Parses response bodies into columns on worker threads (one per core, at most two), in parallel
 * with the download and with each other, while the calling thread receives the next bytes. Small
 * bodies, and builds without the compiled worker file (tests running the TypeScript sources), parse
 * on the calling thread: same parser, same answer.
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { RecordColumns } from "../../result/record-columns";
import { ColumnParseError, ColumnParser, NotColumnarError } from "./parse-columns";
import { columnsOfMessage, type ParseReply, type ParseRequest } from "./wire";

/**
 * What a parse gives: the records as columns (and an envelope's other members), or, for a body that is
 * well-formed JSON of another shape, its value as `JSON.parse` gives it.
 */
export type ParsedColumns = { columns: RecordColumns; rest?: Record<string, unknown> } | { value: unknown };

/** Bodies smaller than this parse on the calling thread: posting them costs more than it saves. */
const WORKER_MIN_BYTES = 256 * 1024;

interface Slot {
  worker: Worker;
  pending: number;
}

export class ParsePool {
  private slots: Slot[] | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve(p: ParsedColumns): void; reject(e: Error): void; slot: Slot }>();

  /**
   * @param workers worker threads; default one per core, at most 2 (measured: a third adds memory,
   *   not speed, as the calling thread is busy receiving). 0 parses everything on the calling thread.
   */
  constructor(private readonly workers = Math.max(1, Math.min(2, availableParallelism()))) {}

  /** Parses `bytes` (handed over: the caller must not use them afterwards). */
  parse(kind: ParseRequest["kind"], bytes: Uint8Array): Promise<ParsedColumns> {
    const slots = bytes.byteLength >= WORKER_MIN_BYTES ? this.start() : undefined;
    if (slots === undefined || slots.length === 0) {
      try {
        return Promise.resolve(parseHere(kind, bytes));
      } catch (err) {
        return Promise.reject(err as Error);
      }
    }
    const slot = slots.reduce((a, b) => (b.pending < a.pending ? b : a));
    const id = this.nextId++;
    // The bytes move to the worker; a view into a bigger buffer is copied first so nothing else moves.
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
    return new Promise<ParsedColumns>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, slot });
      if (slot.pending++ === 0) slot.worker.ref();
      slot.worker.postMessage({ id, kind, bytes: own } satisfies ParseRequest, [own.buffer as ArrayBuffer]);
    });
  }

  /** Stops the workers (they are also unreferenced while idle, so they never keep a process alive). */
  async close(): Promise<void> {
    const slots = this.slots ?? [];
    this.slots = [];
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private start(): Slot[] | undefined {
    if (this.slots !== undefined) return this.slots;
    const file = join(__dirname, "parse-worker.js");
    if (this.workers <= 0 || !existsSync(file)) {
      this.slots = [];
      return this.slots;
    }
    this.slots = [];
    for (let i = 0; i < this.workers; i++) {
      // Workers keep only dictionaries on their heap (columns are transferred typed arrays): a small
      // young generation saves several MB of resident memory per worker at no measurable cost.
      const worker = new Worker(file, { resourceLimits: { maxYoungGenerationSizeMb: 4 } });
      const slot: Slot = { worker, pending: 0 };
      worker.unref();
      worker.on("message", (reply: ParseReply) => this.settle(reply));
      worker.on("error", (err) => this.failAll(slot, err));
      worker.on("exit", (code) => this.failAll(slot, new Error(`column parse worker exited with code ${code}`)));
      this.slots.push(slot);
    }
    return this.slots;
  }

  private settle(reply: ParseReply): void {
    const job = this.waiting.get(reply.id);
    if (job === undefined) return;
    this.waiting.delete(reply.id);
    if (--job.slot.pending === 0) job.slot.worker.unref();
    if ("error" in reply) {
      const E = reply.error.name === "ColumnParseError" ? ColumnParseError : Error;
      job.reject(new E(reply.error.message));
      return;
    }
    if ("value" in reply) job.resolve({ value: reply.value });
    else job.resolve({ columns: columnsOfMessage(reply), ...(reply.rest !== undefined ? { rest: reply.rest } : {}) });
  }

  /** A worker died: its jobs fail, and it is taken out of the pool (the others, or this thread, go on). */
  private failAll(slot: Slot, err: Error): void {
    if (this.slots !== undefined) this.slots = this.slots.filter((s) => s !== slot);
    for (const [id, job] of this.waiting) {
      if (job.slot !== slot) continue;
      this.waiting.delete(id);
      job.reject(err);
    }
  }
}

/**
 * Parses on the calling thread (workers call this too). Malformed JSON is a ColumnParseError; JSON of
 * a shape without columns is returned as its value.
 */
export function parseHere(kind: ParseRequest["kind"], bytes: Uint8Array): ParsedColumns {
  const parser = new ColumnParser();
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
 * The process-wide pool every transport shares (workers start on first use). Its size is one worker
 * per core, at most 2, or the environment variable `GASFRAMES_PARSE_WORKERS` (0: parse on the calling
 * thread only, where threads are scarce or memory is tight: each worker costs 15-25 MB).
 */
export function sharedParsePool(): ParsePool {
  if (shared === undefined) {
    const env = Number(process.env.GASFRAMES_PARSE_WORKERS);
    shared = process.env.GASFRAMES_PARSE_WORKERS !== undefined && Number.isInteger(env) && env >= 0 ? new ParsePool(Math.min(env, 16)) : new ParsePool();
  }
  return shared;
}
