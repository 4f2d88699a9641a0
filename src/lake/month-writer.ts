/**
 * Month files written on a worker thread, so that a sync parses the next month while this one is
 * sorted, converted to Arrow and written by parquet-wasm (about half of a sync's CPU time before).
 * One worker per process, started by a sync's first month and ended after its last, unreferenced
 * while idle. Builds without the compiled worker file (tests running the TypeScript sources) write on
 * the calling thread; the files hold the same either way.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
// Types only: node:worker_threads loads when the worker starts, not with require("gasframes").
import type { Worker } from "node:worker_threads";
import { DataError } from "../errors";
import { columnsMessage } from "../decode/columnar/wire";
import type { Column } from "../table/record-columns";
import { monthFileBytes, type MonthFileInput } from "./month-parquet";

/** A sync writes on the thread when it fetches at least this many months (see {@link writeMonthFile}). */
export const OFF_THREAD_MIN_MONTHS = 3;

/** A month to write, as sent to the worker (columns structured-cloned: the caller keeps its own). */
export interface MonthFileRequest {
  id: number;
  input: Omit<MonthFileInput, "columns">;
  columns: { names: string[]; length: number; columns: Column[] };
  /**
   * Coded columns sent with an empty dictionary: theirs is the one of the previous month sent, which
   * the writer kept (see {@link KEPT_DICTIONARY_MIN}).
   */
  kept?: string[];
}

/**
 * Dictionaries of at least this many values are kept by both threads from one month to the next, and
 * one equal to the last month's is not sent again. A sync's months of productionByWell have the same
 * 24,000 well ids and names month after month once every well produces: their structured clone was
 * most of the cost of a month's message, and the writer made the same 48,000 texts again.
 */
export const KEPT_DICTIONARY_MIN = 1024;

/** The kept dictionaries of the last month sent to the writer thread, by column (emptied with a new thread). */
let sentDictionaries = new Map<string, readonly unknown[]>();

/** Whether two dictionaries hold the same values in the same order (=== per value). */
function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The message's columns with every kept dictionary equal to the last month's left out, and the names
 * of those columns; remembers this month's kept dictionaries for the next.
 */
function withoutKeptDictionaries(message: { names: string[]; columns: Column[] }): { columns: Column[]; kept: string[] } {
  const kept: string[] = [];
  const sent = new Map<string, readonly unknown[]>();
  const columns = message.columns.map((c, j) => {
    if (c.kind !== "coded" || c.dict.length < KEPT_DICTIONARY_MIN) return c;
    const name = message.names[j]!;
    sent.set(name, c.dict);
    const last = sentDictionaries.get(name);
    if (last === undefined || !sameValues(last, c.dict)) return c;
    kept.push(name);
    // A plain column (the worker revives it), the caller's own left as it is.
    return { kind: "coded", codes: c.codes, dict: [], ...(c.absent === undefined ? {} : { absent: c.absent }) } as unknown as Column;
  });
  sentDictionaries = sent;
  return { columns, kept };
}

/** The worker's answer: the file's bytes (moved), or why it could not write them. */
export type MonthFileReply = { id: number; buffer: ArrayBuffer; byteOffset: number; byteLength: number } | { id: number; error: { name: string; message: string } };

const WORKER_FILE = join(__dirname, "month-parquet-worker.js");
/** The writer thread's young generation, MB (see {@link writer}). */
const WRITER_YOUNG_GENERATION_MB = 32;

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>();

/**
 * The Parquet bytes of a month (see `monthFileBytes`), written on the writer thread when `offThread`
 * and the build has the thread's file, else here. A sync passes `offThread` when it fetches
 * {@link OFF_THREAD_MIN_MONTHS} months or more: then every month of it goes there, so that parquet-wasm's
 * memory is held by one thread, and a run of one or two months (nothing, or one month, to overlap)
 * does not pay for a thread's start.
 */
export async function writeMonthFile(input: MonthFileInput, offThread: boolean): Promise<Uint8Array> {
  if (!offThread || !existsSync(WORKER_FILE)) return monthFileBytes(input);
  const w = writer();
  const id = nextId++;
  const { columns, ...rest } = input;
  const { transfer: _moved, ...message } = columnsMessage(columns);
  const { columns: sent, kept } = withoutKeptDictionaries(message);
  const request: MonthFileRequest = { id, input: rest, columns: { ...message, columns: sent }, ...(kept.length > 0 ? { kept } : {}) };
  return new Promise<Uint8Array>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // Referenced while a month is on it: a script whose last work is this write must not exit.
    w.ref();
    w.postMessage(request);
  });
}

/**
 * Ends the writer thread once its months are written (a sync calls it when its last month is
 * staged): an idle writer kept its heap and parquet-wasm's memory, about 80 MB, for the rest of the
 * process. The next month written off the thread starts a new one.
 */
export async function closeMonthWriter(): Promise<void> {
  const w = worker;
  if (w === undefined || pending.size > 0) return;
  worker = undefined;
  sentDictionaries = new Map();
  await w.terminate();
}

/** The writer thread's id once it has started (for tests), else undefined. */
export function writerThreadId(): number | undefined {
  return worker?.threadId;
}

function writer(): Worker {
  if (worker !== undefined) return worker;
  const { Worker: WorkerClass } = require("node:worker_threads") as typeof import("node:worker_threads");
  // A young generation of 32 MB: a month's Arrow objects, dictionaries and texts outlive a 4 MB one
  // (the parse workers' size) and were promoted and collected again; with 32 MB a month's write took
  // 10-15% less CPU (docs/performance.md, "Lake sync: ninth round").
  const w = new WorkerClass(WORKER_FILE, { resourceLimits: { maxYoungGenerationSizeMb: WRITER_YOUNG_GENERATION_MB } });
  // A new thread has kept nothing.
  sentDictionaries = new Map();
  w.unref();
  w.on("message", (reply: MonthFileReply) => {
    const job = pending.get(reply.id);
    if (job === undefined) return;
    pending.delete(reply.id);
    if (pending.size === 0) w.unref();
    if ("error" in reply) job.reject(reply.error.name === "DataError" ? new DataError(reply.error.message) : Object.assign(new Error(reply.error.message), { name: reply.error.name }));
    else job.resolve(new Uint8Array(reply.buffer, reply.byteOffset, reply.byteLength));
  });
  const fail = (error: Error) => {
    if (worker === w) {
      worker = undefined;
      sentDictionaries = new Map();
    }
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  w.on("error", fail);
  w.on("exit", (code) => fail(new Error(`the month file writer thread exited (code ${code})`)));
  worker = w;
  return w;
}
