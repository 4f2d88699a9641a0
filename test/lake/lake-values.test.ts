/**
 * lake.query keeps every column and every value: duplicate names renamed as DuckDB renames them,
 * BIGINT beyond 2^53 and HUGEINT as bigint, DECIMAL(38, x) beyond a double as exact text, NaN and
 * ±Infinity as numbers apart from null.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLake, type Lake } from "../../src/lake";
import { commitHandLake } from "./hand-lake";

let root: string;
let lake: Lake;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "gasframes-lake-values-"));
  const month = join(root, "natgas", "v4", "rigs", "month=2025-01");
  mkdirSync(month, { recursive: true });
  // A one-row Parquet file written by DuckDB itself: the lake needs one dataset to open.
  const { DuckDBInstance } = createRequire(join(__dirname, "..", "..", "package.json"))("@duckdb/node-api") as typeof import("@duckdb/node-api");
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  await connection.run(`COPY (SELECT 'Reeves' AS county, 1 AS count) TO '${join(month, "part-00000.parquet").replace(/'/g, "''")}' (FORMAT parquet)`);
  connection.closeSync();
  instance.closeSync();
  commitHandLake(join(root, "natgas", "v4", "rigs"));
  lake = await openLake(root);
});

afterAll(() => {
  lake?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("lake.query keeps every column and value", () => {
  it("keeps both columns of one name, renamed as DuckDB does", async () => {
    const r = await lake.query("SELECT r1.county, r2.county, r1.county AS COUNTY, 1 AS county_1 FROM natgas_v4_rigs r1, natgas_v4_rigs r2");
    expect(r.names).toEqual(["county", "county_1", "COUNTY_2", "county_1_1"]);
    expect(r.rows()[0]).toEqual({ county: "Reeves", county_1: "Reeves", COUNTY_2: "Reeves", county_1_1: 1 });
  });

  it("keeps integers beyond 2^53 exact, as bigint", async () => {
    const r = await lake.query("SELECT b FROM (VALUES (9007199254740993::BIGINT), (1::BIGINT), (NULL)) t(b)");
    expect(r.schema?.fields).toEqual([{ name: "b", type: "int" }]);
    expect(r.rows().map((x) => x.b)).toEqual([9007199254740993n, 1n, null]);
    const h = await lake.query("SELECT 170141183460469231731687303715884105727::HUGEINT AS h, 42::BIGINT AS small");
    expect(h.rows()[0]).toEqual({ h: 170141183460469231731687303715884105727n, small: 42 });
  });

  it("keeps DECIMAL(38, x) beyond a double as exact text, and smaller decimals as numbers", async () => {
    const r = await lake.query("SELECT 12345678901234567890.12::DECIMAL(38, 2) AS big, 12.5::DECIMAL(38, 2) AS fits");
    expect(r.schema?.fields).toEqual([{ name: "big", type: "string" }, { name: "fits", type: "float" }]);
    expect(r.rows()[0]).toEqual({ big: "12345678901234567890.12", fits: 12.5 });
  });

  it("keeps NaN and ±Infinity as numbers, apart from null", async () => {
    const r = await lake.query("SELECT x FROM (VALUES ('NaN'::DOUBLE), ('Infinity'::DOUBLE), ('-Infinity'::DOUBLE), (NULL), (1.5)) t(x)");
    expect(r.schema?.fields).toEqual([{ name: "x", type: "float" }]);
    expect(r.rows().map((x) => x.x)).toEqual([NaN, Infinity, -Infinity, null, 1.5]);
  });
});
