// The sandbox stands alone: it imports only Node built-ins, its own files, the typed errors (a bad
// startSandbox option is an InvalidParamsError) and the place names it shares with the client's checks
// (src/places, which imports nothing), never the clients, the transport or any other part of
// gasframes; and its folders depend on each other without a loop.
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(__dirname, "..", "..");
const sandboxDir = join(root, "src", "sandbox");
/**
 * Folders (and two files) of gasframes the sandbox may import besides its own. src/errors imports nothing;
 * src/util/duckdb.ts is the lazy DuckDB loader, standing only on src/errors; src/util/sandbox-as-of.ts is
 * one constant (the default "today" that connect() shares), importing nothing; src/util/sandbox-answer-cache.ts
 * is the answer folder's variable and its reader (connect() reads it too), importing only node:path; src/util/synthetic-data.ts
 * names the header that marks every sandbox answer synthetic, importing nothing; dedupe-column-names.ts and
 * exact-decimal.ts are how a SQL answer's names and numbers are kept whole, importing nothing; src/places is
 * the one list of live place names, importing nothing.
 */
const allowed = [
  sandboxDir,
  join(root, "src", "errors"),
  join(root, "src", "places"),
  join(root, "src", "util", "duckdb.ts"),
  join(root, "src", "util", "sandbox-as-of.ts"),
  join(root, "src", "util", "sandbox-answer-cache.ts"),
  join(root, "src", "util", "synthetic-data.ts"),
  // Two leaves importing nothing, shared with the lake so a SQL answer reads the same in both.
  join(root, "src", "util", "dedupe-column-names.ts"),
  join(root, "src", "util", "exact-decimal.ts"),
];

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

/** Every module specifier of a file: static imports and re-exports, `import()` and `require()`. */
function specifiers(source: string): string[] {
  const re = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|require\(\s*["']([^"']+)["']\s*\)/g;
  const out: string[] = [];
  for (const m of source.matchAll(re)) out.push(m[1] ?? m[2] ?? m[3]);
  return out;
}

function resolveRelative(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  for (const candidate of [`${base}.ts`, join(base, "index.ts"), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${relative(root, from)}: cannot resolve "${spec}"`);
}

const files = tsFiles(sandboxDir);
const edges = files.flatMap((file) =>
  specifiers(readFileSync(file, "utf8")).map((spec) => ({
    file,
    spec,
    target: spec.startsWith(".") ? resolveRelative(file, spec) : undefined,
  })),
);

describe("the sandbox's imports", () => {
  it("finds the sandbox's files and their imports", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(edges.some((e) => e.spec === "node:http")).toBe(true);
    // The typed errors stand on nothing of gasframes: they import only Node built-ins and each other.
    const errorImports = readdirSync(join(root, "src", "errors")).flatMap((f) => specifiers(readFileSync(join(root, "src", "errors", f), "utf8")));
    expect(errorImports.filter((spec) => !spec.startsWith("node:") && !/^\.\/[\w-]+$/.test(spec))).toEqual([]);
    const placeImports = readdirSync(join(root, "src", "places")).flatMap((f) => specifiers(readFileSync(join(root, "src", "places", f), "utf8")));
    expect(placeImports).toEqual([]);
    expect(edges.filter((e) => e.target).length).toBeGreaterThan(100);
  });

  it("are Node built-ins, files inside src/sandbox, the typed errors or the place names", () => {
    const inside = (target: string) => allowed.some((dir) => !relative(dir, target).startsWith(".."));
    const outside = edges
      .filter((e) => (e.target ? !inside(e.target) : !e.spec.startsWith("node:")))
      .map((e) => `${relative(root, e.file)} -> ${e.spec}`);
    expect(outside).toEqual([]);
  });

  it("form no loop between its folders", () => {
    const graph = new Map<string, Set<string>>();
    for (const e of edges) {
      if (!e.target) continue;
      const [from, to] = [relative(root, dirname(e.file)), relative(root, dirname(e.target))];
      if (from === to) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    }
    const loops: string[] = [];
    const state = new Map<string, "open" | "done">();
    const visit = (folder: string, path: string[]): void => {
      if (state.get(folder) === "done") return;
      if (state.get(folder) === "open") {
        loops.push([...path.slice(path.indexOf(folder)), folder].join(" -> "));
        return;
      }
      state.set(folder, "open");
      for (const next of graph.get(folder) ?? []) visit(next, [...path, folder]);
      state.set(folder, "done");
    };
    for (const folder of graph.keys()) visit(folder, []);
    expect(loops).toEqual([]);
  });
});
