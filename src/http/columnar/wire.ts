/**
 * Columns across a worker boundary: typed arrays are transferred (moved, not copied), dictionaries
 * are structured-cloned (they hold only the distinct values).
 */
import { RecordColumns, type RecordColumn } from "../../table/record-columns";

/** A parse request to a worker. */
export interface ParseRequest {
  id: number;
  kind: "envelope" | "array" | "lines";
  bytes: Uint8Array;
}

/**
 * A worker's answer: the columns (and the envelope's other members), or why it could not; and the
 * request's buffer, moved back so the calling thread can reuse it (it is absent when it could not be).
 */
export type ParseReply = (
  | { id: number; names: string[]; length: number; columns: RecordColumn[]; rest?: Record<string, unknown> }
  | { id: number; value: unknown }
  | { id: number; error: { name: string; message: string } }
) & { bytes?: ArrayBuffer };

/** The columns as a message, and the buffers to transfer with it. */
export function columnsMessage(columns: RecordColumns): { names: string[]; length: number; columns: RecordColumn[]; transfer: ArrayBuffer[] } {
  const names = [...columns.names];
  const cols = names.map((n) => columns.columns.get(n)!);
  const transfer: ArrayBuffer[] = [];
  for (const c of cols) {
    if (c.kind === "number") transfer.push(c.values.buffer as ArrayBuffer);
    if (c.kind === "coded") transfer.push(c.codes.buffer as ArrayBuffer);
    if (c.absent !== undefined) transfer.push(c.absent.buffer as ArrayBuffer);
  }
  return { names, length: columns.length, columns: cols, transfer };
}

/** The columns of a worker's answer. */
export function columnsOfMessage(msg: { names: string[]; length: number; columns: RecordColumn[] }): RecordColumns {
  return new RecordColumns(msg.names, new Map(msg.names.map((n, j) => [n, msg.columns[j]!])), msg.length);
}
