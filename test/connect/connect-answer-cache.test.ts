// GASFRAMES_SANDBOX_ANSWER_CACHE: the sandbox connect() starts keeps its row answers in that folder, and a
// sandbox started later with the same folder sends them again; the token never reaches the folder.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeSharedSandbox, connect } from "../../src/connect";

const dir = mkdtempSync(join(tmpdir(), "gasframes-connect-answers-"));
// connect() reuses a sandbox another file of the same worker left open (a shared-process project), which
// would have no answer folder: this file starts from none, as in a process of its own.
beforeAll(() => closeSharedSandbox());
afterAll(async () => {
  await closeSharedSandbox();
  rmSync(dir, { recursive: true, force: true });
});

describe("connect() with GASFRAMES_SANDBOX_ANSWER_CACHE", () => {
  it("stores its sandbox's row answers there, and a new sandbox on the same folder answers the same", async () => {
    const env = { GASFRAMES_SANDBOX_ANSWER_CACHE: dir };
    const first = await connect({}, env);
    expect(first.target).toBe("sandbox");
    const a = await first.natgas.v3.rigs({ region: "west", start_date: "2024-01-01", end_date: "2024-01-31" });
    const stored = readdirSync(dir).filter((f) => f.endsWith(".answer"));
    expect(stored.length).toBeGreaterThan(0);
    for (const f of stored) expect(readFileSync(join(dir, f), "utf8")).not.toContain("gasframes-sandbox-token");
    await closeSharedSandbox();
    const second = await connect({}, env);
    const b = await second.natgas.v3.rigs({ region: "west", start_date: "2024-01-01", end_date: "2024-01-31" });
    expect(b.records).toEqual(a.records);
    expect(readdirSync(dir).filter((f) => f.endsWith(".answer"))).toEqual(stored);
  });
});
