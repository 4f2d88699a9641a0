/**
 * scripts/seed-check.mjs: whether the compiled cells shipped in notebooks/.tslab-cells still hold for the
 * build. On a stand-in project (a seed chunk of its own facts), and on this repository's own seed against the
 * dist/ that `npm test` has just built: the quick form of the check test/notebook/notebooks-execute.test.ts
 * makes by running the report (a changed declaration file, 1319e70's config.d.ts, made every cell stale and CI
 * failed there, minutes in).
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

type Stale = { path: string; why: string };
const load = async () =>
  // @ts-expect-error: a plain ES module of the scripts, without types
  (await import("../../scripts/seed-check.mjs")) as { staleSeedFacts: (root: string) => Stale[]; staleSeedMessage: (stale: Stale[]) => string | undefined };

const top = mkdtempSync(join(tmpdir(), "gasframes-seed-check-"));
afterAll(() => rmSync(top, { recursive: true, force: true }));
const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

/** A project whose seed says: dist/a.d.ts reads `a`, dist/b.d.ts does not exist, ../outside.d.ts reads `x`. */
function standIn(name: string): string {
  const root = join(top, name);
  mkdirSync(join(root, "notebooks", ".tslab-cells", "deps"), { recursive: true });
  mkdirSync(join(root, "dist"), { recursive: true });
  writeFileSync(join(root, "dist", "a.d.ts"), "a");
  const facts = [
    ["f", "dist/a.d.ts", true],
    ["r", "dist/a.d.ts", sha1("a")],
    ["f", "dist/b.d.ts", false],
    ["r", "../outside.d.ts", sha1("x")],
    ["g", "dist", ["whatever"]],
  ];
  writeFileSync(join(root, "notebooks", ".tslab-cells", "deps", "chunk.json"), JSON.stringify({ depth: 1, facts }));
  return root;
}

describe("scripts/seed-check.mjs", () => {
  it("finds nothing stale while the files a seed read are as they were (facts above the project left to the cache)", async () => {
    const { staleSeedFacts, staleSeedMessage } = await load();
    const root = standIn("same");
    expect(staleSeedFacts(root)).toEqual([]);
    expect(staleSeedMessage([])).toBeUndefined();
  });

  it("names a declaration file that changed, once, and one that appeared or went away", async () => {
    const { staleSeedFacts, staleSeedMessage } = await load();
    const changed = standIn("changed");
    writeFileSync(join(changed, "dist", "a.d.ts"), "a, and one export more");
    const stale = staleSeedFacts(changed);
    expect(stale).toEqual([{ path: "dist/a.d.ts", why: "changed" }]);
    expect(staleSeedMessage(stale)).toMatch(/dist\/a\.d\.ts \(changed\).*npm run seed-cells/);

    const appeared = standIn("appeared");
    writeFileSync(join(appeared, "dist", "b.d.ts"), "b");
    expect(staleSeedFacts(appeared)).toEqual([{ path: "dist/b.d.ts", why: "exists now" }]);

    const gone = standIn("gone");
    rmSync(join(gone, "dist", "a.d.ts"));
    expect(staleSeedFacts(gone)).toEqual([{ path: "dist/a.d.ts", why: "no longer exists" }]);
  });

  it("names a chunk of facts it cannot read, and reads on", async () => {
    const { staleSeedFacts } = await load();
    const root = standIn("unreadable");
    writeFileSync(join(root, "notebooks", ".tslab-cells", "deps", "broken.json"), '{"facts": [["r", "dist/a.d.ts"');
    writeFileSync(join(root, "dist", "a.d.ts"), "a, changed");
    expect(staleSeedFacts(root)).toEqual([
      { path: "notebooks/.tslab-cells/deps/broken.json", why: "unreadable" },
      { path: "dist/a.d.ts", why: "changed" },
    ]);
  });

  it("finds a project without a seed fresh", async () => {
    const { staleSeedFacts } = await load();
    mkdirSync(join(top, "bare"), { recursive: true });
    expect(staleSeedFacts(join(top, "bare"))).toEqual([]);
  });

  it("finds this repository's seed fresh for the build npm test has just written (else: npm run seed-cells)", async () => {
    const { staleSeedFacts, staleSeedMessage } = await load();
    const stale = staleSeedFacts(resolve(__dirname, "..", ".."));
    expect(staleSeedMessage(stale) ?? "fresh").toBe("fresh");
  });
});
