import { readdirSync } from "node:fs";
import { join } from "node:path";

/** README.md and every Markdown page under docs/, as paths relative to `root` (the repository). */
export function markdownFiles(root: string): string[] {
  const out = ["README.md"];
  const walk = (dir: string): void => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (e.name.endsWith(".md")) out.push(join(dir, e.name));
    }
  };
  walk("docs");
  return out;
}
