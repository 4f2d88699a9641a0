/**
 * A first page whose pagination is absurd (a faulty proxy) is a typed error before any page is
 * planned or fetched, never a dead process.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaginationError, ResponseParseError } from "../../src/errors";
import { makeTransport, postRequest } from "./helpers/make-transport";
import { expectNoToken, rejectionOf, TOKEN } from "./helpers/secrets";
import { sendJson, startServer, type SeenRequest, type TestServer } from "./helpers/test-server";
import { budget } from "../helpers/budget";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const paged = postRequest({ response: "envelope-paged" });

function startOf(req: SeenRequest): number {
  return ((req.json as { pagination?: { start?: number } }).pagination?.start ?? 0) as number;
}

/** A server whose first page claims `pagination` (with `rows` records); later pages fail with 500. */
function claim(pagination: Record<string, unknown>, rows = 10): void {
  server.handle((req, res) => {
    if (startOf(req) !== 0) {
      sendJson(res, 500, { error: "only the first page exists" });
      return;
    }
    const data = Array.from({ length: rows }, (_, i) => ({ i }));
    sendJson(res, 200, { data, pagination });
  });
}

describe("absurd pagination from the service", () => {
  const cases: { name: string; pagination: Record<string, unknown>; rows?: number; message: RegExp; error?: typeof PaginationError | typeof ResponseParseError }[] = [
    { name: "more rows than one call may hold", pagination: { start: 0, page_size: 10_000, total_count: 20_000_000 }, rows: 10_000, message: /total_count 20000000.*10,000,000 rows/ },
    { name: "more pages than one call may fetch", pagination: { start: 0, page_size: 1, total_count: 1_000_000 }, rows: 1, message: /1000000 rows in pages of 1.*100,000 pages/ },
    { name: "a total beyond exact integers", pagination: { start: 0, page_size: 10, total_count: 2 ** 60 }, message: /pagination\.total_count .* not a whole number/ },
    { name: "a page size of 0 for a non-empty table", pagination: { start: 0, page_size: 0, total_count: 50 }, rows: 0, message: /page_size 0 for 50 rows/ },
    { name: "a negative total", pagination: { start: 0, page_size: 10, total_count: -1 }, message: /pagination\.total_count/, error: ResponseParseError },
    { name: "a fractional page size", pagination: { start: 0, page_size: 2.5, total_count: 10 }, message: /pagination\.page_size/, error: ResponseParseError },
    { name: "a total given as text", pagination: { start: 0, page_size: 10, total_count: "1e12" }, message: /pagination\.total_count/, error: ResponseParseError },
  ];
  for (const c of cases) {
    it(`${c.name}: a typed error after the first request`, async () => {
      claim(c.pagination, c.rows);
      const { transport, logs } = makeTransport(server.url);
      const err = await rejectionOf(transport.fetchRecords(paged));
      expect(err).toBeInstanceOf(c.error ?? PaginationError);
      expect((err as Error).message).toMatch(c.message);
      expect(server.seen).toHaveLength(1);
      expectNoToken(err, logs.lines);
    });
  }

  it("a first page echoing another start is fetched once more, then a PaginationError", async () => {
    claim({ start: 30, page_size: 10, total_count: 100 });
    const { transport } = makeTransport(server.url);
    const err = await rejectionOf(transport.fetchColumns(paged));
    expect(err).toBeInstanceOf(PaginationError);
    expect((err as Error).message).toMatch(/start=0 echoes start 30/);
    expect(server.seen).toHaveLength(2);
  });

  it("total_count 1e12 with page_size 10: the process lives and gets a PaginationError", async () => {
    claim({ start: 0, page_size: 10, total_count: 1e12 });
    // A child process with a small heap: planning every offset up front would kill it (a V8 fatal
    // error, exit code 134 or a signal), which no try/catch in a notebook can stop.
    const dist = pathToFileURL(join(__dirname, "../../dist/decode/index.js")).href;
    const script = `
      const { Transport } = await import(${JSON.stringify(dist)});
      const t = new Transport({ baseUrl: process.env.URL, token: process.env.TOK, progress: false }, { service: "natgas", baseUrlEnv: "UNSET_URL" });
      const req = { endpoint: "rigs", httpMethod: "POST", path: "/v3/rigs", body: {}, response: "envelope-paged" };
      for (const call of [() => t.fetchRecords(req), () => t.fetchColumns(req)]) {
        try { await call(); console.log(JSON.stringify({ outcome: "resolved" })); }
        catch (e) { console.log(JSON.stringify({ outcome: "rejected", name: e.name, code: e.code, message: e.message })); }
      }
      process.exit(0);`;
    const child = spawn(process.execPath, ["--max-old-space-size=96", "--input-type=module", "-e", script], {
      env: { ...process.env, URL: server.url, TOK: TOKEN },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let errOut = "";
    child.stdout.on("data", (b: Buffer) => (out += b.toString()));
    child.stderr.on("data", (b: Buffer) => (errOut += b.toString()));
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on("close", (c, s) => resolve([c, s])));
    expect({ code, signal, stderr: errOut.slice(0, 500) }).toEqual({ code: 0, signal: null, stderr: "" });
    const lines = out.trim().split("\n").map((l) => JSON.parse(l) as { outcome: string; name: string; code: string; message: string });
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toMatchObject({ outcome: "rejected", name: "PaginationError", code: "PAGINATION" });
      expect(line.message).toContain("total_count 1000000000000");
      expect(line.message).not.toContain(TOKEN);
    }
    expect(server.seen).toHaveLength(2);
  }, budget(120_000));
});
