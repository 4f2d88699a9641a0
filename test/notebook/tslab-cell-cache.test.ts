/**
 * The disk cache of tslab's compiled cells (runNotebooks' `cellCache`), through real kernels: a second run
 * uses the stored cells (shown by a stored cell altered on disk, which the kernel then runs as stored), a
 * changed cell is compiled anew while the unchanged one before it still comes from the cache, and a changed
 * declaration file of an imported package (as gasframes' own types change on a rebuild) makes the cell
 * compile again: here it no longer type-checks, which a stale entry would hide.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTslabCellCache, tslabCellCacheDir, type TsSys } from "../../src/notebook/kernel/tslab-cell-cache";
import { runNotebooks, type NotebookRun } from "../../src/notebook/run/run-notebooks";
import { CellExecutionError } from "../../src/notebook/shared/notebook-errors";
import { budget } from "../helpers/budget";
import { writeTslabNotebook } from "../helpers/tslab-notebook";

const root = mkdtempSync(join(tmpdir(), "gasframes-cell-cache-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const cache = join(root, "cache");
const lib = join(root, "node_modules", "typedlib");
mkdirSync(lib, { recursive: true });
writeFileSync(join(lib, "package.json"), JSON.stringify({ name: "typedlib", version: "1.0.0", main: "index.js", types: "index.d.ts" }));
writeFileSync(join(lib, "index.js"), "exports.answer = 42;\n");
writeFileSync(join(lib, "index.d.ts"), "export declare const answer: number;\n");

const notebook = (cells: string[], name = "cells.ipynb"): string => writeTslabNotebook(join(root, name), cells);
const TOKEN = "gf-cellcache-7Q4mZp2Lx9";
// Every run has an access token in its environment: the secret notebook's cells must not reach the disk.
const env = { ...process.env, GASFRAMES_TOKEN: TOKEN };
const FIRST = 'import { answer } from "typedlib";\nconst n: number = answer;\nconsole.log("compiled", n);';
const SECRET = ['console.log("plain", 1);', 'const pasted = "7Q4mZp2Lx9";\nconsole.log(pasted.length);', 'console.log("after", pasted.length);'];

/**
 * The first run into the empty cache, for both tests that need it (a kernel start costs more than these cells):
 * the cells notebook, then the secret one in the same kernel.
 */
let firstRun: Promise<NotebookRun[]> | undefined;
const first = () =>
  (firstRun ??= runNotebooks([notebook([FIRST, 'console.log("second", n + 1);']), notebook(SECRET, "secret.ipynb")], {
    outDir: join(root, "out-first"),
    cellCache: cache,
    concurrency: 1,
    env,
  }));

const stdout = (run: NotebookRun) =>
  run.notebook.cells.map((c) => (c.cell_type === "code" ? c.outputs.map((o) => (o.output_type === "stream" ? [o.text].flat().join("") : "")).join("") : ""));
const entries = () => readdirSync(join(cache, "cells")).map((name) => join(cache, "cells", name));

