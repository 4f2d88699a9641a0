/**
 * Worker thread entry: parses response bytes into columns (see parse-columns.ts) so that pages of
 * one query parse on every core at once.
 */
import { parentPort } from "node:worker_threads";
import { parseHere } from "./parse-pool";
import { columnsMessage, type ParseReply, type ParseRequest } from "./wire";

parentPort?.on("message", (req: ParseRequest) => {
  let reply: ParseReply;
  let transfer: ArrayBuffer[] = [];
  try {
    const parsed = parseHere(req.kind, req.bytes);
    if ("value" in parsed) reply = { id: req.id, value: parsed.value };
    else {
      const msg = columnsMessage(parsed.columns);
      transfer = msg.transfer;
      reply = { id: req.id, names: msg.names, length: msg.length, columns: msg.columns, ...(parsed.rest !== undefined ? { rest: parsed.rest } : {}) };
    }
  } catch (err) {
    const e = err as Error;
    reply = { id: req.id, error: { name: e.constructor?.name ?? "Error", message: e.message } };
  }
  parentPort!.postMessage(reply, transfer);
});
