/**
 * The bench's bare-socket client (bench/lib/bare-http.mjs), the floor the `stages` scenario prints beside
 * undici's socket read: against a node:http server on 127.0.0.1 it must give every answer's exact bytes to
 * the right request, over kept-alive sockets, and refuse what it does not read (another status, a chunked
 * body, a connection closed mid-answer) rather than count a partial answer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createNetServer, type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the bench, without types
import { AnswerReader, barePostAll, MAX_HEAD } from "../../bench/lib/bare-http.mjs";

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
const servers: Array<ReturnType<typeof createServer>> = [];

async function serve(handler: Handler): Promise<{ url: string; sockets: () => number }> {
  let sockets = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => handler(req, Buffer.concat(chunks).toString("utf8"), res));
  });
  server.on("connection", () => sockets++);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sockets: () => sockets };
}

/** A server on raw sockets: `answer(socket)` writes whatever bytes the test needs once a request is in. */
async function serveRaw(answer: (socket: Socket) => void): Promise<string> {
  const server = createNetServer((socket) => {
    socket.once("data", () => answer(socket));
    socket.on("error", () => {});
  });
  rawServers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const rawServers: Array<ReturnType<typeof createNetServer>> = [];

afterEach(async () => {
  for (const s of rawServers.splice(0)) await new Promise((resolve) => s.close(resolve));
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

/** The answer the test server gives request `i`: sizes from empty to several socket reads, bytes that vary. */
function answerFor(i: number): Buffer {
  const size = [0, 1, 65_535, 65_536, 200_003, 1_000_000, 7, 131_072][i % 8]!;
  const out = Buffer.allocUnsafe(size);
  for (let k = 0; k < size; k++) out[k] = (k * 31 + i * 7) & 0xff;
  return out;
}

describe("the bench's bare-socket client", () => {
  it("gives each request its own answer's exact bytes, over at most `concurrency` kept-alive sockets", async () => {
    const seen: string[] = [];
    const { url, sockets } = await serve((req, body, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers["x-probe"]} ${body}`);
      const i = JSON.parse(body).i as number;
      const bytes = answerFor(i);
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": bytes.length });
      res.end(bytes);
    });
    const requests = Array.from({ length: 19 }, (_, i) => ({ path: "/pages", headers: { "x-probe": "yes" }, body: JSON.stringify({ i }) }));
    const got = new Map<number, Buffer>();
    const { bytes } = await barePostAll(url, requests, { concurrency: 3, onBody: (i: number, b: Buffer) => got.set(i, b) });
    expect(got.size).toBe(19);
    let total = 0;
    for (let i = 0; i < 19; i++) {
      expect(got.get(i)!.equals(answerFor(i))).toBe(true);
      total += answerFor(i).length;
    }
    expect(bytes).toBe(total);
    expect(seen.sort()).toEqual(requests.map((r) => `POST /pages yes ${r.body}`).sort());
    expect(sockets()).toBe(3);
  });

  it("refuses a status other than 200, naming it", async () => {
    const { url } = await serve((_req, _body, res) => {
      res.writeHead(503, { "content-length": 4 });
      res.end("busy");
    });
    await expect(barePostAll(url, [{ path: "/", body: "{}" }])).rejects.toThrow(/request 0 answered "HTTP\/1\.1 503 Service Unavailable"/);
  });

  it("refuses a body without a Content-Length (chunked) rather than guess its end", async () => {
    const { url } = await serve((_req, _body, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("part one, ");
      res.end("part two");
    });
    await expect(barePostAll(url, [{ path: "/", body: "{}" }])).rejects.toThrow(/only plain Content-Length bodies/);
  });

  it("fails when the connection closes before an answer is whole, never counting the part", async () => {
    const { url } = await serve((_req, _body, res) => {
      res.writeHead(200, { "content-length": 100_000 });
      res.write(Buffer.alloc(10_000));
      // The rest never comes: the server drops the connection.
      setImmediate(() => res.socket?.destroy());
    });
    const onBody = () => {
      throw new Error("a partial body was handed on");
    };
    await expect(barePostAll(url, [{ path: "/", body: "{}" }], { onBody })).rejects.toThrow(/request 0: the connection closed before its answer was whole/);
  });

  it("refuses a URL it cannot read (https) and a concurrency under 1, before connecting", async () => {
    await expect(barePostAll("https://127.0.0.1:1", [{ path: "/", body: "{}" }])).rejects.toThrow(/only http:/);
    await expect(barePostAll("http://127.0.0.1:1", [{ path: "/", body: "{}" }], { concurrency: 0 })).rejects.toThrow(/concurrency 0 is not at least 1/);
  });

  it("counts the bytes without keeping them when asked (keep: false)", async () => {
    const { url } = await serve((_req, body, res) => {
      const bytes = answerFor(JSON.parse(body).i as number);
      res.writeHead(200, { "content-length": bytes.length });
      res.end(bytes);
    });
    const requests = Array.from({ length: 8 }, (_, i) => ({ path: "/", body: JSON.stringify({ i }) }));
    const handed: number[] = [];
    const { bytes } = await barePostAll(url, requests, { concurrency: 2, keep: false, onBody: (i: number) => handed.push(i) });
    expect(bytes).toBe(requests.reduce((sum, _r, i) => sum + answerFor(i).length, 0));
    expect(handed).toEqual([]);
  });

  it("fails when the connection is refused", async () => {
    const server = createNetServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    await expect(barePostAll(`http://127.0.0.1:${port}`, [{ path: "/", body: "{}" }])).rejects.toThrow(/ECONNREFUSED/);
  });

  it("refuses a compressed body, a body with no Content-Length, and a head that never ends", async () => {
    const { url } = await serve((_req, _body, res) => {
      res.writeHead(200, { "content-encoding": "gzip", "content-length": 3 });
      res.end("abc");
    });
    await expect(barePostAll(url, [{ path: "/", body: "{}" }])).rejects.toThrow(/only plain Content-Length bodies/);
    const noLength = await serveRaw((socket) => socket.end("HTTP/1.1 200 OK\r\nconnection: close\r\n\r\nabc"));
    await expect(barePostAll(noLength, [{ path: "/", body: "{}" }])).rejects.toThrow(/request 0: no Content-Length/);
    const endless = await serveRaw((socket) => {
      socket.write("HTTP/1.1 200 OK\r\n");
      // Header lines past the limit, never the blank line that ends a head.
      for (let k = 0; k < 2000; k++) socket.write(`x-pad-${k}: ${"a".repeat(40)}\r\n`);
    });
    await expect(barePostAll(endless, [{ path: "/", body: "{}" }])).rejects.toThrow(new RegExp(`head over ${MAX_HEAD} bytes`));
  });
});

describe("the bare client's answer reader", () => {
  /** Three answers back to back: a body of 300 bytes, an empty one, one of 5. */
  const heads = ["HTTP/1.1 200 OK\r\ncontent-length: 300", "HTTP/1.1 200 OK\r\ncontent-length: 0", "HTTP/1.1 200 OK\r\nx-a: b\r\ncontent-length: 5"];
  const bodies = [Buffer.alloc(300, 0x41), Buffer.alloc(0), Buffer.from("\r\n\r\nz")];
  const stream = Buffer.concat(heads.flatMap((h, i) => [Buffer.from(`${h}\r\n\r\n`, "latin1"), bodies[i]!]));

  /** Feeds `stream` cut at `cuts` through one reused read buffer whose unread tail holds a blank line. */
  function readCut(cuts: number[]): { heads: string[]; bodies: Buffer[] } {
    const got = { heads: [] as string[], bodies: [] as Buffer[] };
    let parts: Buffer[] = [];
    const reader = new AnswerReader(
      (head: string) => {
        got.heads.push(head);
        return Number(/content-length: (\d+)/.exec(head)![1]);
      },
      (buf: Buffer, from: number, to: number, done = true) => {
        parts.push(Buffer.from(buf.subarray(from, to)));
        if (done) {
          got.bodies.push(Buffer.concat(parts));
          parts = [];
        }
      },
    );
    const scratch = Buffer.alloc(stream.length + 8);
    let at = 0;
    for (const cut of [...cuts, stream.length]) {
      scratch.fill("\r\n\r\n");
      const n = stream.copy(scratch, 0, at, cut);
      reader.feed(scratch, n);
      at = cut;
    }
    return got;
  }

  it("gives the same heads and bodies wherever the reads cut the stream, and byte by byte", () => {
    const whole = readCut([]);
    expect(whole.heads).toEqual(heads);
    expect(whole.bodies.map((b) => b.toString("latin1"))).toEqual(bodies.map((b) => b.toString("latin1")));
    for (let cut = 1; cut < stream.length; cut++) expect(readCut([cut])).toEqual(whole);
    expect(readCut(Array.from({ length: stream.length - 1 }, (_, k) => k + 1))).toEqual(whole);
  });
});
