import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";

// The table module is the ground floor: it stands on errors/, util/ and Node's own modules only. Its
// views (danfo in frame/, Arrow, Parquet and the notebook display in io/) stand on it and give Table
// its view methods when they load.
const root = path.resolve(__dirname, "../../src");
const tableDir = path.join(root, "table");
const importRe = /(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']|require\(\s*["']([^"']+)["']\s*\)|import\(\s*["']([^"']+)["']\s*\)/g;

function importsOf(file: string): { spec: string; typeOnly: boolean; viaRequire: boolean }[] {
  const text = readFileSync(file, "utf8");
  const out: { spec: string; typeOnly: boolean; viaRequire: boolean }[] = [];
  for (const m of text.matchAll(importRe)) {
    const spec = m[2] ?? m[3] ?? m[4]!;
    out.push({ spec, typeOnly: m[1] !== undefined, viaRequire: m[3] !== undefined || m[4] !== undefined });
  }
  return out;
}

describe("src/table imports nothing above it", () => {
  const files = readdirSync(tableDir).filter((f) => f.endsWith(".ts"));

  it("has files to check", () => {
    expect(files).toContain("table.ts");
    expect(files).toContain("result.ts");
  });

  it("imports only table/, errors/, util/ and node: modules, not even a type of a view's engine", () => {
    const bad: string[] = [];
    for (const f of files) {
      for (const { spec } of importsOf(path.join(tableDir, f))) {
        if (spec.startsWith(".")) {
          const target = path.relative(root, path.resolve(tableDir, spec)).split(path.sep)[0];
          if (!["table", "errors", "util"].includes(target!)) bad.push(`${f} -> ${spec}`);
        } else if (!spec.startsWith("node:")) bad.push(`${f} -> ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("loads without loading danfojs-node", async () => {
    const before = Object.keys(require.cache).filter((k) => k.includes(`${path.sep}danfojs-node${path.sep}`)).length;
    const { Table } = await import("../../src/table");
    const t = Table.fromRecords([{ a: 1 }]);
    expect(t.sortBy("a").rows()).toEqual([{ a: 1 }]);
    // vitest shares the module registry between files of a worker, so only count what this file adds.
    expect(Object.keys(require.cache).filter((k) => k.includes(`${path.sep}danfojs-node${path.sep}`)).length).toBe(before);
  });

  it("names the view to load when a view's method is called before the view is loaded", async () => {
    vi.resetModules();
    const { Table } = await import("../../src/table/table");
    const { GasframesError } = await import("../../src/errors");
    const t = Table.fromRecords([{ a: 1 }]) as unknown as Record<"toFrame" | "toArrow", () => unknown>;
    expect(() => t.toFrame()).toThrow(GasframesError);
    expect(() => t.toFrame()).toThrow(/frame view, which is not loaded: import from "gasframes"/);
    expect(() => t.toArrow()).toThrow(/io view/);
    await import("../../src/frame/table-to-frame");
    expect((t.toFrame() as { shape: number[] }).shape).toEqual([1, 1]);
  });
});
