/**
 * The record/replay cache as hostile input: cache files cut short, overwritten with garbage or with
 * the wrong types. Replaying or reading through a damaged cache gives the whole, correct result or a
 * typed error; never a crash, never a partial or different result.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GasframesError } from "../../src/errors";
import { NatGasClient } from "../../src/natgas";
import type { Result } from "../../src/table";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { firstDifference } from "./helpers/rows";

const QUERY = { county: "Reeves", start_date: "2026-01-01", end_date: "2026-01-31" } as const;
let sandbox: SandboxHandle;
let recorded: string;
let reference: Result<Record<string, unknown>>;
const dirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "gasframes-damaged-cache-"));
  dirs.push(dir);
  return dir;
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 2, asOf: "2026-11-01", pageSize: 100 });
  recorded = tempDir();
  const client = NatGasClient.forSandbox(sandbox, { progress: false, cache: { mode: "readwrite", dir: recorded } });
  reference = (await client.v3.rigs(QUERY)) as unknown as Result<Record<string, unknown>>;
});

afterAll(async () => {
  await sandbox?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const damages: [string, (dir: string, bodies: string[], metas: string[]) => void][] = [
  ["a body cut short", (dir, bodies) => truncateSync(join(dir, bodies[1]!), 100)],
  ["a body of garbage bytes", (dir, bodies) => writeFileSync(join(dir, bodies[2]!), Buffer.from([0, 1, 0xff, 0x7b]))],
  ["an empty body", (dir, bodies) => writeFileSync(join(dir, bodies[0]!), "")],
  ["a body holding another page", (dir, bodies) => cpSync(join(dir, bodies[0]!), join(dir, bodies[3]!))],
  ["a metadata file of garbage", (dir, _bodies, metas) => writeFileSync(join(dir, metas[2]!), "{not json")],
  ["an empty metadata file", (dir, _bodies, metas) => writeFileSync(join(dir, metas[3]!), "")],
  ["metadata of the wrong types", (dir, _bodies, metas) => writeFileSync(join(dir, metas[1]!), JSON.stringify({ status: "ok", method: 5, url: null }))],
];

describe("a damaged cache", () => {
  it("was recorded page by page", () => {
    expect(reference.meta.pages).toBeGreaterThanOrEqual(4);
    expect(readdirSync(recorded).filter((f) => f.endsWith(".body"))).toHaveLength(reference.meta.pages);
  });

  for (const [label, damage] of damages) {
    it(`${label}: replay and readwrite give the whole result or a typed error`, async () => {
      for (const mode of ["replay", "readwrite"] as const) {
        const dir = tempDir();
        cpSync(recorded, dir, { recursive: true });
        const files = readdirSync(dir).sort();
        damage(
          dir,
          files.filter((f) => f.endsWith(".body")),
          files.filter((f) => f.endsWith(".json")),
        );
        const client = NatGasClient.forSandbox(sandbox, { progress: false, cache: { mode, dir }, logger: {} });
        const outcome = await client.v3.rigs(QUERY).catch((e: unknown) => e);
        if (outcome instanceof Error) {
          expect(outcome, `${label} (${mode})`).toBeInstanceOf(GasframesError);
          continue;
        }
        const result = outcome as unknown as Result<Record<string, unknown>>;
        expect(result.length, `${label} (${mode})`).toBe(reference.length);
        expect(firstDifference(result.records, reference.records), `${label} (${mode})`).toBeUndefined();
      }
    });
  }
});
