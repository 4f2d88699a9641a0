/**
 * queryDatalinks keeps every column and value, end to end through the sandbox (as JSON and NDJSON):
 * duplicate names renamed as DuckDB renames them, integers beyond 2^53 as bigint (the whole column),
 * decimals beyond a double as exact text, NaN and ±Infinity as numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NatGasClient } from "../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";

let sandbox: SandboxHandle;
let client: NatGasClient;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, asOf: "2024-06-15" });
  client = NatGasClient.forSandbox(sandbox, { progress: false, warn: () => {} });
});

afterAll(() => sandbox.close());

for (const ndjson of [false, true]) {
  describe(`queryDatalinks values${ndjson ? " (NDJSON)" : ""}`, () => {
    const query = (sql: string) => client.v4.queryDatalinks(sql, { ndjson });

    it("keeps a row whose only column is named error (a row, not the service's error)", async () => {
      const r = await query("SELECT 'x' AS error UNION ALL SELECT 'y' ORDER BY 1");
      expect(r.rows()).toEqual([{ error: "x" }, { error: "y" }]);
      const one = await query("SELECT 'boom' AS error, 'no' AS message");
      expect(one.rows()).toEqual([{ error: "boom", message: "no" }]);
    });

    it("keeps both columns of one name, renamed as DuckDB does", async () => {
      const r = await query("SELECT r1.operator, r2.operator, 1 AS operator_1 FROM (SELECT 'EOG' AS operator) r1, (SELECT 'Oxy' AS operator) r2");
      expect(r.names).toEqual(["operator", "operator_1", "operator_1_1"]);
      expect(r.rows()[0]).toEqual({ operator: "EOG", operator_1: "Oxy", operator_1_1: 1 });
    });

    it("keeps a column mixing safe and unsafe BIGINTs an int column of bigint values", async () => {
      const r = await query("SELECT b FROM (VALUES (9007199254740993::BIGINT), (1::BIGINT), (NULL)) t(b)");
      expect(r.schema?.fields).toEqual([{ name: "b", type: "int" }]);
      expect(r.rows().map((x) => x.b)).toEqual([9007199254740993n, 1n, null]);
    });

    it("keeps decimals beyond a double as exact text, and numbers as numbers", async () => {
      const r = await query("SELECT d FROM (VALUES (12345678901234567890.12::DECIMAL(38, 2)), (12.5::DECIMAL(38, 2))) t(d)");
      expect(r.schema?.fields).toEqual([{ name: "d", type: "string" }]);
      expect(r.rows().map((x) => x.d)).toEqual(["12345678901234567890.12", "12.5"]);
      const small = await query("SELECT 12.5::DECIMAL(38, 2) AS d");
      expect(small.rows()[0]).toEqual({ d: 12.5 });
    });

    it("keeps NaN and ±Infinity numbers", async () => {
      const r = await query("SELECT x FROM (VALUES ('NaN'::DOUBLE), ('Infinity'::DOUBLE), ('-Infinity'::DOUBLE), (1.5), (NULL)) t(x)");
      expect(r.schema?.fields).toEqual([{ name: "x", type: "float" }]);
      expect(r.rows().map((x) => x.x)).toEqual([NaN, Infinity, -Infinity, 1.5, null]);
    });
  });
}
