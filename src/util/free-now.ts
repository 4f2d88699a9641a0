/**
 * Gives ArrayBuffers' memory back now instead of when V8 next collects them. A dropped buffer's memory
 * returns only when its object is collected, and a buffer that lived long enough to be promoted (a
 * page buffer reused through a download) waits for a full collection, which a thread that allocates
 * little runs rarely: a finished v3 download still held about 22 MB of such dead buffers (its seven
 * page buffers and four slabs) when its rollup ran, at the process's peak (docs/performance.md,
 * nineteenth round).
 *
 * Each buffer is moved into a message to a port whose other end is closed: the message, and the
 * memory with it, is dropped at once. The buffer is detached afterwards (`byteLength` 0, its views
 * empty), so only buffers nothing reads may be given; one that cannot be moved (already detached,
 * shared, not transferable) is left to the collector.
 */
import type { MessagePort } from "node:worker_threads";

let sink: MessagePort | undefined;

/**
 * Makes the closed port ahead of need: a message reaches a port closed just now only once the close
 * has gone through (a turn of the event loop later), and the memory is freed then, not at once.
 */
export function readyFreeNow(): void {
  try {
    sink ??= closedPort();
  } catch {
    // No port: freeNow leaves every buffer to the collector.
  }
}

export function freeNow(buffers: Iterable<ArrayBuffer>): void {
  for (const buffer of buffers) {
    if (buffer.byteLength === 0) continue;
    try {
      sink ??= closedPort();
      sink.postMessage(null, [buffer]);
    } catch {
      // Not movable: the collector frees it, as it would have anyway.
    }
  }
}

function closedPort(): MessagePort {
  // Loaded here: node:worker_threads is not part of require("gasframes").
  const { MessageChannel } = require("node:worker_threads") as typeof import("node:worker_threads");
  const { port1, port2 } = new MessageChannel();
  port2.close();
  port1.unref();
  return port1;
}
