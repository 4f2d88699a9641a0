/**
 * The cache checks every body against its recorded length and SHA-256 before replaying it: a body cut at
 * a line end or with one digit changed is fetched again in readwrite and refused in replay; a deleted body
 * is a miss; a link out of the cache folder is refused; entries of the older formats (no checksum, or no
 * record of the request they answer) are re-recorded in readwrite and refused in replay; an entry whose
 * files were exchanged with another's (the audit's Permian query answered with Haynesville rows) is
 * refused in replay and fetched again in readwrite.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CacheCorruptError, CacheMissError } from "../../src/errors";
import { Transport, type TransportRequest } from "../../src/decode";
import { CACHE_FORMAT, requestDigest, targetOf } from "../../src/http/response-cache";
import { NatGasClient } from "../../src/natgas";
import { startSandbox } from "../../src/sandbox";
import { postRequest } from "./helpers/make-transport";
import { TOKEN, captureLogs, expectNoToken, rejectionOf } from "./helpers/secrets";
import { startServer, type TestServer } from "./helpers/test-server";

const natgas = { service: "natgas" as const, baseUrlEnv: "GASFRAMES_TEST_UNSET_URL" };
const ROWS = 30;
const NDJSON = Array.from({ length: ROWS }, (_, i) => JSON.stringify({ i, value: 1000 + i })).join("\n") + "\n";
const req: TransportRequest = postRequest({ response: "array", ndjson: true });

let server: TestServer;
const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "gasframes-cache-integrity-"));
  dirs.push(d);
  return d;
}
beforeAll(async () => {
  server = await startServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/x-ndjson" });
    res.end(NDJSON);
  });
});
afterAll(async () => {
  await server.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function transport(mode: "readwrite" | "replay", dir: string) {
  const logs = captureLogs();
  const t = new Transport({ baseUrl: server.url, token: TOKEN, progress: false, logger: logs.logger, cache: { mode, dir }, maxRetries: 0 }, natgas);
  return { t, logs };
}

/** A cache folder holding the recorded response of `req`, and the names of its two files. */
async function recorded(): Promise<{ dir: string; body: string; meta: string }> {
  const dir = tempDir();
  const { records } = await transport("readwrite", dir).t.fetchRecords(req);
  expect(records).toHaveLength(ROWS);
  const files = readdirSync(dir);
  return { dir, body: join(dir, files.find((f) => f.endsWith(".body"))!), meta: join(dir, files.find((f) => f.endsWith(".json"))!) };
}

type Damage = (files: { dir: string; body: string; meta: string }) => void;

const cutAtLineEnd: Damage = ({ body }) => {
  const text = readFileSync(body, "utf8");
  let at = 0;
  for (let n = 0; n < 10; n++) at = text.indexOf("\n", at) + 1;
  writeFileSync(body, text.slice(0, at));
};
const oneDigitChanged: Damage = ({ body }) => writeFileSync(body, readFileSync(body, "utf8").replace('"value":1017', '"value":1018'));

async function expectRefetched(files: { dir: string; body: string; meta: string }): Promise<void> {
  const before = server.seen.length;
  const { t, logs } = transport("readwrite", files.dir);
  const { records, meta } = await t.fetchRecords<{ i: number; value: number }>(req);
  expect(records.map((r) => r.value)).toEqual(Array.from({ length: ROWS }, (_, i) => 1000 + i));
  expect(meta.fromCache).toBe(false);
  expect(server.seen.length).toBe(before + 1);
  for (const line of logs.lines) expect(line).not.toContain(TOKEN);
  // Rewritten: replay now answers it from disk, whole.
  const again = await transport("replay", files.dir).t.fetchRecords(req);
  expect(again.records).toHaveLength(ROWS);
  expect(again.meta.fromCache).toBe(true);
}

