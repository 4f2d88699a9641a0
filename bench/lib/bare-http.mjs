// The floor under any HTTP client's socket read on this machine (issue 32's "limit on the same page"):
// POSTs over plain `node:net` sockets kept alive, each socket reading into one buffer of its own
// (`onread`: no Buffer made per read, no HTTP library, no stream), every body copied once into a buffer
// of its Content-Length. Bench-only: it knows just enough HTTP/1.1 for the bench's own server (a 200 with
// a Content-Length, no chunked or compressed bodies) and refuses anything else.
import net from "node:net";

const MAX_HEAD = 64 * 1024;

/**
 * Sends each of `requests` ({ path, body, headers }) as a POST to `url`, `concurrency` sockets at a time,
 * and hands each answer's body to `onBody(index, buffer)`. Resolves to { bytes } once all are in.
 */
export function barePostAll(url, requests, { concurrency = 4, onBody = () => {} } = {}) {
  const { hostname, port, host, protocol } = new URL(url);
  if (protocol !== "http:") return Promise.reject(new Error(`bare-http: only http:, not ${protocol}`));
  let next = 0;
  let bytes = 0;
  const sockets = [];
  const one = () =>
    new Promise((resolve, reject) => {
      let index = -1;
      let head = "";
      let body = null;
      let filled = 0;
      let waiting = false;
      const fail = (err) => {
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
        socket.write(`${lines.join("\r\n")}\r\n\r\n${payload}`);
        head = "";
        waiting = true;
      };
      // The head of an answer: status 200 and a Content-Length, or an error naming what came.
      const startBody = (text) => {
        const status = text.slice(0, text.indexOf("\r\n"));
        if (!/^HTTP\/1\.1 200 /.test(status)) throw new Error(`bare-http: request ${index} answered "${status}"`);
        if (/\r\ntransfer-encoding:/i.test(text) || /\r\ncontent-encoding:/i.test(text)) throw new Error(`bare-http: request ${index}: only plain Content-Length bodies`);
        const length = /\r\ncontent-length: *(\d+)\r?$/im.exec(text);
        if (length === null) throw new Error(`bare-http: request ${index}: no Content-Length`);
        body = Buffer.allocUnsafe(Number(length[1]));
        filled = 0;
      };
      const finishBody = () => {
        bytes += body.length;
        onBody(index, body);
        body = null;
        waiting = false;
        send();
      };
      const socket = net.connect({
        host: hostname,
        port: Number(port),
        onread: {
          buffer: Buffer.allocUnsafe(64 * 1024),
          callback(n, buf) {
            try {
              let at = 0;
              while (at < n) {
                if (body === null) {
                  if (!waiting) throw new Error("bare-http: bytes came with no request waiting");
                  const text = head + buf.latin1Slice(at, n);
                  const end = text.indexOf("\r\n\r\n");
                  if (end < 0) {
                    if (text.length > MAX_HEAD) throw new Error(`bare-http: request ${index}: a head over ${MAX_HEAD} bytes`);
                    head = text;
                    at = n;
                    continue;
                  }
                  at += end + 4 - head.length;
                  startBody(text.slice(0, end));
                  if (body.length === 0) finishBody();
                } else {
                  const take = Math.min(n - at, body.length - filled);
                  buf.copy(body, filled, at, at + take);
                  filled += take;
                  at += take;
                  if (filled === body.length) finishBody();
                }
              }
            } catch (err) {
              fail(err);
            }
          },
        },
      });
      sockets.push(socket);
      socket.on("connect", send);
      socket.on("error", reject);
      socket.on("close", () => {
        if (waiting) reject(new Error(`bare-http: request ${index}: the connection closed before its answer was whole`));
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