describe("tslab's compiled cells kept on disk", () => {
  it("is kept in node_modules/.cache/gasframes of the nearest folder with node_modules by default", () => {
    mkdirSync(join(root, "notebooks"), { recursive: true });
    expect(tslabCellCacheDir(join(root, "notebooks"))).toBe(join(root, "node_modules", ".cache", "gasframes", "tslab-cells"));
  });

  it("serves a second run from the cache; a changed cell or changed declarations compile anew", async () => {
    const run = (...notebooks: string[]) => runNotebooks(notebooks, { outDir: join(root, "out"), cellCache: cache, concurrency: 1, env });
    expect(stdout((await first())[0]!)).toEqual(["compiled 42\n", "second 43\n"]);
    // The two cells, and the secret notebook's plain one.
    expect(entries()).toHaveLength(3);

    // Alter the stored first cell: a run that prints "cached" ran the stored compile, not a new one. The second
    // notebook of the same run changes its second cell, which compiles anew after the cached first one.
    const stored = entries().find((f) => readFileSync(f, "utf8").includes("compiled"))!;
    writeFileSync(stored, readFileSync(stored, "utf8").replace('\\"compiled\\"', '\\"cached\\"'));
    const [again, changed] = await run(notebook([FIRST, 'console.log("second", n + 1);']), notebook([FIRST, 'console.log("changed", n + 2);'], "changed.ipynb"));
    expect(stdout(again!)).toEqual(["cached 42\n", "second 43\n"]);
    expect(stdout(changed!)).toEqual(["cached 42\n", "changed 44\n"]);
    expect(entries()).toHaveLength(4);

    writeFileSync(join(lib, "index.d.ts"), "export declare const answer: string;\n");
    const err = await run(notebook([FIRST, 'console.log("second", n + 1);'])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CellExecutionError);
    expect((err as CellExecutionError).errorText).toMatch(/not assignable to type 'number'/);
  }, budget(240_000));

  it("never writes a cell holding an access token (whole or in part) to disk", async () => {
    const run = (await first())[1]!;
    expect(stdout(run)).toEqual(["plain 1\n", "10\n", "after 10\n"]);
    const stored = readdirSync(join(cache, "cells")).map((f) => readFileSync(join(cache, "cells", f), "utf8"));
    // The plain cell is kept; the one with the token's tail is not, nor the one after it (whose compiled
    // declarations carry the literal's type), and no file holds any of it.
    expect(stored.filter((f) => f.includes("plain") || f.includes("after") || f.includes("pasted"))).toHaveLength(1);
    expect(stored.filter((f) => f.includes("plain"))).toHaveLength(1);
    for (const f of stored) expect(f).not.toContain("7Q4mZp2L");
  }, budget(240_000));

  it("guards access tokens, not the report's published sandbox token (which every gasframes cell would match)", () => {
    const saved = process.env.GASFRAMES_TOKEN;
    try {
      const stored = (token: string) => {
        process.env.GASFRAMES_TOKEN = token;
        const dir = mkdtempSync(join(root, "unit-"));
        const src = `import { connect } from "gasframes";\nconst pasted = "${token.slice(-10)}";`;
        createTslabCellCache(dir, "salt").convert("", src, () => ({ output: src, declOutput: "", diagnostics: [] }), () => true);
        return readdirSync(join(dir, "cells")).length;
      };
      expect(stored("gasframes-sandbox-token")).toBe(1);
      expect(() => stored("gf-live-Zq81Lm3xPw")).toThrow(/ENOENT/);
    } finally {
      if (saved === undefined) delete process.env.GASFRAMES_TOKEN;
      else process.env.GASFRAMES_TOKEN = saved;
    }
  });

  it("keeps facts relative to the project: a seed made in another checkout holds, unless what TypeScript would find differs", () => {
    // The disk as TypeScript's sys sees it (a new object per cache: watching wraps it in place).
    const disk = (): TsSys => ({
      readFile: (p) => (existsSync(p) ? readFileSync(p, "utf8") : undefined),
      fileExists: (p) => existsSync(p) && statSync(p).isFile(),
      directoryExists: (p) => existsSync(p) && statSync(p).isDirectory(),
      getDirectories: (p) => readdirSync(p, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name),
      readDirectory: () => [],
      realpath: (p) => realpathSync(p),
    });
    const base = mkdtempSync(join(root, "moved-"));
    const first = join(base, "a", "proj");
    const second = join(base, "x", "y", "proj"); // one folder deeper
    const types = (project: string) => join(project, "node_modules", "typedlib", "index.d.ts");
    for (const project of [first, second]) {
      mkdirSync(join(project, "node_modules", "typedlib"), { recursive: true });
      writeFileSync(types(project), "export declare const answer: number;\n");
    }
    // A compile that reads the package's types and probes node_modules/@types of ancestors 1 and 3 (a gap at 2:
    // the checkouts' walks up need not ask the same levels).
    const seed = join(base, "seed");
    const sys = disk();
    const recording = createTslabCellCache(seed, "salt", { root: first });
    recording.watch(sys);
    recording.convert("", "cell", () => {
      sys.readFile(types(first));
      for (const up of [1, 3]) sys.directoryExists(join(first, "../".repeat(up), "node_modules", "@types"));
      return { output: "compiled", diagnostics: [] };
    }, () => true);
    const use = (name: string) => {
      const cache = createTslabCellCache(join(base, name), "salt", { root: second, seed });
      cache.watch(disk());
      cache.convert("", "cell", () => ({ output: "again", diagnostics: [] }), () => false);
      return cache.stats;
    };
    expect(use("same")).toMatchObject({ hits: 1, seeded: 1, misses: 0 });
    expect(readdirSync(join(base, "same", "cells"))).toHaveLength(1);
    // @types two folders above the second checkout (a level the seed never saw answered there): TypeScript would
    // load it, so the seed must not be used.
    mkdirSync(join(base, "x", "node_modules", "@types"), { recursive: true });
    expect(use("types-above")).toMatchObject({ hits: 0, misses: 1 });
    rmSync(join(base, "x", "node_modules"), { recursive: true });
    writeFileSync(types(second), "export declare const answer: string;\n");
    expect(use("changed")).toMatchObject({ hits: 0, misses: 1 });
  });
});
