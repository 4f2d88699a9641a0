/**
 * A notebook of code cells for the tslab kernel, written to disk for runNotebooks / buildReport tests: each
 * string one code cell, with the kernelspec tslab's kernels are chosen by.
 */
import { writeFileSync } from "node:fs";

/** Writes `cells` as an nbformat 4.5 notebook of code cells to `path` (tslab kernelspec) and returns `path`. */
export function writeTslabNotebook(path: string, cells: readonly string[]): string {
  const nb = {
    cells: cells.map((source, i) => ({ cell_type: "code", id: `c${i}`, metadata: {}, source, outputs: [], execution_count: null })),
    metadata: { kernelspec: { name: "tslab", display_name: "TypeScript", language: "typescript" } },
    nbformat: 4,
    nbformat_minor: 5,
  };
  writeFileSync(path, JSON.stringify(nb));
  return path;
}
