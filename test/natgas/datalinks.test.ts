/**
 * queryDatalinks against the sandbox: SQL answers agree with the v4 endpoints on the same data, the
 * columns are typed from the answer, the sandbox's DuckDB is locked down (no files, no settings, one
 * SELECT), `require("gasframes")` does not load DuckDB, and a sandbox without DuckDB answers 501
 * naming the install command.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NatGasClient } from "../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { rawPost } from "../helpers/raw-post";
import { runNode } from "../helpers/run-script";

const root = join(__dirname, "..", "..");
let sandbox: SandboxHandle;
let client: NatGasClient;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, asOf: "2024-06-15" });
  client = NatGasClient.forSandbox(sandbox, { progress: false, warn: () => {} });
});

afterAll(() => sandbox.close());

/** A record as comparable text; coordinates as numbers (v4 records carry them as the service's text, SQL as DOUBLE). */
const key = (r: Record<string, unknown>, names: readonly string[]) => JSON.stringify(names.map((n) => (n === "lat" || n === "long" ? Number(r[n]) : r[n])));

describe("data links in the sandbox", () => {
  it("hdl.fraccrews rows are v4.fracCrews rows (without the API's count), typed from the answer", async () => {
    const filters = { county: "Reeves", date_frac_min: "2024-01-01", date_frac_max: "2024-03-31" };
    const v4 = await client.v4.fracCrews(filters);
    const sql = await client.v4.queryDatalinks(
      "SELECT * FROM hdl.fraccrews WHERE county = 'Reeves' AND date_frac BETWEEN '2024-01-01' AND '2024-03-31'",
    );
    expect(v4.length).toBeGreaterThan(0);
    expect(sql.length).toBe(v4.length);
    const names = sql.schema!.fields.map((f) => f.name);
    expect(names).not.toContain("count");
    expect(new Set(names)).toEqual(new Set(v4.names.filter((n) => n !== "count")));
    const types = Object.fromEntries(sql.schema!.fields.map((f) => [f.name, f.type]));
    expect(types).toMatchObject({ date_frac: "date", lat: "float", long: "float", wellpad_id: "int", county: "string", service_company: "string" });
    expect(sql.records.map((r) => key(r, names)).sort()).toEqual(v4.records.map((r) => key(r, names)).sort());
  });

  it("a GROUP BY agrees with v4.fracCrews aggregated by date_frac", async () => {
    const v4 = await client.v4.fracCrews({ sub_region_natgas: "West - TX", date_frac_min: "2024-02-01", date_frac_max: "2024-02-29", aggregate_by: "date_frac" });
    const sql = await client.v4.queryDatalinks(
      `WITH d AS (SELECT date_frac, COUNT(*) AS active_crews FROM hdl.fraccrews
                   WHERE sub_region_natgas = 'West - TX' AND date_frac >= DATE '2024-02-01' AND date_frac <= DATE '2024-02-29'
                   GROUP BY date_frac)
       SELECT * FROM d ORDER BY date_frac`,
    );
    expect(sql.schema!.fields).toEqual([
      { name: "date_frac", type: "date" },
      { name: "active_crews", type: "int" },
    ]);
    expect(sql.length).toBe(29);
    const byDate = new Map(v4.records.map((r) => [r.date_frac, r.count]));
    for (const r of sql.records) expect(r.active_crews, String(r.date_frac)).toBe(byDate.get(r.date_frac as string));
  });

  it("ldl.transaction_history_raw answers timestamps and volumes, streamed as NDJSON on request", async () => {
    const sql = "SELECT terminal, COUNT(*) AS loadings, SUM(volume) AS bcf, MAX(timestamp) AS last FROM ldl.transaction_history_raw WHERE transaction_type = 'loading' GROUP BY terminal ORDER BY bcf DESC LIMIT 5";
    const whole = await client.v4.queryDatalinks(sql);
    const ndjson = await client.v4.queryDatalinks(sql, { ndjson: true });
    expect(whole.length).toBe(5);
    expect(Object.fromEntries(whole.schema!.fields.map((f) => [f.name, f.type]))).toEqual({ terminal: "string", loadings: "int", bcf: "float", last: "timestamp" });
    expect(ndjson.records).toEqual(whole.records);
    for (const r of whole.records) expect(String(r.last) < "2024-06-15").toBe(true);
  });

  it("the sandbox itself refuses what the client would (sent raw, past the client's check)", async () => {
    const url = `${sandbox.natgasUrl}/v4/beta/query_datalinks`;
    const refusal = (query: unknown) => rawPost(url, { query }).then(() => "answered", (e: Error) => e.message);
    expect(await refusal("SELECT 1; SELECT 2")).toMatch(/ 400 .*one SELECT statement/);
    expect(await refusal("SELECT * FROM read_csv('/etc/passwd')")).toMatch(/ 400 .*read_csv\(\) is not available/);
    // A file named as a table is not even looked up: the check refuses any table but hdl.*, ldl.* and the query's CTEs.
    expect(await refusal("SELECT * FROM '/etc/passwd'")).toMatch(/ 400 .*no table/);
    expect(await refusal("SET enable_external_access = true")).toMatch(/ 400 /);
    expect(await refusal("CREATE TABLE hdl.x AS SELECT 1")).toMatch(/ 400 .*SELECT statements only/);
    expect(await refusal(7)).toMatch(/ 400 .*non-empty string/);
    expect(await refusal("SELECT * FROM hdl.no_such_table")).toMatch(/ 400 .*no_such_table/);
    expect(await rawPost(url, { query: "SELECT 1", sql: "x" }).then(() => "answered", (e: Error) => e.message)).toMatch(/ 400 .*unknown parameter \\?"sql/);
    // Still answering after the refusals; the session_id of the vendor's PowerShell example is accepted.
    expect(await rawPost<unknown[]>(url, { query: "SELECT 2 AS two", session_id: "123" })).toEqual([{ two: 2 }]);
    expect(await rawPost<unknown[]>(url, { query: "SELECT COUNT(*) AS n FROM hdl.completions" })).toEqual([{ n: expect.any(Number) }]);
  });
});

describe("DuckDB stays optional", () => {
  const temps: string[] = [];
  afterAll(() => {
    for (const d of temps) rmSync(d, { recursive: true, force: true });
  });

  it('require("gasframes") does not load DuckDB', async () => {
    const script = `const g = require(${JSON.stringify(root)}); const loaded = Object.keys(require.cache).filter((k) => k.includes("@duckdb")); console.log(JSON.stringify({ client: typeof g.NatGasClient, sandbox: typeof g.startSandbox, loaded }));`;
    const run = await runNode(["-e", script], { cwd: root });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout.trim())).toEqual({ client: "function", sandbox: "function", loaded: [] });
  });

  it("a sandbox without DuckDB answers 501 naming the install command, and its other endpoints still work", async () => {
    // The built sandbox stands on Node built-ins alone: copied where no node_modules can be found, it has no DuckDB.
    const dir = mkdtempSync(join(tmpdir(), "gasframes-noduckdb-"));
    temps.push(dir);
    // The precondition: nothing above the folder holds a node_modules with DuckDB in it.
    expect(() => createRequire(join(dir, "noop.js")).resolve("@duckdb/node-api")).toThrow();
    cpSync(join(root, "dist"), join(dir, "dist"), { recursive: true });
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "gasframes-copy", main: "dist/index.js" }));
    const script = `
      const { startSandbox } = require("./dist/sandbox/index.js");
      const post = (url, body) => fetch(url, { method: "POST", headers: { "content-type": "application/json", access_key: "k" }, body: JSON.stringify(body) })
        .then(async (r) => ({ status: r.status, body: await r.json() }));
      (async () => {
        const sb = await startSandbox({ seed: 7, asOf: "2024-06-15" });
        const links = await post(sb.natgasUrl + "/v4/beta/query_datalinks", { query: "SELECT 1" });
        const rigs = await post(sb.natgasUrl + "/v4/rigs", { county: "Reeves", date_observed_min: "2024-01-01", date_observed_max: "2024-01-02" });
        await sb.close();
        console.log(JSON.stringify({ links, rigs: rigs.status }));
      })();`;
    const run = await runNode(["-e", script], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout.trim()) as { links: { status: number; body: { error: string } }; rigs: number };
    expect(out.links.status).toBe(501);
    expect(out.links.body.error).toContain("npm install @duckdb/node-api@1.5.6-r.1");
    expect(out.rigs).toBe(200);
  });
});
