// A TCP proxy on 127.0.0.1 that makes a local server look like one across the internet: every
// connection shares one line of a given speed (100 Mbit/s each way by default) with a given round trip
// (20 ms: 10 ms each way), and the bytes that cross it are counted. It knows nothing of HTTP, so what it
// counts is what a real line would carry (headers and compressed bodies alike).
import { createConnection, createServer } from "node:net";
import { performance } from "node:perf_hooks";

/** Bytes queued on one direction of one connection before its sender is paused (a router's buffer). */
const HIGH_WATER = 512 * 1024;
const LOW_WATER = 256 * 1024;

/** One direction of the shared line: chunks are sent one after another at its speed, then travel `oneWayMs`. */
class Line {
  constructor(bytesPerSecond, oneWayMs) {
    this.bytesPerSecond = bytesPerSecond;
    this.oneWayMs = oneWayMs;
    this.freeAt = 0;
    this.bytes = 0;
  }

  /** When a chunk of `size` bytes handed to the line now reaches the far end (performance.now() time). */
  arrival(size) {
    const start = Math.max(performance.now(), this.freeAt);
    this.freeAt = start + (size * 1000) / this.bytesPerSecond;
    this.bytes += size;
    return this.freeAt + this.oneWayMs;
  }
}

/**
 * Carries `from`'s bytes to `to` over `line`, in order (one queue and one timer per direction: timers of
 * different lengths may fire out of order, bytes may not), pausing `from` while too much is queued.
 */
function carry(from, to, line) {
  const queue = [];
  let queued = 0;
  let timer;
  let ended = false;
  const backlog = () => queued + to.writableLength;
  const pump = () => {
    timer = undefined;
    const now = performance.now();
    while (queue.length > 0 && queue[0].at <= now) {
      const { chunk } = queue.shift();
      queued -= chunk.length;
      if (!to.destroyed) to.write(chunk);
    }
    if (queue.length > 0) timer = setTimeout(pump, Math.max(0, queue[0].at - now));
    else if (ended && !to.destroyed) to.end();
    if (from.isPaused() && backlog() < LOW_WATER) from.resume();
  };
  from.on("data", (chunk) => {
    queue.push({ chunk, at: line.arrival(chunk.length) });
    queued += chunk.length;
    if (backlog() > HIGH_WATER) from.pause();
    timer ??= setTimeout(pump, Math.max(0, queue[0].at - performance.now()));
  });
  to.on("drain", () => {
    if (from.isPaused() && backlog() < LOW_WATER) from.resume();
  });
  from.on("end", () => {
    ended = true;
    timer ??= setTimeout(pump, 0);
  });
}

/**
 * Starts the proxy in front of `target` ({ host, port }). Options: `bitsPerSecond` (default 100e6, one
 * line shared by every connection, each way), `roundTripMs` (default 20). Returns its URL, the bytes
 * carried each way so far (`wire()`), and `close()`.
 */
export async function startThrottleProxy(target, { bitsPerSecond = 100e6, roundTripMs = 20 } = {}) {
  const up = new Line(bitsPerSecond / 8, roundTripMs / 2);
  const down = new Line(bitsPerSecond / 8, roundTripMs / 2);
  const sockets = new Set();
  // Half-open sockets: an end is passed on only once the bytes queued before it have arrived (carry()).
  const server = createServer({ allowHalfOpen: true }, (client) => {
    const upstream = createConnection({ ...target, allowHalfOpen: true });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      // Either side failing ends both, as a broken line would.
      s.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    carry(client, upstream, up);
    carry(upstream, client, down);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    /** Bytes carried so far: `up` (requests) and `down` (responses). */
    wire: () => ({ up: up.bytes, down: down.bytes }),
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
