/**
 * The compiled cells shipped with the repository (notebooks/.tslab-cells, made by `npm run seed-cells`), on a
 * copy of the project at another absolute path and depth: a changed cell, and a changed declaration file,
 * compile anew. That an unchanged report takes every cell from the seed and compiles none (the check that fails
 * when the committed seed is stale) is asserted where the six notebooks already run from such a copy,
 * test/notebook/notebooks-execute.test.ts: one run of them instead of two.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildReport } from "../../src/notebook/report/build-report";
import { budget } from "../helpers/budget";
import { cellStats, copyProject } from "./helpers/project-copy";

const top = mkdtempSync(join(tmpdir(), "gasframes-cell-seed-"));
afterAll(() => rmSync(top, { recursive: true, force: true }));
let copy: string;

/**
 * The environment without what would aim the report elsewhere than its own sandbox on 127.0.0.1: a token
 * (which means the live services), service URLs, a response cache.
 */
function localEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (/^GASFRAMES_(TOKEN|NATGAS_|LNG_|LEGACY_|CACHE|DATA_SOURCE)/.test(k)) delete env[k];
  return env;
}

/** The report of one notebook of the copy's notebooks/ with a new, empty cell cache: the kernels' summed counts. */
async function report(name: string, notebook: string): Promise<{ hits: number; misses: number; seeded: number }> {
  const stats = join(top, `stats-${name}`);
  mkdirSync(stats);
  await buildReport({
    notebooksDir: join(copy, "notebooks"),
    notebooks: [join(copy, "notebooks", notebook)],
    outDir: join(top, `report-${name}`),
    cellCache: join(top, `cells-${name}`),
    sandboxCache: join(top, "answers"),
    env: { ...localEnv(), GASFRAMES_KERNEL_CELL_STATS: stats },
  });
  return cellStats(stats);
}

beforeAll(() => {
  copy = copyProject(top);
});

describe("the compiled cells shipped with the repository", () => {
  it("compile a changed cell anew, and every cell once a declaration file it read changed", async () => {
    // The first two code cells of the first notebook, as a notebook of their own, the second changed (a line
    // added at its end): the first keeps the code before it, so it is in the seed; two cells run for much less
    // than the whole notebook. Notebook 01's second cell asks nothing of the sandbox (a misspelt region is
    // refused before any data request), so the reports make no data: what compiles is the claim.
    const notebooks = readdirSync(join(copy, "notebooks")).filter((n) => n.endsWith(".ipynb")).sort();
    const nb = JSON.parse(readFileSync(join(copy, "notebooks", notebooks[0]!), "utf8")) as { cells: { cell_type: string; source: string | string[] }[] };
    const code = nb.cells.filter((c) => c.cell_type === "code");
    const head = "head.ipynb";
    const file = join(copy, "notebooks", head);
    code[1]!.source = [[code[1]!.source].flat().join(""), '\nconsole.log("changed");'].join("");
    writeFileSync(file, JSON.stringify({ ...nb, cells: code.slice(0, 2) }));
    expect(await report("changed-cell", head)).toEqual({ hits: 1, misses: 1, seeded: 1 });

    const types = join(copy, "dist", "index.d.ts");
    writeFileSync(types, `${readFileSync(types, "utf8")}\nexport declare const seedProbe: number;\n`);
    expect(await report("changed-types", head)).toEqual({ hits: 0, misses: 2, seeded: 0 });
  }, budget(300_000));
});
