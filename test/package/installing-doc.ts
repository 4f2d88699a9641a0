// What docs/installing.md tells a user to put in their package.json, read from the page itself, so the
// tests check the page's own text.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(__dirname, "..", "..");

/** The `overrides` of the ```json fragment of docs/installing.md that a user adds to enable danfo. */
export function docsOverrides(): Record<string, unknown> {
  const doc = readFileSync(join(root, "docs", "installing.md"), "utf8");
  const block = [...doc.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => m[1]!).find((b) => b.includes('"overrides"'));
  if (block === undefined) throw new Error("docs/installing.md has no ```json block with the overrides");
  return (JSON.parse(block) as { overrides: Record<string, unknown> }).overrides;
}
