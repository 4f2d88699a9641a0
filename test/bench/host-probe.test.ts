/**
 * The bench's host probe (bench/lib/host-probe.mjs) and its columns in the printed report: the slowest probe
 * of a figure's runs is read against the fastest of the whole bench run, and printed beside the load.
 */
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the bench, without types
import { hostProbeMs, hostScanProbeMs, hostSlowdown, scanTokens } from "../../bench/lib/host-probe.mjs";
// @ts-expect-error: a plain ES module of the bench, without types
import { formatReport } from "../../bench/lib/report.mjs";

describe("the bench's host probe", () => {
  it("measures a positive CPU time, and reads a figure's slowest probe against the fastest", () => {
    expect(hostProbeMs()).toBeGreaterThan(0);
    expect(hostSlowdown([50, 75, 60], 50)).toBe(1.5);
    expect(hostSlowdown([40, undefined, 80], 40)).toBe(2);
    expect(hostSlowdown([], 50)).toBeUndefined();
    expect(hostSlowdown([60], Infinity)).toBeUndefined();
  });

  it("scans JSON text by its tokens (an escaped quote stays inside its string) and times the scan", () => {
    // 3 strings, 2 digits; '{' and '}' count 3, ':' and ',' count 2.
    expect(scanTokens(Buffer.from('{"a":"x\\"y","b":12}'))).toBe(3 + 2 + 3 + 2 + 2 + 2 + 3);
    expect(scanTokens(Buffer.from("{}"))).toBe(6);
    expect(hostScanProbeMs()).toBeGreaterThan(0);
  });

  it("prints the fastest probe and a Host slower column beside the load, for variants and targets", () => {
    const summary = (x: number) => ({ median: x, min: x, max: x });
    const text: string = formatReport({
      command: "npm run bench",
      date: "2026-11-29T08:00:00.000Z",
      node: "v20",
      cpus: "2 x cpu",
      runs: 1,
      totalSeconds: 3,
      hostProbeFastestMs: 48.4,
      hostScanProbeFastestMs: 23.4,
      scenarios: [
        {
          id: "v3",
          title: "v3",
          rows: 10,
          variants: {
            raw: { label: "raw", ok: true, ms: summary(500), cpuMs: summary(600), rssMB: summary(300), load: summary(1), hostSlowdown: 1.25, hostScanSlowdown: 1.8 },
            older: { label: "older", ok: true, ms: summary(500), cpuMs: summary(600), rssMB: summary(300), load: summary(1), hostSlowdown: 1.1 },
          },
          targets: [{ label: "time <= 1.5x raw transfer", ratio: 1.2, cpuRatio: 1.1, margin: "+25%", load: { min: 1, max: 1.2 }, hostSlowdown: 1.5, hostScanSlowdown: 2, pass: true }],
        },
      ],
    });
    expect(text).toContain("took 48 ms of CPU at the fastest");
    expect(text).toContain("2.8 MB of JSON text (the decoders' kind of work) took 23 ms of CPU at the fastest");
    const rows = text.split("\n");
    expect(rows.find((l) => l.startsWith("| Scenario | Variant"))).toMatch(/\| Load avg, 1 min \| Host slower \|$/);
    expect(rows.find((l) => l.includes("| raw |"))).toMatch(/\| 1\.00 \(1\.00-1\.00\) \| 1\.25x \/ 1\.80x \|$/);
    // A figure without a scan probe (a report of an older bench) shows the hash's alone.
    expect(rows.find((l) => l.includes("| older |"))).toMatch(/\| 1\.00 \(1\.00-1\.00\) \| 1\.10x \|$/);
    expect(rows.find((l) => l.includes("time <= 1.5x raw transfer"))).toMatch(/\| 1\.00-1\.20 \| 1\.50x \/ 2\.00x \| PASS \|$/);
  });
});
