/**
 * The published examples of the endpoints the audit added or changed (test/fixtures/published/natgas):
 * each fixture names a catalog endpoint; its request passes the client's checks, and its response
 * records carry only the catalog's fields, each of its type.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { EndpointSpec } from "../../src/catalog/types";
import { NATGAS_V3, NATGAS_V4 } from "../../src/natgas";
import { validateParams } from "../../src/validate/validate-params";

const dir = join(__dirname, "../fixtures/published/natgas");
const specs = [...Object.values(NATGAS_V3), ...Object.values(NATGAS_V4)] as EndpointSpec[];
const AUDITED = [
  "v3-productionbywell.json",
  "v3-shorttermforecastdeclines.json",
  "v3-shorttermforecasthistory.json",
  "v4-beta-dark_oil-volumes.json",
  "v4-dailyproduction.json",
  "v4-drygasfactors.json",
  "v4-shorttermforecasthistory.json",
];

interface Fixture {
  page: string;
  method: "GET" | "POST";
  path: string;
  request: Record<string, unknown> | null;
  response: Record<string, unknown>[] | null;
  notes: string;
}

describe("published examples of the audited natural gas endpoints", () => {
  it("are all there, one file per path with slashes as dashes", () => {
    const files = readdirSync(dir);
    for (const name of AUDITED) expect(files, name).toContain(name);
  });

  for (const name of AUDITED) {
    it(name, () => {
      const fx = JSON.parse(readFileSync(join(dir, name), "utf8")) as Fixture;
      expect(name).toBe(`${fx.path.slice(1).replace(/\//g, "-")}.json`);
      expect(fx.page).toMatch(/^https?:\/\/(apidocs|exceldocs)\.synmax\.com\//);
      expect(fx.notes.length).toBeGreaterThan(20);
      const spec = specs.find((s) => s.path === fx.path);
      expect(spec, fx.path).toBeDefined();
      expect(spec!.httpMethod).toBe(fx.method);
      if (fx.request !== null) expect(() => validateParams(spec!, fx.request, { clock: () => Date.parse("2026-01-01") })).not.toThrow();
      for (const record of fx.response ?? []) {
        for (const [field, value] of Object.entries(record)) {
          const f = spec!.record.fields.find((x) => x.name === field);
          expect(f, `${fx.path}: ${field}`).toBeDefined();
          if (value === null) continue;
          if (f!.type === "int") expect(Number.isInteger(value), field).toBe(true);
          else if (f!.type === "float") expect(typeof value, field).toBe("number");
          else if (f!.type === "date") expect(value, field).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          else if (f!.type === "string") expect(typeof value, field).toBe("string");
        }
      }
    });
  }
});
