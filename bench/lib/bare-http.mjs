// The floor under any HTTP client's socket read on this machine (issue 32's "limit on the same page"):
// POSTs over plain `node:net` sockets kept alive, each socket reading into one buffer of its own
// (`onread`: no Buffer made per read, no HTTP library, no stream), each body copied once into a buffer
// of its Content-Length (or only counted). Bench-only: it knows just enough HTTP/1.1 for the bench's own
// server (a 200 with a Content-Length, no chunked or compressed bodies) and refuses anything else.
import net from "node:net";

export const MAX_HEAD = 64 * 1024;
const CRLF2 = Buffer.from("\r\n\r\n");

/**
 * One socket's answers, fed the bytes of each read as they come: finds each answer's head (which a read
 * may cut anywhere), asks `onHead(headText)` for its body's length, and hands the body's bytes to
 * `onBody(buf, from, to)` as they arrive. `onHead` is called again for the next answer once a body is whole.
 */
export class AnswerReader {
  constructor(onHead, onBody) {
    this.onHead = onHead;
    this.onBody = onBody;
    /** The head's bytes so far, when a read ended inside it. */
    this.head = null;
    /** Body bytes still to come; -1 while a head is awaited. */
    this.left = -1;
  }

  feed(buf, n) {
    let at = 0;
    while (at < n) {
      if (this.left < 0) {
        let bytes = buf;
        let from = at;
        let end = n;
        if (this.head !== null) {
          // A head cut by the read before: joined with this read (at most MAX_HEAD of it matters).
          const piece = buf.subarray(at, Math.min(n, at + MAX_HEAD + 4));
          bytes = Buffer.concat([this.head, piece]);
          from = 0;
          end = bytes.length;
        }
        // The buffer past `end` holds an older read's bytes: a match must end inside this read.
        const stop = bytes.indexOf(CRLF2, from);
        if (stop < 0 || stop + 4 > end) {
          if (end - from > MAX_HEAD) throw new Error(`bare-http: an answer's head over ${MAX_HEAD} bytes`);
          this.head = Buffer.from(bytes.subarray(from, end));
          return;
        }
        if (stop - from > MAX_HEAD) throw new Error(`bare-http: an answer's head over ${MAX_HEAD} bytes`);
        const carried = this.head === null ? 0 : this.head.length;
        at += stop + 4 - from - carried;
        this.head = null;
        this.left = this.onHead(bytes.toString("latin1", from, stop));
        if (this.left === 0) {
          this.left = -1;
          this.onBody(buf, at, at);
        }
      } else {
        const take = Math.min(n - at, this.left);
        this.left -= take;
        const done = this.left === 0;
        if (done) this.left = -1;
        this.onBody(buf, at, at + take, done);
        at += take;
      }
    }
  }
}

/**
 * Sends each of `requests` ({ path, body, headers }) as a POST to `url`, `concurrency` sockets at a time.
 * With `keep` (the default) each answer's body is copied into a buffer of its own and handed to
 * `onBody(index, buffer)`; without, its bytes are only counted. Resolves to { bytes } once all are in;
 * rejects on any answer it does not read, a connection lost before an answer is whole, or `idleMs`
 * without a byte.
 */
export function barePostAll(url, requests, { concurrency = 4, keep = true, onBody = () => {}, idleMs = 120_000 } = {}) {
  const { hostname, port, host, protocol } = new URL(url);
  if (protocol !== "http:") return Promise.reject(new Error(`bare-http: only http:, not ${protocol}`));
  if (!(concurrency >= 1)) return Promise.reject(new Error(`bare-http: concurrency ${concurrency} is not at least 1`));
  let next = 0;
  let bytes = 0;
  const sockets = [];
  const one = () =>
    new Promise((resolve, reject) => {
      let index = -1;
      let body = null;
      let filled = 0;
      let waiting = false;
      const fail = (err) => {
        waiting = false;
        socket.destroy();
        reject(err);
      };
      const send = () => {
        if (next >= requests.length) {
          socket.end();
          return resolve();
        }
        index = next++;
        const { path, body: payload, headers = {} } = requests[index];
        const lines = [`POST ${path} HTTP/1.1`, `host: ${host}`, `content-length: ${Buffer.byteLength(payload)}`];
        for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
        waiting = true;
        socket.write(`${lines.join("\r\n")}\r\n\r\n${payload}`);
      };
      // The head of an answer: status 200 and a Content-Length, or an error naming what came.
      const onHead = (text) => {
        if (!waiting) throw new Error("bare-http: bytes came with no request waiting");
        const status = text.split("\r\n", 1)[0];
        if (!/^HTTP\/1\.1 200 /.test(status)) throw new Error(`bare-http: request ${index} answered "${status}"`);
        if (/\r\n(transfer|content)-encoding:/i.test(text)) throw new Error(`bare-http: request ${index}: only plain Content-Length bodies`);
        const length = /\r\ncontent-length: *(\d+) *(\r\n|$)/i.exec(text);
        if (length === null) throw new Error(`bare-http: request ${index}: no Content-Length`);
        const size = Number(length[1]);
        body = keep ? Buffer.allocUnsafe(size) : null;
        filled = 0;
        return size;
      };
      const onBodyBytes = (buf, from, to, done = true) => {
        if (keep) buf.copy(body, filled, from, to);
        filled += to - from;
        if (!done) return;
        bytes += filled;
        if (keep) onBody(index, body);
        body = null;
        waiting = false;
        send();
      };
      const reader = new AnswerReader(onHead, onBodyBytes);
      const socket = net.connect({
        host: hostname,
        port: Number(port) || 80,
        onread: {
          buffer: Buffer.allocUnsafe(64 * 1024),
          callback(n, buf) {
            try {
              reader.feed(buf, n);
            } catch (err) {
              fail(err);
            }
          },
        },
      });
      sockets.push(socket);
      socket.setTimeout(idleMs, () => fail(new Error(`bare-http: request ${index}: no byte for ${idleMs} ms`)));
      socket.on("connect", () => {
        try {
          send();
        } catch (err) {
          fail(err);
        }
      });
      socket.on("error", (err) => fail(err));
      socket.on("close", () => {
        if (waiting) fail(new Error(`bare-http: request ${index}: the connection closed before its answer was whole`));
      });
    });
  const all = [];
  for (let i = 0; i < Math.min(concurrency, requests.length); i++) all.push(one());
  return Promise.all(all).then(
    () => ({ bytes }),
    (err) => {
      for (const s of sockets) s.destroy();
      throw err;
    },
  );
}
