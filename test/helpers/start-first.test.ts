import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(__dirname, "..", "..");

describe("the files vitest.config.ts starts first", () => {
  it("all exist: a renamed file would silently lose its early start", () => {
    const config = readFileSync(join(root, "vitest.config.ts"), "utf8");
    const list = /START_FIRST = \[([\s\S]*?)\]/.exec(config)?.[1] ?? "";
    const files = [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThan(5);
    expect(files.filter((f) => !existsSync(join(root, f)))).toEqual([]);
    expect(new Set(files).size).toBe(files.length);
  });

  it("orders every project by a name the config gives: a renamed project would mix the queue again", () => {
    const config = readFileSync(join(root, "vitest.config.ts"), "utf8");
    const order = [.../PROJECT_ORDER = \[([^\]]*)\]/.exec(config)![1]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
    const names = [...config.matchAll(/\bname: "([^"]+)"/g)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(1);
    expect([...order].sort()).toEqual([...names].sort());
  });
});
