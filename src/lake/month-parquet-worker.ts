/**
 * Worker thread entry: writes month files (see month-writer.ts). Every failure is answered, never
 * left to kill the thread.
 */
import { parentPort } from "node:worker_threads";
import { columnsOfMessage } from "../decode/columnar/wire";
import { monthFileBytes } from "./month-parquet";
import { KEPT_DICTIONARY_MIN, type MonthFileReply, type MonthFileRequest } from "./month-writer";

/** The kept dictionaries of the last month received, by column (month-writer.ts keeps the same). */
let kept = new Map<string, unknown[]>();

/**
 * The request's columns with their kept dictionaries put back, and this month's kept for the next:
 * first of all, so that both threads keep the same whatever the write does.
 */
function restoreDictionaries(req: MonthFileRequest): Error | undefined {
  const { names, columns } = req.columns;
  const next = new Map<string, unknown[]>();
  let missing: string | undefined;
  columns.forEach((c, j) => {
    if (c.kind !== "coded") return;
    const name = names[j]!;
    let dict = c.dict as unknown[];
    if (req.kept?.includes(name) === true) {
      const last = kept.get(name);
      if (last === undefined) missing ??= name;
      else (c as unknown as { dict: unknown[] }).dict = dict = last;
    }
    if (dict.length >= KEPT_DICTIONARY_MIN) next.set(name, dict);
  });
  kept = next;
  return missing === undefined ? undefined : new Error(`the month file writer has no dictionary of column "${missing}" to reuse`);
}

parentPort?.on("message", (req: MonthFileRequest) => {
  let reply: MonthFileReply;
  let transfer: ArrayBuffer[] = [];
  try {
    const problem = restoreDictionaries(req);
    if (problem !== undefined) throw problem;
    const bytes = monthFileBytes({ ...req.input, columns: columnsOfMessage(req.columns) });
    const buffer = bytes.buffer as ArrayBuffer;
    transfer = [buffer];
    reply = { id: req.id, buffer, byteOffset: bytes.byteOffset, byteLength: bytes.byteLength };
  } catch (err) {
    reply = { id: req.id, error: { name: err instanceof Error ? (err.constructor?.name ?? "Error") : "Error", message: err instanceof Error ? err.message : String(err) } };
  }
  parentPort!.postMessage(reply, transfer);
});
