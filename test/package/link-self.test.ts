// `npx gasframes` inside a clone, and scripts/link-self.mjs (run by `npm run build`), which links the
// checkout into its own node_modules: the package by name, and its command into node_modules/.bin.
// npm 11's `npx <command>` in a folder whose own package.json names that command installs the folder
// into its npx cache (as a link) before running it, whatever node_modules/.bin holds; with a `prepare`
// script that install rebuilt dist/, and an interrupted first call left a half-made cache entry that
// later calls reused. Tried on a stand-in checkout (this repository's name, bin and scripts, a one-file
// build, no dependencies) in a temporary folder, with a temporary npm cache and --offline.
import { spawnSync } from "node:child_process";
import { cpSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(__dirname, "..", "..");
const SCRIPT = join(ROOT, "scripts", "link-self.mjs");
const PKG = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { name: string; bin: Record<string, string>; scripts: Record<string, string> };
const temps: string[] = [];
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

/** A checkout with a package.json naming its command and a build of that command that prints its arguments. */
function checkout(): string {
  const root = mkdtempSync(join(tmpdir(), "gasframes-link-self-"));
  temps.push(root);
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: PKG.name, version: "0.0.0", bin: PKG.bin, scripts: PKG.scripts }));
  mkdirSync(join(root, "dist", "cli"), { recursive: true });
  writeFileSync(join(root, "dist", "cli", "main.js"), `#!/usr/bin/env node\nconsole.log(JSON.stringify(process.argv.slice(2)));\n`);
  mkdirSync(join(root, "scripts"));
  cpSync(SCRIPT, join(root, "scripts", "link-self.mjs"));
  return root;
}

function linkSelf(root: string): void {
  const r = spawnSync(process.execPath, [join(root, "scripts", "link-self.mjs")], { encoding: "utf8" });
  expect(r.status, r.stderr).toBe(0);
}

function npx(root: string, args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
  const cache = join(root, ".npm-cache");
  const r = spawnSync("npm", ["exec", "--yes", "--offline", "--cache", cache, "--", "gasframes", ...args], { cwd: root, env, encoding: "utf8" });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("scripts/link-self.mjs", () => {
  it("has no install-time script: npx gasframes runs the checkout's build as it is, without rebuilding it", () => {
    expect(PKG.scripts.prepare).toBeUndefined();
    const root = checkout();
    const built = statSync(join(root, "dist", "cli", "main.js")).mtimeMs;
    const first = npx(root, ["doctor", "--json"]);
    expect(first.status, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout.trim().split("\n").at(-1)!)).toEqual(["doctor", "--json"]);
    expect(statSync(join(root, "dist", "cli", "main.js")).mtimeMs).toBe(built);
  });

  it("links the package and its command", () => {
    const root = checkout();
    linkSelf(root);
    expect(readlinkSync(join(root, "node_modules", "gasframes"))).toBe("..");
    expect(readlinkSync(join(root, "node_modules", ".bin", "gasframes"))).toBe(join("..", "gasframes", "dist", "cli", "main.js"));
    const r = npx(root, ["doctor", "--json"]);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout.trim().split("\n").at(-1)!)).toEqual(["doctor", "--json"]);
  });

  it("is idempotent and repairs links left dangling by an interrupted run", () => {
    const root = checkout();
    mkdirSync(join(root, "node_modules", ".bin"), { recursive: true });
    symlinkSync("../nowhere", join(root, "node_modules", ".bin", "gasframes"));
    symlinkSync("../elsewhere", join(root, "node_modules", "gasframes"));
    linkSelf(root);
    linkSelf(root);
    expect(readlinkSync(join(root, "node_modules", "gasframes"))).toBe("..");
    expect(npx(root, ["run"]).status).toBe(0);
  });

  it("leaves a real install of gasframes and a shared .bin alone", () => {
    const root = checkout();
    mkdirSync(join(root, "node_modules", "gasframes"), { recursive: true });
    const shared = mkdtempSync(join(tmpdir(), "gasframes-shared-bin-"));
    temps.push(shared);
    symlinkSync(shared, join(root, "node_modules", ".bin"));
    linkSelf(root);
    expect(lstatSync(join(root, "node_modules", "gasframes")).isDirectory()).toBe(true);
    expect(() => lstatSync(join(shared, "gasframes"))).toThrow();
  });
});
