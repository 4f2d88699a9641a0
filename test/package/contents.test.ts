// What the packed package holds, read from `npm pack --dry-run` (nothing is written or fetched): the docs
// its README and its errors point at, no source maps naming sources it does not ship, and no script that
// npm runs when the package is installed (npm 11 counts `prepare` as one for a tarball or git install
// and warns that allowScripts does not cover it).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { budget } from "../helpers/budget";

const root = join(__dirname, "..", "..");
let files: string[];

beforeAll(() => {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts", "--offline"], { cwd: root, env, encoding: "utf8" });
  files = (JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
}, budget(120_000));

describe("the packed package", () => {
  it("ships docs/, and every docs page and image the README links to", () => {
    expect(files).toContain("docs/installing.md");
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const linked = [...readme.matchAll(/\]\((docs\/[^)#\s]+)/g)].map((m) => m[1]!);
    expect(linked.length).toBeGreaterThan(5);
    for (const path of linked) expect(files, path).toContain(path);
  });

  it("ships no source map (they would name src/*.ts, which is not shipped)", () => {
    expect(files.filter((f) => f.endsWith(".map"))).toEqual([]);
    expect(files.filter((f) => f.startsWith("src/"))).toEqual([]);
    expect(readFileSync(join(root, "dist", "index.js"), "utf8")).not.toMatch(/sourceMappingURL/);
  });

  it("has no script npm runs at install", () => {
    const scripts = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    for (const hook of ["preinstall", "install", "postinstall", "prepare", "preprepare", "postprepare"]) expect(scripts[hook], hook).toBeUndefined();
  });

  it("has no placeholder where a repository owner belongs (the Binder link)", () => {
    for (const f of files.filter((p) => p === "README.md" || p.endsWith(".md"))) expect(readFileSync(join(root, f), "utf8"), f).not.toMatch(/\bOWNER\b/);
  });
});
