import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox } from "../../src/sandbox";
import type { SandboxHandle } from "../../src/sandbox";
import { handleRequest } from "../../src/sandbox/core/handle-request";
import { FaultPlan } from "../../src/sandbox/core/faults";
import { withStoredAnswers, type StoredAnswerStats } from "../../src/sandbox/core/stored-answers";
import type { ServiceHandler } from "../../src/sandbox/core/types";
import { TOKEN } from "./sandbox-http";

const dirs: string[] = [];
const handles: SandboxHandle[] = [];
const servers: Server[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "gasframes-answers-"));
  dirs.push(dir);
  return dir;
}

async function sandbox(options: Parameters<typeof startSandbox>[0]): Promise<SandboxHandle> {
  const s = await startSandbox(options);
  handles.push(s);
  return s;
}

afterAll(async () => {
  await Promise.all(handles.map((h) => h.close()));
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function bytes(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(base + path, { method, headers: { access_key: TOKEN, "content-type": "application/json", ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(res.status).toBe(200);
  return res.text();
}

/** One query of each kind of row answer: a v3 page (envelope), a v4 JSON array, v4 NDJSON, LNG v1 rows. */
const QUERIES: [string, string, unknown, Record<string, string>][] = [
  ["POST", "/v3/productionbycountyandoperator", { state_code: "OK", start_date: "2022-01-01", pagination: { start: 100 } }, {}],
  ["POST", "/v4/productionbywell", { county: "Dunn", date_prod_min: "2024-01-01" }, {}],
  ["POST", "/v4/productionbywell", { county: "Dunn", date_prod_min: "2024-01-01" }, { accept: "application/x-ndjson" }],
  ["POST", "/lng/v1/volume_flows", { destination_regions: ["Europe"], from_timestamp: "2025-03-01T00:00:00Z", to_timestamp: "2025-05-01T00:00:00Z" }, {}],
];

const entries = (dir: string) => readdirSync(dir).filter((n) => n.endsWith(".answer")).sort();

describe("stored sandbox answers", () => {
  let plain: SandboxHandle;
  let expected: string[];
  const dir = tempDir();

  beforeAll(async () => {
    plain = await sandbox({ seed: 5, asOf: "2025-06-15" });
    expected = [];
    for (const [m, p, b, h] of QUERIES) expected.push(await bytes(plain.url, m, p, b, h));
  });

  it("a stored answer is the generated one, sent again by the next sandbox on the same folder", async () => {
    const first = await sandbox({ seed: 5, asOf: "2025-06-15", answerCache: dir });
    for (const [i, [m, p, b, h]] of QUERIES.entries()) expect(await bytes(first.url, m, p, b, h)).toBe(expected[i]);
    const stored = entries(dir);
    expect(stored).toHaveLength(QUERIES.length);
    const second = await sandbox({ seed: 5, asOf: "2025-06-15", answerCache: dir });
    for (const [i, [m, p, b, h]] of QUERIES.entries()) expect(await bytes(second.url, m, p, b, h)).toBe(expected[i]);
    expect(entries(dir)).toEqual(stored);
  });

  it("the stored bytes are what is sent (an entry rewritten with a valid checksum is believed)", async () => {
    const [m, p, b, h] = QUERIES[1];
    // The entry of that answer, found by its body: the v3 page is a JSON array too, and which comes first
    // in the folder depends on the hash of the sandbox's code.
    const file = join(dir, entries(dir).find((n) => {
      const data = readFileSync(join(dir, n));
      return `[${data.subarray(data.indexOf(10) + 1).toString("utf8")}]` === expected[1];
    })!);
    const original = readFileSync(file);
    const body = Buffer.from('{"marker":1}', "utf8");
    const head = JSON.parse(original.subarray(0, original.indexOf(10)).toString("utf8"));
    writeFileSync(file, Buffer.concat([Buffer.from(JSON.stringify({ ...head, bytes: body.length, sha256: createHash("sha256").update(body).digest("hex") }) + "\n"), body]));
    const s = await sandbox({ seed: 5, asOf: "2025-06-15", answerCache: dir });
    expect(await bytes(s.url, m, p, b, h)).toBe('[{"marker":1}]');
    writeFileSync(file, original);
  });

  it("a damaged entry costs only the generation: the answer is right and the entry written again", async () => {
    const s = await sandbox({ seed: 5, asOf: "2025-06-15", answerCache: dir });
    const digests = () => entries(dir).map((name) => createHash("sha256").update(readFileSync(join(dir, name))).digest("hex"));
    const intact = digests();
    for (const name of entries(dir)) {
      const file = join(dir, name);
      const data = readFileSync(file);
      data[data.length - 3] ^= 0x20;
      writeFileSync(file, data);
    }
    writeFileSync(join(dir, entries(dir)[0]!), "not an entry");
    for (const [i, [m, p, b, h]] of QUERIES.entries()) expect(await bytes(s.url, m, p, b, h)).toBe(expected[i]);
    expect(digests()).toEqual(intact);
    const again = await sandbox({ seed: 5, asOf: "2025-06-15", answerCache: dir });
    for (const [i, [m, p, b, h]] of QUERIES.entries()) expect(await bytes(again.url, m, p, b, h)).toBe(expected[i]);
  });

  it("with no answerCache option, the folder GASFRAMES_SANDBOX_ANSWER_CACHE names; the option wins; blank is none", async () => {
    const fromEnv = tempDir();
    const option = tempDir();
    const [m, p, b, h] = QUERIES[0];
    const saved = process.env.GASFRAMES_SANDBOX_ANSWER_CACHE;
    try {
      process.env.GASFRAMES_SANDBOX_ANSWER_CACHE = fromEnv;
      expect(await bytes((await sandbox({ seed: 5, asOf: "2025-06-15" })).url, m, p, b, h)).toBe(expected[0]);
      expect(entries(fromEnv)).toHaveLength(1);
      expect(await bytes((await sandbox({ seed: 5, asOf: "2025-06-15", answerCache: option })).url, m, p, b, h)).toBe(expected[0]);
      expect(entries(option)).toHaveLength(1);
      expect(entries(fromEnv)).toHaveLength(1);
      process.env.GASFRAMES_SANDBOX_ANSWER_CACHE = "  ";
      const [m2, p2, b2, h2] = QUERIES[3];
      expect(await bytes((await sandbox({ seed: 5, asOf: "2025-06-15" })).url, m2, p2, b2, h2)).toBe(expected[3]);
      expect(entries(fromEnv)).toHaveLength(1);
      expect(entries(option)).toHaveLength(1);
    } finally {
      if (saved === undefined) delete process.env.GASFRAMES_SANDBOX_ANSWER_CACHE;
      else process.env.GASFRAMES_SANDBOX_ANSWER_CACHE = saved;
    }
  });

  it("another date, seed or page size is another answer, never the stored one", async () => {
    for (const options of [{ seed: 5, asOf: "2025-09-01" }, { seed: 6, asOf: "2025-06-15" }, { seed: 5, asOf: "2025-06-15", pageSize: 50 }]) {
      const own = await sandbox(options);
      const cached = await sandbox({ ...options, answerCache: dir });
      const [m, p, b, h] = QUERIES[0];
      const answer = await bytes(cached.url, m, p, b, h);
      expect(answer).toBe(await bytes(own.url, m, p, b, h));
      expect(answer).not.toBe(expected[0]);
    }
  });
});

describe("what is never stored", () => {
  /** A server running `handler` through the sandbox's own request pipeline. */
  async function serve(handler: ServiceHandler): Promise<string> {
    const settings = { context: { seed: 1, asOf: "2025-06-15", pageSize: 10 }, mounts: [{ prefix: "", handler }], tokens: undefined, faults: new FaultPlan(undefined), maxBodyBytes: 1 << 20, sleep: async () => {} };
    const server = createServer((req, res) => void handleRequest(req, res, settings));
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it("an answer holding the request's token is served but not stored", async () => {
    const dir = tempDir();
    const stats: StoredAnswerStats = { hits: 0, misses: 0, stored: 0 };
    const echo: ServiceHandler = (req) => ({ kind: "rows", format: "array", rows: [{ seen: String(req.headers.access_key), n: 1 }] });
    const url = await serve(withStoredAnswers(echo, dir, "", stats));
    expect(JSON.parse(await bytes(url, "GET", "/echo"))).toEqual([{ seen: TOKEN, n: 1 }]);
    expect(JSON.parse(await bytes(url, "GET", "/echo"))).toEqual([{ seen: TOKEN, n: 1 }]);
    expect(stats).toEqual({ hits: 0, misses: 2, stored: 0 });
    expect(entries(dir)).toEqual([]);
  });

  it("whole JSON answers, and answers of a handler that needs I/O, pass through unstored", async () => {
    const dir = tempDir();
    const stats: StoredAnswerStats = { hits: 0, misses: 0, stored: 0 };
    const handler: ServiceHandler = (req) =>
      req.path === "/json" ? { kind: "json", status: 200, body: { a: 1 } } : Promise.resolve({ kind: "rows", format: "array", rows: [{ b: 2 }] });
    const url = await serve(withStoredAnswers(handler, dir, "", stats));
    expect(JSON.parse(await bytes(url, "GET", "/json"))).toEqual({ a: 1 });
    expect(JSON.parse(await bytes(url, "GET", "/later"))).toEqual([{ b: 2 }]);
    expect(stats).toEqual({ hits: 0, misses: 0, stored: 0 });
    expect(entries(dir)).toEqual([]);
  });
});
