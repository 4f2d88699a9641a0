/**
 * The transport over gasframes' own HTTP client (wire-request.ts): which client sends an attempt, and
 * what a server that breaks HTTP/1.1 becomes for the caller (a ConnectionError naming what was wrong).
 */
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Agent, Pool, getGlobalDispatcher, interceptors, setGlobalDispatcher } from "undici";
import { ConnectionError } from "../../src/errors";
import { closeIdleWire, wireSockets } from "../../src/http/wire-request";
import { makeTransport, postRequest } from "./helpers/make-transport";
import { expectNoToken, rejectionOf } from "./helpers/secrets";
import { sendJson, startServer, type TestServer } from "./helpers/test-server";

/** A server that answers each request with the bytes `answer` gives (then keeps or ends the socket). */
async function rawServer(answer: (index: number) => { bytes: string; end?: boolean }): Promise<{ url: string; server: Server; requests: () => number }> {
  let index = 0;
  const server = createServer((socket: Socket) => {
    let head = "";
    socket.on("data", (d) => {
      head += d.toString("latin1");
      // One request per head (the bodies here are small and arrive with it).
      const end = head.indexOf("\r\n\r\n");
      if (end === -1) return;
      head = "";
      const { bytes, end: close } = answer(index++);
      if (close === true) socket.end(bytes, "latin1");
      else socket.write(bytes, "latin1");
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, server, requests: () => index };
}

const servers: Server[] = [];
afterEach(async () => {
  closeIdleWire();
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

describe("a server that breaks HTTP/1.1, through the transport", () => {
  it("is a ConnectionError naming what was wrong (both Transfer-Encoding and Content-Length)", async () => {
    const { url, server } = await rawServer(() => ({
      bytes: "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\ntransfer-encoding: chunked\r\n\r\n{}",
    }));
    servers.push(server);
    const { transport, logs } = makeTransport(url, { maxRetries: 0 });
    const err = await rejectionOf(transport.fetchRecords(postRequest()));
    expect(err).toBeInstanceOf(ConnectionError);
    expect(String(err)).toContain("the response has both Transfer-Encoding and Content-Length");
    expectNoToken(err, logs.lines);
  });

  it("says how many body bytes of how many arrived when the connection ends early, and retries", async () => {
    const body = JSON.stringify({ data: [{ x: 1 }] });
    const { url, server, requests } = await rawServer((i) =>
      i === 0
        ? { bytes: "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n" + '{"data":[', end: true }
        : { bytes: `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}` },
    );
    servers.push(server);
    const { transport, logs } = makeTransport(url, { maxRetries: 1 });
    const { records, meta } = await transport.fetchRecords(postRequest({ response: "envelope" }));
    expect(records).toEqual([{ x: 1 }]);
    expect(meta.attempts).toBe(2);
    expect(requests()).toBe(2);
    expect(logs.lines.join("\n")).toContain("the server closed the connection after 9 of 100 body bytes");
  });

  it("never names the token, even when the server echoes it into the broken line the error quotes", async () => {
    let echoed = "";
    const server = createServer((socket: Socket) => {
      let head = "";
      socket.on("data", (d) => {
        head += d.toString("latin1");
        if (!head.includes("\r\n\r\n")) return;
        echoed = /\r\naccess_key: ([^\r]*)\r\n/i.exec(head)?.[1] ?? "";
        socket.end(`HTTP/1.1 200 OK\r\nbroken ${echoed}\r\n\r\n`, "latin1");
      });
      socket.on("error", () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    const { transport, logs } = makeTransport(`http://127.0.0.1:${(server.address() as { port: number }).port}`, { maxRetries: 1 });
    const err = await rejectionOf(transport.fetchRecords(postRequest()));
    expect(echoed.length).toBeGreaterThan(8); // the server had the token to echo
    expect(err).toBeInstanceOf(ConnectionError);
    expect(String(err)).toContain("malformed header line");
    expectNoToken(err, logs.lines);
  });

  it("is a ConnectionError for a head that is not HTTP, and a malformed chunk size", async () => {
    const { url, server } = await rawServer((i) =>
      i === 0
        ? { bytes: "SSH-2.0-OpenSSH_9.2\r\n\r\n" }
        : { bytes: "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n" },
    );
    servers.push(server);
    const { transport } = makeTransport(url, { maxRetries: 0 });
    const first = await rejectionOf(transport.fetchRecords(postRequest()));
    expect(first).toBeInstanceOf(ConnectionError);
    expect(String(first)).toContain("does not start with an HTTP/1.x status line");
    const second = await rejectionOf(transport.fetchRecords(postRequest()));
    expect(second).toBeInstanceOf(ConnectionError);
    expect(String(second)).toContain('malformed chunk size: "zz"');
  });
});

describe("which client sends an attempt", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer((_req, res) => sendJson(res, 200, { ok: true }));
  });
  afterAll(() => server.close());

  // gasframes' own client keeps its connection idle after the answer; undici's are not this module's.
  async function ownIdleAfter(extra: Parameters<typeof makeTransport>[1] = {}): Promise<number> {
    closeIdleWire();
    const { transport } = makeTransport(server.url, extra);
    await transport.fetchRecords(postRequest());
    return wireSockets().idle;
  }

  it("is gasframes' own by default", async () => {
    expect(await ownIdleAfter()).toBe(1);
  });

  it("is undici with a dispatcher option, with GASFRAMES_HTTP=undici, and with a global dispatcher", async () => {
    const agent = new Agent();
    try {
      expect(await ownIdleAfter({ dispatcher: agent })).toBe(0);
    } finally {
      await agent.close();
    }
    process.env.GASFRAMES_HTTP = "undici";
    try {
      expect(await ownIdleAfter()).toBe(0);
    } finally {
      delete process.env.GASFRAMES_HTTP;
    }
    const before = getGlobalDispatcher();
    const global = new Agent({ keepAliveTimeout: 1_000 });
    setGlobalDispatcher(global);
    try {
      expect(await ownIdleAfter()).toBe(0);
    } finally {
      setGlobalDispatcher(before);
      await global.close();
    }
  });

  it("is undici with a global Agent that was composed with interceptors, given a factory, or subclassed", async () => {
    class Agent2 extends Agent {}
    const made: Agent[] = [];
    const choices = [
      () => (made[made.length] = new Agent()).compose(interceptors.retry()),
      () => (made[made.length] = new Agent({ factory: (origin, opts) => new Pool(origin, opts) })),
      () => (made[made.length] = new Agent2()),
    ];
    const before = getGlobalDispatcher();
    try {
      for (const choose of choices) {
        setGlobalDispatcher(choose());
        expect(await ownIdleAfter()).toBe(0);
      }
    } finally {
      setGlobalDispatcher(before);
      await Promise.all(made.map((a) => a.close()));
    }
  });

  it("is gasframes' own beside a plain global Agent, as undici and Node's fetch install one (it chooses nothing)", async () => {
    const before = getGlobalDispatcher();
    const plain = new Agent();
    setGlobalDispatcher(plain);
    try {
      expect(await ownIdleAfter()).toBe(1);
    } finally {
      setGlobalDispatcher(before);
      await plain.close();
    }
  });
});
