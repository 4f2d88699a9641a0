/**
 * The report's sandbox keeps its answers on disk (buildReport's `sandboxCache`): a run stores the answers its
 * notebooks asked for, the next run sends the stored bytes (shown by an entry altered on disk, whose answer the
 * notebook then prints), and `sandboxCache: false` generates every answer.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildReport } from "../../src/notebook/report/build-report";
import { budget } from "../helpers/budget";

const root = mkdtempSync(join(tmpdir(), "report-answers-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const notebooks = [join(__dirname, "fixtures", "sandbox-check.ipynb")];
const answers = join(root, "answers");
const cells = join(root, "cells");
const env = () => {
  const e = { ...process.env };
  for (const k of ["GASFRAMES_TOKEN", "GASFRAMES_NATGAS_URL", "GASFRAMES_LNG_URL", "GASFRAMES_CACHE"]) delete e[k];
  return e;
};
const report = async (sandboxCache: string | false): Promise<string> => {
  const outDir = mkdtempSync(join(root, "out-"));
  await buildReport({ notebooks, outDir, env: env(), asOf: "2025-03-31", cellCache: cells, sandboxCache, concurrency: 1 });
  return readFileSync(join(outDir, "sandbox-check.html"), "utf8");
};

describe("the report's sandbox answers kept on disk", () => {
  it(
    "stores the answers of a run and sends them again in the next; sandboxCache: false generates them",
    async () => {
      const first = await report(answers);
      expect(first).toContain("status 200; vessels present: true");
      const stored = readdirSync(answers).filter((n) => n.endsWith(".answer"));
      expect(stored).toHaveLength(1);
      const file = join(answers, stored[0]!);
      const entry = readFileSync(file);
      expect(entry.includes("gasframes-sandbox-token")).toBe(false);
      // The vessels' answer emptied on disk (with a checksum that matches): the next run must send it as stored.
      const head = JSON.parse(entry.subarray(0, entry.indexOf(10)).toString("utf8"));
      writeFileSync(file, JSON.stringify({ ...head, bytes: 0, sha256: createHash("sha256").update("").digest("hex") }) + "\n");
      expect(await report(answers)).toContain("status 200; vessels present: false");
      expect(await report(false)).toBe(first);
    },
    budget(300_000),
  );
});
