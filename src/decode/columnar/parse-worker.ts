/**
 * Worker thread entry: parses response bytes into columns (see parse-columns.ts) so that pages of
 * one query parse on every core at once. Every failure is answered (never left to kill the thread):
 * a body that cannot be parsed, or whose value cannot be sent back, is a ColumnParseError.
 */
import { parentPort } from "node:worker_threads";
import { ColumnSlab } from "./column-slab";
import { parseHere } from "./parse-pool";
import { columnsMessage, type ParseReply, type ParseRequest } from "./wire";

parentPort?.on("message", (req: ParseRequest) => {
  let reply: ParseReply;
  let transfer: ArrayBuffer[] = [];
  const slab = new ColumnSlab(req.slab);
  try {
    const parsed = parseHere(req.kind, req.bytes, slab, req.rowsHint);
    if ("value" in parsed) reply = { id: req.id, value: parsed.value };
    else {
      const msg = columnsMessage(parsed.columns);
      transfer = msg.transfer;
      reply = { id: req.id, names: msg.names, length: msg.length, columns: msg.columns, ...(parsed.rest !== undefined ? { rest: parsed.rest } : {}) };
    }
  } catch (err) {
    reply = { id: req.id, error: errorOf(err) };
  }
  // The request's bytes go back with the answer: moved, they leave nothing behind on this thread's
  // heap (a dropped buffer would wait for a full collection here, which may not come for many pages).
  const bytes = req.bytes.buffer as ArrayBuffer;
  const back = new Set([...transfer, bytes, ...(req.slab !== undefined ? [req.slab] : [])]);
  try {
    parentPort!.postMessage({ ...reply, bytes, ...(req.slab !== undefined ? { slab: req.slab } : {}), slabWanted: slab.wantedBytes }, [...back]);
  } catch (err) {
    // The parsed value could not be cloned back (too deep for the stack, say): the body is to blame.
    const why = err instanceof Error ? err.message : String(err);
    parentPort!.postMessage({ id: req.id, error: { name: "ColumnParseError", message: `the parsed body could not be sent back from the parse worker: ${why}` } } satisfies ParseReply);
  }
});

function errorOf(err: unknown): { name: string; message: string } {
  if (!(err instanceof Error)) return { name: "Error", message: String(err) };
  // A stack overflow or out-of-memory while parsing is this body's doing, not the network's.
  const name = err instanceof RangeError ? "ColumnParseError" : (err.constructor?.name ?? "Error");
  return { name, message: err.message };
}
