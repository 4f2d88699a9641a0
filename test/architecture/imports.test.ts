/**
 * The floor plan of src/, checked from the source text: every relative import (static `import`/`export
 * ... from`, `import()` and `require()`) is an edge. Folders form layers, so no file and no folder may
 * stand in a cycle, and the lower floors must not reach up.
 */
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(__dirname, "../../src");
const SPECIFIER = /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)|require\(\s*["'](\.[^"']+)["']\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** The source file an import names; undefined for a data file (a `.json`), which imports nothing. */
function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const candidate of [`${base}.ts`, join(base, "index.ts")]) if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  if (!base.endsWith(".ts") && existsSync(base) && statSync(base).isFile()) return undefined;
  throw new Error(`${relative(SRC, from)} imports ${spec}, which is no file of src/`);
}

/** Comments are stripped first so that an example in a comment is not an edge. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return [...text.matchAll(SPECIFIER)].flatMap((m) => resolveImport(file, (m[1] ?? m[2] ?? m[3])!) ?? []);
}

const files = sourceFiles(SRC);
const edges = new Map(files.map((f) => [relative(SRC, f), importsOf(f).map((d) => relative(SRC, d))]));
const folderOf = (f: string): string => dirname(f);

/** The strongly connected components of more than one node (Tarjan). */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

function folderGraph(): Map<string, string[]> {
  const graph = new Map<string, Set<string>>();
  for (const [file, deps] of edges) {
    const from = folderOf(file);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const dep of deps) if (folderOf(dep) !== from) graph.get(from)!.add(folderOf(dep));
  }
  return new Map([...graph].map(([k, v]) => [k, [...v]]));
}

/** Every import of a file under `folder` that leaves for a folder not in `allowed` (top-level names under src/). */
function reachingOut(folder: string, allowed: readonly string[]): string[] {
  const out: string[] = [];
  for (const [file, deps] of edges) {
    if (!file.startsWith(`${folder}/`)) continue;
    for (const dep of deps) {
      const top = dep.includes("/") ? dep.slice(0, dep.indexOf("/")) : ".";
      if (top !== folder && !allowed.includes(top)) out.push(`${file} -> ${dep}`);
    }
  }
  return out;
}

describe("the floor plan of src/", () => {
  it("reads the imports it checks (a guard against a pattern that matches nothing)", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(edges.get("index.ts")!.length).toBeGreaterThan(5);
    expect(cycles(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", ["a"]]]))).toEqual([["a", "b", "c"]]);
  });

  it("has no import cycle between files", () => {
    expect(cycles(edges)).toEqual([]);
  });

  it("has no import cycle between folders", () => {
    expect(cycles(folderGraph())).toEqual([]);
  });

  it("table imports nothing but errors and util (the ground floor)", () => {
    expect(reachingOut("table", ["errors", "util"])).toEqual([]);
  });

  it("keeps the transport free of services, schemas, results and the sandbox", () => {
    expect(reachingOut("http", ["errors", "util", "table"])).toEqual([]);
  });

  it("http imports nothing from table (the transport knows bytes and requests; decoding is above it)", () => {
    expect(reachingOut("http", ["errors", "util"])).toEqual([]);
  });

  it("plot imports nothing from analysis (a chart draws what analysis computed)", () => {
    expect(reachingOut("plot", ["errors", "util", "table", "frame", "display"]).filter((e) => / -> analysis\//.test(e))).toEqual([]);
    // The rule reads plot's edges: it would see one (a guard against a rule that checks nothing).
    expect([...edges].some(([file, deps]) => file.startsWith("plot/") && deps.some((d) => d.startsWith("table/")))).toBe(true);
  });

  it("http imports nothing from table or decode", () => {
    expect(reachingOut("http", ["errors", "util"])).toEqual([]);
  });

  it("keeps the sandbox free of the clients and the transport", () => {
    expect(reachingOut("sandbox", ["errors", "util", "places"])).toEqual([]);
  });

  it("keeps the place names (the one list the client checks and the sandbox share) a leaf", () => {
    expect(reachingOut("places", [])).toEqual([]);
  });
});
