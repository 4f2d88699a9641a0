/**
 * The bench's bare-socket client (bench/lib/bare-http.mjs), the floor the `stages` scenario prints beside
 * undici's socket read: against a node:http server on 127.0.0.1 it must give every answer's exact bytes to
 * the right request, over kept-alive sockets, and refuse what it does not read (another status, a chunked
 * body, a connection closed mid-answer) rather than count a partial answer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the bench, without types
import { barePostAll } from "../../bench/lib/bare-http.mjs";

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

afterEach(async () => {
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

  it("refuses a URL it cannot read (https)", async () => {
    await expect(barePostAll("https://127.0.0.1:1", [{ path: "/", body: "{}" }])).rejects.toThrow(/only http:/);
  });
});
