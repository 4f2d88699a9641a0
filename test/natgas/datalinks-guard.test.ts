/**
 * queryDatalinks before and after the wire: SQL that is not one read-only SELECT is refused with a
 * SqlRefusedError and reaches no server (a counting server on 127.0.0.1 sees nothing); accepted SQL
 * is sent as {"query": sql}; hostile answers from a fault server are typed errors, never a crash.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GasframesError, InvalidParamsError, ResponseParseError, ServerError } from "../../src/errors";
import { NatGasClient } from "../../src/natgas/natgas-client";
import { SqlRefusedError } from "../../src/natgas/datalinks/sql-refused-error";
import { MAX_SQL_CHARS } from "../../src/natgas/datalinks/sql-guard";
import { sendJson, startServer, type TestServer } from "../http/helpers/test-server";

let server: TestServer;
let natgas: NatGasClient;

beforeAll(async () => {
  server = await startServer((_req, res) => sendJson(res, 200, []));
  natgas = new NatGasClient({ baseUrl: server.url, token: "datalinks-test-token", progress: false, maxRetries: 0, checkNames: false, warn: () => {} });
});

afterAll(async () => {
  await server.close();
});

/** Refused SQL and a word the reason must contain. */
const REFUSED: readonly [string, unknown, RegExp][] = [
  ["two statements", "SELECT 1; SELECT 2", /2 statements/],
  ["a statement after a comment-looking string", "SELECT '--'; DROP TABLE hdl.rigs", /2 statements/],
  ["DDL", "CREATE TABLE x AS SELECT 1", /begins with "CREATE"/],
  ["DML", "DELETE FROM hdl.rigs", /begins with "DELETE"/],
  ["an update", "UPDATE hdl.rigs SET county = 'x'", /begins with "UPDATE"/],
  ["PRAGMA", "PRAGMA enable_external_access", /begins with "PRAGMA"/],
  ["ATTACH", "ATTACH '/tmp/x.db' AS x", /begins with "ATTACH"/],
  ["COPY", "COPY hdl.rigs TO '/tmp/rigs.csv'", /begins with "COPY"/],
  ["INSTALL", "INSTALL httpfs", /begins with "INSTALL"/],
  ["LOAD", "LOAD httpfs", /begins with "LOAD"/],
  ["SET", "SET enable_external_access = true", /begins with "SET"/],
  ["a CTE that inserts", "WITH x AS (INSERT INTO t VALUES (1) RETURNING *) SELECT * FROM x", /statement INSERT inside parentheses/],
  ["read_csv", "SELECT * FROM read_csv('/etc/passwd')", /read_csv\(\)/],
  ["read_parquet, any case", "select * from Read_Parquet('s3://bucket/x.parquet')", /read_parquet\(\)/],
  ["glob", "SELECT * FROM glob('/home/*')", /glob\(\)/],
  ["a file as a table", "SELECT * FROM '/etc/passwd'", /as a table/],
  ["a file joined as a table", "SELECT * FROM hdl.rigs r JOIN 'x.csv' f ON true", /as a table/],
  ["a semicolon inside a block comment does not hide a second statement", "SELECT 1 /* ; */ ; SELECT 2", /2 statements/],
  ["an unterminated string", "SELECT 'abc", /never closed/],
  ["an unterminated comment", "SELECT 1 /* no end", /never closed/],
  ["an empty query", "  ;  ", /no statement/],
  ["a statement that is not a query", "DESCRIBE hdl.rigs", /begins with "DESCRIBE"/],
  ["not a string", 42, /not a string/],
  ["null", null, /null/],
  ["too long", `SELECT 1 ${" ".repeat(MAX_SQL_CHARS)}`, /characters long/],
];

/** SQL that looks dangerous only to a check that does not tokenize. */
const ACCEPTED: readonly [string, string][] = [
  ["a semicolon and DROP inside a string", "SELECT 'a; DROP TABLE hdl.rigs' AS s"],
  ["keywords inside a comment", "SELECT 1 AS one -- ; DELETE FROM hdl.rigs"],
  ["keywords inside a block comment", "SELECT /* INSERT; COPY */ county FROM hdl.rigs"],
  ["a quoted identifier named like a keyword", 'SELECT "update", "load;" FROM hdl.rigs'],
  ["an escaped quote", "SELECT 'it''s; fine' AS s"],
  ["a dollar-quoted string", "SELECT $$; DROP TABLE x$$ AS s"],
  ["a CTE", "WITH c AS (SELECT county, COUNT(*) AS n FROM hdl.fraccrews GROUP BY county) SELECT * FROM c ORDER BY n DESC"],
  ["a trailing semicolon", "SELECT date_frac, COUNT(*) AS active_crews FROM hdl.fraccrews GROUP BY date_frac;"],
  ["a string compared in WHERE", "SELECT * FROM hdl.rigs WHERE county = 'read_csv(x)'"],
  ["a parenthesised union", "(SELECT 1 AS x) UNION ALL (SELECT 2)"],
  ["the DuckDB FROM-first shorthand", "FROM hdl.rigs"],
];