describe("a damaged cache entry", () => {
  for (const [label, damage, reason] of [
    ["a body cut at a line end (10 of 30 rows)", cutAtLineEnd, "length"],
    ["a body with one digit changed", oneDigitChanged, "checksum"],
  ] as const) {
    it(`${label}: replay raises CacheCorruptError naming the file, and sends nothing`, async () => {
      const files = await recorded();
      damage(files);
      const before = server.seen.length;
      const err = await rejectionOf(transport("replay", files.dir).t.fetchRecords(req));
      expect(err).toBeInstanceOf(CacheCorruptError);
      expect((err as CacheCorruptError).code).toBe("CACHE_CORRUPT");
      expect((err as CacheCorruptError).reason).toBe(reason);
      expect((err as CacheCorruptError).file).toBe(files.body);
      expect(String(err)).toContain(files.body);
      expect(server.seen.length).toBe(before);
      expectNoToken(err);
    });

    it(`${label}: streaming in replay hands out no row before refusing`, async () => {
      const files = await recorded();
      damage(files);
      const rows: unknown[] = [];
      const err = await rejectionOf(
        (async () => {
          for await (const batch of transport("replay", files.dir).t.streamRecords(req, { batchSize: 1 })) rows.push(...batch);
        })(),
      );
      expect(err).toBeInstanceOf(CacheCorruptError);
      expect(rows).toEqual([]);
    });

    it(`${label}: readwrite fetches it again and rewrites it`, async () => {
      const files = await recorded();
      damage(files);
      await expectRefetched(files);
    });
  }

  it("a deleted body is a miss: CacheMissError in replay, fetched again in readwrite", async () => {
    const files = await recorded();
    unlinkSync(files.body);
    const err = await rejectionOf(transport("replay", files.dir).t.fetchRecords(req));
    expect(err).toBeInstanceOf(CacheMissError);
    await expectRefetched(files);
  });

  it("an entry linked out of the cache folder is refused in both modes, even when its bytes match", async () => {
    for (const which of ["body", "meta"] as const) {
      const files = await recorded();
      const outside = join(tempDir(), `elsewhere.${which}`);
      writeFileSync(outside, readFileSync(files[which]));
      unlinkSync(files[which]);
      symlinkSync(outside, files[which]);
      for (const mode of ["replay", "readwrite"] as const) {
        const before = server.seen.length;
        const err = await rejectionOf(transport(mode, files.dir).t.fetchRecords(req));
        expect(err, `${which} ${mode}`).toBeInstanceOf(CacheCorruptError);
        expect((err as CacheCorruptError).reason).toBe("outside");
        expect((err as CacheCorruptError).file).toBe(files[which]);
        expect(server.seen.length).toBe(before);
      }
    }
  });

  it("a link inside the cache folder is followed", async () => {
    const files = await recorded();
    const copy = join(files.dir, "kept.copy");
    writeFileSync(copy, readFileSync(files.body));
    unlinkSync(files.body);
    symlinkSync(copy, files.body);
    const { records } = await transport("replay", files.dir).t.fetchRecords(req);
    expect(records).toHaveLength(ROWS);
  });

  it("an entry of the older format (no checksum) is re-recorded in readwrite and refused in replay", async () => {
    const files = await recorded();
    const old = JSON.parse(readFileSync(files.meta, "utf8")) as Record<string, unknown>;
    delete old.sha256;
    delete old.format;
    writeFileSync(files.meta, JSON.stringify(old));
    const err = await rejectionOf(transport("replay", files.dir).t.fetchRecords(req));
    expect(err).toBeInstanceOf(CacheCorruptError);
    expect((err as CacheCorruptError).reason).toBe("unverifiable");
    expect(String(err)).toMatch(/re-record/);
    expect((err as CacheCorruptError).file).toBe(files.meta);
    await expectRefetched(files);
    expect(JSON.parse(readFileSync(files.meta, "utf8"))).toMatchObject({ format: CACHE_FORMAT, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it("records the body's length and SHA-256 in the entry", async () => {
    const files = await recorded();
    const entry = JSON.parse(readFileSync(files.meta, "utf8")) as { bytes: number; sha256: string };
    const { createHash } = await import("node:crypto");
    const bytes = readFileSync(files.body);
    expect(entry.bytes).toBe(bytes.length);
    expect(entry.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
  });
});

describe("a token pasted into a parameter", () => {
  it("is masked in meta.params, meta.url, log lines and the cache's files, and still sent as asked", async () => {
    const dir = tempDir();
    const { t, logs } = transport("readwrite", dir);
    const before = server.seen.length;
    const pasted = postRequest({ response: "array", ndjson: true, body: { county: TOKEN, note: `key=${TOKEN}` } });
    const { meta } = await t.fetchRecords(pasted);
    expect(meta.params).toEqual({ county: "***", note: "key=***" });
    expect(server.seen[before]!.json).toEqual({ county: TOKEN, note: `key=${TOKEN}` });
    const get: TransportRequest = { ...pasted, httpMethod: "GET", path: "/v4/rigs", body: undefined, query: { county: TOKEN } };
    const got = await t.fetchRecords(get);
    expect(got.meta.url).toBe(`${server.url}/v4/rigs?county=***`);
    expect(got.meta.params).toEqual({ county: "***" });
    expectNoToken(meta);
    expectNoToken(got.meta, logs.lines);
    expect(logs.lines.some((l) => l.includes("county=***"))).toBe(true);
    for (const file of readdirSync(dir)) expect(readFileSync(join(dir, file), "utf8"), file).not.toContain(TOKEN);
    // The masked files still replay: the key is made from the request as sent.
    const replayed = await transport("replay", dir).t.fetchRecords(pasted);
    expect(replayed.meta.fromCache).toBe(true);
  });
});

describe("a token pasted into a parameter of a client call", () => {
  it("is masked in the result's meta.params and in the cache's files (sandbox)", async () => {
    const sandbox = await startSandbox({ seed: 3, asOf: "2026-11-01" });
    try {
      const dir = tempDir();
      const client = NatGasClient.forSandbox(sandbox, { token: TOKEN, progress: false, logger: {}, cache: { mode: "readwrite", dir } });
      // operator: a filter the client has no list of names for, so the pasted token reaches the request.
      const result = await client.v3.rigs({ operator: `${TOKEN}`, start_date: "2026-01-01", end_date: "2026-01-31" });
      expect(result.meta.params.operator).toEqual(["***"]);
      expectNoToken(result.meta);
      for (const file of readdirSync(dir)) expect(readFileSync(join(dir, file), "utf8"), file).not.toContain(TOKEN);
    } finally {
      await sandbox.close();
    }
  });
});

describe("an entry that answers another request", () => {
  // Rows per region, so that an answer for the wrong query shows.
  const ROWS_OF: Record<string, number> = { Permian: 3, Haynesville: 7 };
  let regional: TestServer;
  beforeAll(async () => {
    regional = await startServer((seen, res) => {
      const region = (seen.json as { region: string }).region;
      const lines = Array.from({ length: ROWS_OF[region] ?? 0 }, (_, i) => JSON.stringify({ region, i }));
      res.writeHead(200, { "content-type": "application/x-ndjson" });
      res.end(lines.join("\n") + "\n");
    });
  });
  afterAll(() => regional.close());

  const ask = (region: string): TransportRequest => postRequest({ response: "array", ndjson: true, body: { region } });
  function regionalTransport(mode: "readwrite" | "replay", dir: string) {
    const logs = captureLogs();
    const t = new Transport({ baseUrl: regional.url, token: TOKEN, progress: false, logger: logs.logger, cache: { mode, dir }, maxRetries: 0 }, natgas);
    return { t, logs };
  }

  /** Records Permian and Haynesville, then exchanges their files (both .json and .body), as the audit did. */
  async function exchanged(): Promise<{ dir: string; permianMeta: string }> {
    const dir = tempDir();
    const keys: Record<string, string> = {};
    for (const region of ["Permian", "Haynesville"]) {
      const before = new Set(readdirSync(dir));
      await regionalTransport("readwrite", dir).t.fetchRecords(ask(region));
      keys[region] = readdirSync(dir).find((f) => !before.has(f) && f.endsWith(".json"))!.replace(/\.json$/, "");
    }
    for (const ext of [".json", ".body"]) {
      const a = join(dir, keys.Permian + ext);
      const b = join(dir, keys.Haynesville + ext);
      const text = readFileSync(a);
      writeFileSync(a, readFileSync(b));
      writeFileSync(b, text);
    }
    return { dir, permianMeta: join(dir, `${keys.Permian}.json`) };
  }

  it("is refused in replay with CacheCorruptError (reason mismatch) naming both requests, and nothing is sent", async () => {
    const { dir, permianMeta } = await exchanged();
    const before = regional.seen.length;
    const err = await rejectionOf(regionalTransport("replay", dir).t.fetchRecords(ask("Permian")));
    expect(err).toBeInstanceOf(CacheCorruptError);
    expect((err as CacheCorruptError).reason).toBe("mismatch");
    expect((err as CacheCorruptError).file).toBe(permianMeta);
    expect(String(err)).toContain('answers POST /v3/rigs with body {"region":"Haynesville"}, not the request asked, POST /v3/rigs with body {"region":"Permian"}');
    expect(regional.seen.length).toBe(before);
    expectNoToken(err);
    // Streaming hands out no row of the wrong answer either.
    const rows: unknown[] = [];
    const streamed = await rejectionOf(
      (async () => {
        for await (const batch of regionalTransport("replay", dir).t.streamRecords(ask("Haynesville"), { batchSize: 1 })) rows.push(...batch);
      })(),
    );
    expect((streamed as CacheCorruptError).reason).toBe("mismatch");
    expect(rows).toEqual([]);
  });

  it("is fetched again in readwrite (with a warning), and rewritten so that replay then answers it right", async () => {
    const { dir } = await exchanged();
    const before = regional.seen.length;
    const { t, logs } = regionalTransport("readwrite", dir);
    const { records, meta } = await t.fetchRecords<{ region: string }>(ask("Permian"));
    expect(records).toHaveLength(ROWS_OF.Permian!);
    expect(new Set(records.map((r) => r.region))).toEqual(new Set(["Permian"]));
    expect(meta.fromCache).toBe(false);
    expect(regional.seen.length).toBe(before + 1);
    expect(logs.lines.some((l) => /cache: .*answers POST \/v3\/rigs .*Haynesville.*fetching it again/.test(l))).toBe(true);
    for (const region of ["Permian", "Haynesville"]) {
      if (region === "Haynesville") await t.fetchRecords(ask(region));
      const again = await regionalTransport("replay", dir).t.fetchRecords<{ region: string }>(ask(region));
      expect(again.meta.fromCache).toBe(true);
      expect(again.records.map((r) => r.region)).toEqual(Array(ROWS_OF[region]).fill(region));
    }
  });

  it("an entry of the previous format (no request recorded) is refused in replay, saying how to re-record, and re-recorded in readwrite", async () => {
    const dir = tempDir();
    await regionalTransport("readwrite", dir).t.fetchRecords(ask("Permian"));
    const metaFile = join(dir, readdirSync(dir).find((f) => f.endsWith(".json"))!);
    const entry = JSON.parse(readFileSync(metaFile, "utf8")) as Record<string, unknown>;
    delete entry.request;
    entry.format = 2;
    writeFileSync(metaFile, JSON.stringify(entry));
    const err = await rejectionOf(regionalTransport("replay", dir).t.fetchRecords(ask("Permian")));
    expect(err).toBeInstanceOf(CacheCorruptError);
    expect((err as CacheCorruptError).reason).toBe("unverifiable");
    expect(String(err)).toMatch(/without the request it answers .*re-record it: run once with cache mode "readwrite"/);
    const before = regional.seen.length;
    const { records, meta } = await regionalTransport("readwrite", dir).t.fetchRecords(ask("Permian"));
    expect(records).toHaveLength(ROWS_OF.Permian!);
    expect(meta.fromCache).toBe(false);
    expect(regional.seen.length).toBe(before + 1);
    expect(JSON.parse(readFileSync(metaFile, "utf8"))).toMatchObject({ format: CACHE_FORMAT, request: { method: "POST", target: "/v3/rigs" } });
    expect((await regionalTransport("replay", dir).t.fetchRecords(ask("Permian"))).meta.fromCache).toBe(true);
  });

  it("records the request relative to the base URL (no host or port), digested as sent, never with the token", async () => {
    const dir = tempDir();
    await regionalTransport("readwrite", dir).t.fetchRecords(ask("Permian"));
    const entry = JSON.parse(readFileSync(join(dir, readdirSync(dir).find((f) => f.endsWith(".json"))!), "utf8")) as {
      request: { method: string; target: string; sha256: string };
    };
    expect(entry.request.target).toBe("/v3/rigs");
    expect(entry.request.sha256).toBe(requestDigest({ method: "POST", target: "/v3/rigs", body: { region: "Permian" } }));
    // The same request to a server on another port (or behind a path prefix) has the same identity.
    expect(targetOf(`${regional.url}/v3/rigs`, regional.url)).toBe(targetOf("http://127.0.0.1:1/v3/rigs", "http://127.0.0.1:1/"));
    expect(targetOf("https://h/api/v4/rigs?county=X", "https://h/api")).toBe("/v4/rigs?county=X");
    for (const file of readdirSync(dir)) expect(readFileSync(join(dir, file), "utf8")).not.toContain(TOKEN);
  });
});
