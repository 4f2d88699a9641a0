import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CacheMissError } from "../../src/errors";
import { ResponseCache } from "../../src/http";
import { Transport } from "../../src/decode";
import { postRequest } from "./helpers/make-transport";
import { TOKEN, captureLogs, expectNoToken, rejectionOf } from "./helpers/secrets";
import { sendJson, startServer } from "./helpers/test-server";

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "gasframes-cache-"));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const natgas = { service: "natgas" as const, baseUrlEnv: "GASFRAMES_TEST_UNSET_URL" };

function page(start: number, total: number, size: number) {
  const data = [];
  for (let i = start; i < Math.min(total, start + size); i++) data.push({ i, note: "ünïcode" });
  return { data, pagination: { start, page_size: size, total_count: total } };
}

describe("record and replay cache", () => {
  it("records in readwrite, answers hits from disk, and replays with the server closed", async () => {
    const dir = tempDir();
    const server = await startServer((req, res) => {
      const start = (req.json as { pagination?: { start: number } }).pagination?.start ?? 0;
      sendJson(res, 200, page(start, 25, 10), { "x-request-id": `r${start}` });
    });
    const url = server.url;
    const req = postRequest({ response: "envelope-paged" });
    const rw = new Transport({ baseUrl: url, token: TOKEN, progress: false, cache: { mode: "readwrite", dir } }, natgas);
    const first = await rw.fetchRecords(req);
    expect(first.meta.fromCache).toBe(false);
    expect(server.seen).toHaveLength(3);
    const second = await rw.fetchRecords(req);
    expect(second.records).toEqual(first.records);
    expect(second.meta.fromCache).toBe(true);
    // Cached pages are read concurrently: the ids come back in arrival order, each exactly once.
    expect([...second.meta.requestIds].sort()).toEqual(["r0", "r10", "r20"]);
    expect(server.seen).toHaveLength(3);
    await server.close();

    // Replay needs no token and never touches the network.
    const replay = new Transport({ baseUrl: url, progress: false, cache: { mode: "replay", dir } }, natgas);
    const third = await replay.fetchRecords(req);
    expect(third.records).toEqual(first.records);
    expect(third.meta.fromCache).toBe(true);
    expect(third.meta.rows).toBe(25);

    for (const file of readdirSync(dir)) expect(readFileSync(join(dir, file), "utf8")).not.toContain(TOKEN);
  });

  it("keys by method, URL and canonical body: key order does not matter, values and the token do not enter", () => {
    const a = ResponseCache.key("POST", "http://h/v3/rigs", { b: 1, a: { y: 2, x: [1, 2] } });
    const b = ResponseCache.key("post", "http://h/v3/rigs", { a: { x: [1, 2], y: 2 }, b: 1 });
    expect(a).toBe(b);
    expect(ResponseCache.key("POST", "http://h/v3/rigs", { b: 2 })).not.toBe(ResponseCache.key("POST", "http://h/v3/rigs", { b: 1 }));
    expect(ResponseCache.key("GET", "http://h/v3/rigs", undefined)).not.toBe(ResponseCache.key("POST", "http://h/v3/rigs", undefined));
  });

  it("raises CacheMissError naming the request in replay, without any request", async () => {
    const dir = tempDir();
    const server = await startServer((_req, res) => sendJson(res, 200, {}));
    try {
      const t = new Transport({ baseUrl: server.url, token: TOKEN, progress: false, cache: { mode: "replay", dir } }, natgas);
      const err = await rejectionOf(t.fetchRecords(postRequest({ body: { region: "Haynesville" } })));
      expect(err).toBeInstanceOf(CacheMissError);
      expect((err as CacheMissError).code).toBe("CACHE_MISS");
      expect(String(err)).toContain(`POST ${server.url}/v3/rigs`);
      expect(String(err)).toContain("Haynesville");
      expect(server.seen).toHaveLength(0);
      expectNoToken(err);
    } finally {
      await server.close();
    }
  });

  it("stores nothing for errors, or for bodies that fail to parse", async () => {
    const dir = tempDir();
    const server = await startServer((_req, res, i) => {
      if (i === 0) sendJson(res, 400, { error: "bad filter" });
      else {
        res.writeHead(200, { "content-type": "application/json" });
        res.end("{not json");
      }
    });
    try {
      const t = new Transport({ baseUrl: server.url, token: TOKEN, progress: false, cache: { mode: "readwrite", dir } }, natgas);
      await rejectionOf(t.fetchRecords(postRequest()));
      await rejectionOf(t.fetchRecords(postRequest()));
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it("records and replays an NDJSON stream", async () => {
    const dir = tempDir();
    const lines = Array.from({ length: 300 }, (_, i) => JSON.stringify({ i })).join("\n");
    const server = await startServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/x-ndjson" });
      res.end(lines);
    });
    const req = postRequest({ response: "array", ndjson: true });
    const rw = new Transport({ baseUrl: server.url, token: TOKEN, progress: false, cache: { mode: "readwrite", dir } }, natgas);
    const batches: number[] = [];
    for await (const b of rw.streamRecords(req, { batchSize: 100 })) batches.push(b.length);
    expect(batches).toEqual([100, 100, 100]);
    await server.close();
    const replay = new Transport({ baseUrl: server.url, progress: false, cache: { mode: "replay", dir } }, natgas);
    const { records, meta } = await replay.fetchRecords<{ i: number }>(req);
    expect(records.map((r) => r.i)).toEqual(Array.from({ length: 300 }, (_, i) => i));
    expect(meta.fromCache).toBe(true);
  });

  it("still returns the data, with a warning, when the cache folder cannot be written", async () => {
    const blocker = join(tempDir(), "not-a-folder");
    writeFileSync(blocker, "x");
    const server = await startServer((_req, res) => sendJson(res, 200, [{ a: 1 }]));
    try {
      const logs = captureLogs();
      const t = new Transport(
        { baseUrl: server.url, token: TOKEN, progress: false, logger: logs.logger, cache: { mode: "readwrite", dir: join(blocker, "sub") } },
        natgas,
      );
      const { records } = await t.fetchRecords(postRequest({ response: "array" }));
      expect(records).toEqual([{ a: 1 }]);
      expect(logs.lines.some((l) => l.startsWith("cache:"))).toBe(true);
    } finally {
      await server.close();
    }
  });
});