describe("queryDatalinks refuses anything but one read-only SELECT before sending", () => {
  for (const [what, sql, reason] of REFUSED) {
    it(`refuses ${what}`, async () => {
      server.handle((_req, res) => sendJson(res, 200, []));
      const err = await natgas.v4.queryDatalinks(sql as string).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(SqlRefusedError);
      expect(err).toBeInstanceOf(InvalidParamsError);
      const e = err as SqlRefusedError;
      expect(e.code).toBe("SQL_REFUSED");
      expect(e.reason).toMatch(reason);
      expect(e.message).toMatch(/^natgas\.v4\.queryDatalinks: query/);
      expect(e.issues[0]!.param).toBe("query");
      expect(server.seen).toHaveLength(0);
    });
  }

  it("suggests the first statement when given several", async () => {
    const err = (await natgas.v4.queryDatalinks("SELECT county FROM hdl.rigs; DROP TABLE hdl.rigs").catch((e: unknown) => e)) as SqlRefusedError;
    expect(err.issues[0]!.suggestion).toBe("SELECT county FROM hdl.rigs");
  });

  it("refuses bad options like any method, before sending", async () => {
    server.handle((_req, res) => sendJson(res, 200, []));
    await expect(natgas.v4.queryDatalinks("SELECT 1", { signl: 1 } as never)).rejects.toBeInstanceOf(InvalidParamsError);
    expect(server.seen).toHaveLength(0);
  });

  for (const [what, sql] of ACCEPTED) {
    it(`sends ${what}`, async () => {
      server.handle((_req, res) => sendJson(res, 200, [{ x: 1 }]));
      const result = await natgas.v4.queryDatalinks(sql);
      expect(result.length).toBe(1);
      expect(server.seen).toHaveLength(1);
      expect(server.seen[0]!.method).toBe("POST");
      expect(server.seen[0]!.url).toBe("/v4/beta/query_datalinks");
      expect(server.seen[0]!.json).toEqual({ query: sql });
      expect(server.seen[0]!.headers["access-key"] ?? server.seen[0]!.headers["access_key"]).toBeDefined();
    });
  }
});

describe("queryDatalinks types the answer's columns from the answer", () => {
  it("infers int, float, bool, date, timestamp, json and string, in the answer's column order", async () => {
    const rows = [
      { d: "2024-01-01", n: 3, x: 1.5, b: true, ts: "2024-01-01T05:00:00Z", j: { a: 1 }, s: "Reeves", missing: null },
      { d: "2024-01-02", n: 4, x: 2, b: false, ts: "2024-01-02T05:00:00Z", j: [1], s: "7", missing: null },
    ];
    server.handle((_req, res) => sendJson(res, 200, rows));
    const result = await natgas.v4.queryDatalinks("SELECT * FROM anything");
    expect(result.schema?.fields.map((f) => [f.name, f.type])).toEqual([
      ["d", "date"], ["n", "int"], ["x", "float"], ["b", "bool"], ["ts", "timestamp"], ["j", "json"], ["s", "string"], ["missing", "float"],
    ]);
    expect(result.records[1]).toMatchObject({ d: "2024-01-02", n: 4, s: "7" });
    expect(result.meta.endpoint).toBe("queryDatalinks");
    expect(result.meta.apiVersion).toBe("v4");
  });

  it("answers an empty Result (no columns) for no rows", async () => {
    server.handle((_req, res) => sendJson(res, 200, []));
    const result = await natgas.v4.queryDatalinks("SELECT 1 WHERE false");
    expect(result.length).toBe(0);
    expect(result.schema?.fields).toEqual([]);
  });
});

describe("hostile answers are typed errors", () => {
  const hostile: readonly [string, (res: import("node:http").ServerResponse) => void, (new (...a: never[]) => Error)][] = [
    ["an object instead of a list", (res) => sendJson(res, 200, { data: [{ x: 1 }] }), ResponseParseError],
    ["a list of numbers", (res) => sendJson(res, 200, [1, 2, 3]), ResponseParseError],
    ["truncated JSON", (res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('[{"x": 1}, {"x":');
    }, ResponseParseError],
    ["5,000 columns", (res) => sendJson(res, 200, [Object.fromEntries(Array.from({ length: 5000 }, (_, j) => [`c${j}`, j]))]), ResponseParseError],
    ["a 100,000-character column name", (res) => sendJson(res, 200, [{ ["n".repeat(100_000)]: 1 }]), ResponseParseError],
    ["a 500 with an error", (res) => sendJson(res, 500, { error: "boom" }), ServerError],
  ];
  for (const [what, answer, type] of hostile) {
    it(`refuses ${what}`, async () => {
      server.handle((_req, res) => answer(res));
      const err = await natgas.v4.queryDatalinks("SELECT 1").catch((e: unknown) => e);
      expect(err).toBeInstanceOf(type);
      expect(err).toBeInstanceOf(GasframesError);
      expect(String((err as Error).message)).not.toContain("datalinks-test-token");
    });
  }
});
