import { joinLines } from "../../../src/notebook/nbformat/notebook-file";
import type { Notebook } from "../../../src/notebook/nbformat/types";

const IMPORT = /^import\s[\s\S]*?\sfrom\s+["'][^"']+["'];?[ \t]*$|^import\s+["'][^"']+["'];?[ \t]*$/gm;

/**
 * A notebook's code cells as one TypeScript module that a strict compiler can check: import statements
 * hoisted to the top, the rest inside one async function (tslab allows top-level await; a CommonJS module
 * does not). Each cell is preceded by a `// cell N` marker so diagnostics can be traced back.
 */
export function notebookAsModule(nb: Notebook): string {
  const imports: string[] = [];
  const body: string[] = [];
  nb.cells.forEach((cell, i) => {
    if (cell.cell_type !== "code") return;
    const code = joinLines(cell.source).replace(IMPORT, (m) => {
      imports.push(m.trim());
      return "";
    });
    body.push(`// cell ${i + 1}`, code);
  });
  return [...imports, "export {};", "async function notebook(): Promise<void> {", ...body, "}", "void notebook;", ""].join("\n");
}
