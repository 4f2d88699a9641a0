/**
 * A bare-socket HTTP client for hostile requests: sends exactly the bytes given, reads the status
 * line, headers and (for non-2xx answers) the body, and never waits for a big 2xx body.
 */
import { connect, type Socket } from "node:net";

export interface RawAnswer {
  /** 0 when the connection closed before a status line. */
  status: number;
  headers: Record<string, string>;
  /** The body (by Content-Length, chunked, or to the close). Empty for 2xx unless asked for. */
  body: string;
}

/** Opens a socket to 127.0.0.1:`port`. */
export function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.once("error", reject);
  });
}

/**
 * Sends `bytes` (a whole request, or several parts written in turn) and reads the answer; a 2xx
 * body only when `read2xx` is set (for small answers).
 */
export async function rawRequest(port: number, bytes: string | Buffer | readonly (string | Buffer)[], timeoutMs = 10_000, read2xx = false): Promise<RawAnswer> {
  const socket = await openSocket(port);
  socket.on("error", () => {});
  const parts = Array.isArray(bytes) ? bytes : [bytes as string | Buffer];
  for (const part of parts) socket.write(part);
  return readAnswer(socket, timeoutMs, read2xx);
}

/** Reads one answer from `socket` and destroys the socket. */
export function readAnswer(socket: Socket, timeoutMs = 10_000, read2xx = false): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let buffer = Buffer.alloc(0);
    let head: { status: number; headers: Record<string, string>; bodyStart: number } | undefined;
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`no complete answer within ${timeoutMs} ms (got ${JSON.stringify(buffer.subarray(0, 200).toString("latin1"))})`));
    }, timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      socket.removeAllListeners("data");
      socket.destroy();
    };
    const tryComplete = (closed: boolean): boolean => {
      if (!head) {
        const end = buffer.indexOf("\r\n\r\n");
        if (end < 0) return false;
        const lines = buffer.subarray(0, end).toString("latin1").split("\r\n");
        const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? "")?.[1] ?? 0);
        const headers: Record<string, string> = {};
        for (const line of lines.slice(1)) {
          const i = line.indexOf(":");
          if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
        }
        head = { status, headers, bodyStart: end + 4 };
      }
      const { status, headers, bodyStart } = head;
      if (status >= 200 && status < 300 && !read2xx) {
        finish();
        resolve({ status, headers, body: "" });
        return true;
      }
      const rest = buffer.subarray(bodyStart);
      const length = headers["content-length"];
      let body: Buffer | undefined;
      if (length !== undefined) {
        if (rest.length >= Number(length)) body = rest.subarray(0, Number(length));
      } else if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
        body = dechunk(rest);
      } else if (closed) {
        body = rest;
      }
      if (body === undefined && !closed) return false;
      finish();
      resolve({ status, headers, body: (body ?? rest).toString("utf8") });
      return true;
    };
    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      tryComplete(false);
    });
    socket.on("close", () => {
      if (!tryComplete(true)) {
        clearTimeout(timer);
        resolve({ status: 0, headers: {}, body: buffer.toString("latin1") });
      }
    });
  });
}

/** The body of a complete chunked encoding, or undefined while the last chunk has not arrived. */
function dechunk(data: Buffer): Buffer | undefined {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (!Number.isFinite(size)) return undefined;
    if (size === 0) return Buffer.concat(out);
    if (data.length < lineEnd + 2 + size + 2) return undefined;
    out.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** A POST with a JSON (or any) body, token header included unless `headers` overrides it. */
export function post(path: string, body: string | Buffer, headers: Record<string, string> = {}): Buffer {
  const payload = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  const all: Record<string, string> = { host: "127.0.0.1", access_key: "hostile", "content-type": "application/json", "content-length": String(payload.length), connection: "close", ...headers };
  const head = `POST ${path} HTTP/1.1\r\n${Object.entries(all)
    .filter(([, v]) => v !== "")
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("")}\r\n`;
  return Buffer.concat([Buffer.from(head, "latin1"), payload]);
}
