/**
 * One column model: the only declarations of src/ whose name ends in `Column` (an interface, a type
 * alias or a class, exported or not) are the table's `Column`, the three kinds that implement it and
 * the interface they share, all in `src/table/column.ts`. Anything else that describes a column is a
 * field (`FieldSpec` and the `...Field` shapes built on it: a description, or a description with the
 * values a `Column` is made of), and a set of named columns is a `RecordColumns`. Counted from the source text, comments stripped, with the pattern below; the
 * sandbox (which writes the services' answers, never reads a Table) is left out.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(__dirname, "../../src");
const DECLARATION = /^\s*(?:export\s+)?(?:declare\s+)?(?:abstract\s+)?(?:interface|type|class)\s+([\w$]*Column)\b/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** `file: Name` for every declaration named `Column` or `...Column`. */
function columnDeclarations(): string[] {
  const out: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const rel = relative(SRC, file).split("\\").join("/");
    if (rel.startsWith("sandbox/")) continue;
    const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    for (const m of text.matchAll(DECLARATION)) out.push(`${rel}: ${m[1]}`);
  }
  return out.sort();
}

describe("the column model of src/", () => {
  it("has one Column (three kinds behind one interface), in table/", () => {
    expect(columnDeclarations()).toEqual([
      "table/column.ts: CodedColumn",
      "table/column.ts: Column",
      "table/column.ts: MixedColumn",
      "table/column.ts: NumberColumn",
    ]);
  });
});
