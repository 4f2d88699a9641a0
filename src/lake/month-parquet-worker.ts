/**
 * Worker thread entry: writes month files (see month-writer.ts). Every failure is answered, never
 * left to kill the thread.
 */
import { parentPort } from "node:worker_threads";
import { columnsOfMessage } from "../decode/columnar/wire";
import { monthFileBytes } from "./month-parquet";
import type { MonthFileReply, MonthFileRequest } from "./month-writer";

parentPort?.on("message", (req: MonthFileRequest) => {
  let reply: MonthFileReply;
  let transfer: ArrayBuffer[] = [];
  try {
    const bytes = monthFileBytes({ ...req.input, columns: columnsOfMessage(req.columns) });
    const buffer = bytes.buffer as ArrayBuffer;
    transfer = [buffer];
    reply = { id: req.id, buffer, byteOffset: bytes.byteOffset, byteLength: bytes.byteLength };
  } catch (err) {
    reply = { id: req.id, error: { name: err instanceof Error ? (err.constructor?.name ?? "Error") : "Error", message: err instanceof Error ? err.message : String(err) } };
  }
  parentPort!.postMessage(reply, transfer);
});
