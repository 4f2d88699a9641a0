import { cpSync, lstatSync, mkdirSync, readFileSync, readdirSync, realpathSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./jupyter";

/**
 * What a clone holds after `npm ci && npm run build`, made at `<top>/deeper/checkout` (another absolute path and
 * another depth than this checkout, so the ancestors TypeScript probes differ): package.json, the sources' build,
 * the notebooks with their compiled-cell seed, and node_modules (links to this checkout's packages, gasframes
 * linked to the copy itself). Returns the copy's root.
 */
export function copyProject(top: string): string {
  const copy = join(top, "deeper", "checkout");
  mkdirSync(join(copy, "node_modules"), { recursive: true });
  for (const f of ["package.json", "dist", "notebooks"]) cpSync(join(repoRoot, f), join(copy, f), { recursive: true });
  for (const name of readdirSync(join(repoRoot, "node_modules"))) {
    if (name === ".cache" || name === "gasframes") continue;
    const at = join(repoRoot, "node_modules", name);
    symlinkSync(lstatSync(at).isSymbolicLink() ? realpathSync(at) : at, join(copy, "node_modules", name), "dir");
  }
  symlinkSync("..", join(copy, "node_modules", "gasframes"), "dir");
  return copy;
}

/** The number of code cells of a notebook file that a kernel compiles: those with code (an empty one is not sent). */
export const codeCells = (file: string): number =>
  (JSON.parse(readFileSync(file, "utf8")) as { cells: { cell_type: string; source: string | string[] }[] }).cells.filter(
    (c) => c.cell_type === "code" && [c.source].flat().join("").trim() !== "",
  ).length;

/** The compiled-cell cache's counts, summed over the kernels that wrote them into `dir` (GASFRAMES_KERNEL_CELL_STATS). */
export function cellStats(dir: string): { hits: number; misses: number; seeded: number } {
  const sum = { hits: 0, misses: 0, seeded: 0 };
  for (const f of readdirSync(dir)) {
    const s = JSON.parse(readFileSync(join(dir, f), "utf8")) as typeof sum;
    sum.hits += s.hits;
    sum.misses += s.misses;
    sum.seeded += s.seeded;
  }
  return sum;
}
