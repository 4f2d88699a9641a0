/**
 * Columns across a worker boundary: typed arrays are transferred (moved, not copied), dictionaries
 * are structured-cloned (they hold only the distinct values).
 */
import { RecordColumns, revivedColumn, type Column } from "../../table/record-columns";

/** A parse request to a worker. */
export interface ParseRequest {
  id: number;
  kind: "envelope" | "array" | "lines";
  bytes: Uint8Array;
  /** A buffer to carve the columns from (see column-slab.ts); moved, and moved back with the answer. */
  slab?: ArrayBuffer;
  /** Records the body is thought to hold (see `ColumnParser.rowsHint`). */
  rowsHint?: number;
}

/**
 * A worker's answer: the columns (and the envelope's other members), or why it could not; the
 * request's buffer and slab, moved back so the calling thread can reuse them (absent when they could
 * not be); and the slab size these columns wanted, to size the next.
 */
export type ParseReply = (
  | { id: number; names: string[]; length: number; columns: Column[]; rest?: Record<string, unknown> }
  | { id: number; value: unknown }
  | { id: number; error: { name: string; message: string } }
) & { bytes?: ArrayBuffer; slab?: ArrayBuffer; slabWanted?: number };

/**
 * Most buffers moved with one message; the others are copied. Node checks each buffer of a transfer
 * list against every one before it, so moving n buffers costs n² (200,000 one-row columns: 25 s on the
 * worker, where copying them all took 0.6 s).
 */
export const MAX_TRANSFERRED_BUFFERS = 64;

/**
 * The columns as a message, and the buffers to transfer with it: the {@link MAX_TRANSFERRED_BUFFERS}
 * biggest (a page's columns share one slab, or are a few dozen arrays); the rest are copied.
 */
export function columnsMessage(columns: RecordColumns): { names: string[]; length: number; columns: Column[]; transfer: ArrayBuffer[] } {
  const names = [...columns.names];
  const cols = names.map((n) => columns.columns.get(n)!);
  // A set: columns carved from one slab share its buffer, and a buffer listed twice cannot be moved.
  const buffers = new Set<ArrayBuffer>();
  for (const c of cols) {
    if (c.kind === "number") buffers.add(c.values.buffer as ArrayBuffer);
    if (c.kind === "coded") buffers.add(c.codes.buffer as ArrayBuffer);
    if (c.absent !== undefined) buffers.add(c.absent.buffer as ArrayBuffer);
  }
  const transfer = [...buffers];
  if (transfer.length > MAX_TRANSFERRED_BUFFERS) {
    transfer.sort((a, b) => b.byteLength - a.byteLength);
    transfer.length = MAX_TRANSFERRED_BUFFERS;
  }
  return { names, length: columns.length, columns: cols, transfer };
}

/** The columns of a worker's answer. */
export function columnsOfMessage(msg: { names: string[]; length: number; columns: Column[] }): RecordColumns {
  return new RecordColumns(msg.names, new Map(msg.names.map((n, j) => [n, revivedColumn(msg.columns[j]!)])), msg.length);
}
