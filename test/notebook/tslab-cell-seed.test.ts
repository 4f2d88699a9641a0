/**
 * The compiled cells shipped with the repository (notebooks/.tslab-cells, made by `npm run seed-cells`): on a
 * copy of the project at another absolute path (another depth too, so the ancestors TypeScript probes differ),
 * with an empty cell cache, the report's kernels take every cell from the seed and compile none. This fails when
 * the committed seed is stale (a notebook, gasframes' declarations, the lock file's packages or Node's major
 * version changed without `npm run seed-cells`). A changed cell, and a changed declaration file, compile anew.
 */
import { cpSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildReport } from "../../src/notebook/report/build-report";
import { budget } from "../helpers/budget";

const repo = resolve(__dirname, "..", "..");
const seed = join(repo, "notebooks", ".tslab-cells");
const top = mkdtempSync(join(tmpdir(), "gasframes-cell-seed-"));
afterAll(() => rmSync(top, { recursive: true, force: true }));
const copy = join(top, "deeper", "checkout");

interface Stats {
  hits: number;
  misses: number;
  seeded: number;
}

/**
 * The environment without what would aim the report elsewhere than its own sandbox on 127.0.0.1: a token
 * (which means the live services), service URLs, a response cache.
 */
function localEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (/^GASFRAMES_(TOKEN|NATGAS_|LNG_|LEGACY_|CACHE|DATA_SOURCE)/.test(k)) delete env[k];
  return env;
}

/** The report of `notebooks` (file names in the copy's notebooks/) with a new, empty cell cache: the kernels' summed counts. */
async function report(name: string, notebooks?: string[]): Promise<Stats> {
  const stats = join(top, `stats-${name}`);
  mkdirSync(stats);
  await buildReport({
    notebooksDir: join(copy, "notebooks"),
    ...(notebooks ? { notebooks: notebooks.map((n) => join(copy, "notebooks", n)) } : {}),
    outDir: join(top, `report-${name}`),
    cellCache: join(top, `cells-${name}`),
    sandboxCache: join(top, "answers"),
    env: { ...localEnv(), GASFRAMES_KERNEL_CELL_STATS: stats },
  });
  const sum: Stats = { hits: 0, misses: 0, seeded: 0 };
  for (const f of readdirSync(stats)) {
    const s = JSON.parse(readFileSync(join(stats, f), "utf8")) as Stats;
    sum.hits += s.hits;
    sum.misses += s.misses;
    sum.seeded += s.seeded;
  }
  return sum;
}

const codeCells = (file: string) => (JSON.parse(readFileSync(file, "utf8")) as { cells: { cell_type: string }[] }).cells.filter((c) => c.cell_type === "code").length;

beforeAll(() => {
  // What a clone holds after `npm ci && npm run build`: the sources' build, the notebooks with their seed, and
  // node_modules (here a folder of links to this checkout's packages, gasframes linked to the copy itself).
  mkdirSync(join(copy, "node_modules"), { recursive: true });
  for (const f of ["package.json", "dist", "notebooks"]) cpSync(join(repo, f), join(copy, f), { recursive: true });
  for (const name of readdirSync(join(repo, "node_modules"))) {
    if (name === ".cache" || name === "gasframes") continue;
    const at = join(repo, "node_modules", name);
    symlinkSync(lstatSync(at).isSymbolicLink() ? realpathSync(at) : at, join(copy, "node_modules", name), "dir");
  }
  symlinkSync("..", join(copy, "node_modules", "gasframes"), "dir");
});

describe("the compiled cells shipped with the repository", () => {
  const notebooks = readdirSync(join(repo, "notebooks")).filter((n) => n.endsWith(".ipynb")).sort();
  const cells = notebooks.reduce((n, f) => n + codeCells(join(repo, "notebooks", f)), 0);

  it("hold for every cell of the report in a copy of the project elsewhere (run npm run seed-cells when this fails)", async () => {
    expect(readdirSync(join(seed, "cells"))).toHaveLength(cells);
    expect(await report("whole")).toEqual({ hits: cells, misses: 0, seeded: cells });
    // Copied into the user's cache: a second run finds them there.
    expect(readdirSync(join(top, "cells-whole", "cells"))).toHaveLength(cells);
  }, budget(300_000));

  it("compile a changed cell anew, and every cell once a declaration file it read changed", async () => {
    const last = notebooks.at(-1)!;
    const file = join(copy, "notebooks", last);
    const n = codeCells(file);
    const nb = JSON.parse(readFileSync(file, "utf8")) as { cells: { cell_type: string; source: string | string[] }[] };
    const lastCode = nb.cells.filter((c) => c.cell_type === "code").at(-1)!;
    lastCode.source = [[lastCode.source].flat().join(""), '\nconsole.log("changed");'].join("");
    writeFileSync(file, JSON.stringify(nb));
    expect(await report("changed-cell", [last])).toEqual({ hits: n - 1, misses: 1, seeded: n - 1 });

    const types = join(copy, "dist", "index.d.ts");
    writeFileSync(types, `${readFileSync(types, "utf8")}\nexport declare const seedProbe: number;\n`);
    expect(await report("changed-types", [last])).toEqual({ hits: 0, misses: n, seeded: 0 });
  }, budget(300_000));
});
