import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { formatProgress } from "../../src/http";
import { ProgressTracker, chooseProgressSink } from "../../src/http/progress";
import type { ProgressSink, ProgressUpdate } from "../../src/http";

function stream(isTTY: boolean): Writable & { isTTY: boolean; text: string } {
  const s = new Writable({
    write(chunk, _enc, cb) {
      s.text += String(chunk);
      cb();
    },
  }) as Writable & { isTTY: boolean; text: string };
  s.isTTY = isTTY;
  s.text = "";
  return s;
}

describe("progress", () => {
  it("formats pages and rows of the total, bytes and rate", () => {
    const text = formatProgress({ endpoint: "rigs", pages: 3, totalPages: 12, rows: 3000, totalRows: 11_500, bytes: 1_572_864, rateBytesPerSec: 524_288 });
    expect(text).toBe("gasframes rigs: page 3/12, 3,000/11,500 rows, 1.5 MB, 512.0 kB/s");
  });

  it("is silent by default when stderr is not a TTY, or under CI, or with false", () => {
    expect(chooseProgressSink(undefined, { env: {}, stderr: stream(false) })).toBeUndefined();
    expect(chooseProgressSink(undefined, { env: { CI: "true" }, stderr: stream(true) })).toBeUndefined();
    expect(chooseProgressSink(false, { env: {}, stderr: stream(true) })).toBeUndefined();
  });

  it("draws one rewritten stderr line on a TTY, after the first second", () => {
    const err = stream(true);
    const chosen = chooseProgressSink(undefined, { env: {}, stderr: err });
    expect(chosen?.automatic).toBe(true);
    let now = 0;
    const tracker = new ProgressTracker("volumeFlows", () => now, 0, chosen);
    tracker.addPage(10);
    expect(err.text).toBe("");
    now = 1500;
    tracker.addBytes(3000);
    tracker.addPage(20);
    now = 1600; // within the redraw interval: no new line
    tracker.addPage(5);
    tracker.done();
    const draws = err.text.split("\r").filter((s) => s !== "");
    expect(draws).toHaveLength(2);
    expect(draws[0]).toContain("gasframes volumeFlows: 1 batch, 10 rows, 2.9 kB");
    expect(err.text.endsWith("\n")).toBe(true);
  });

  it("updates one tslab display in place inside a notebook", () => {
    const texts: string[] = [];
    let displays = 0;
    const newDisplay = () => {
      displays++;
      return { text: (s: string) => texts.push(s) };
    };
    const chosen = chooseProgressSink(undefined, { env: {}, stderr: stream(false), newDisplay });
    let now = 0;
    const tracker = new ProgressTracker("rigs", () => now, 0, chosen);
    tracker.totalPages = 3;
    tracker.totalRows = 30;
    for (let p = 0; p < 3; p++) {
      now += 1000;
      tracker.addPage(10);
    }
    tracker.done();
    expect(displays).toBe(1);
    expect(texts.at(-1)).toContain("page 3/3, 30/30 rows");
  });

  it("gives a custom sink every page, and a failing sink never fails the download", () => {
    const updates: ProgressUpdate[] = [];
    let done = 0;
    const sink: ProgressSink = { update: (p) => updates.push(p), done: () => done++ };
    const tracker = new ProgressTracker("rigs", () => 0, 0, chooseProgressSink(sink));
    tracker.addPage(5);
    tracker.addPage(5);
    tracker.done();
    expect(updates.map((u) => u.rows)).toEqual([5, 10, 10]);
    expect(done).toBe(1);
    const broken = new ProgressTracker("rigs", () => 0, 0, chooseProgressSink({ update: () => { throw new Error("x"); }, done: () => { throw new Error("y"); } }));
    expect(() => {
      broken.addPage(1);
      broken.done();
    }).not.toThrow();
  });
});
