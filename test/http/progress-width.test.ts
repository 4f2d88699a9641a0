/**
 * Terminal progress fits the terminal: every redraw is cut to the stream's width less one column, so `\r`
 * always returns to the start of the one line drawn and nothing wraps into stacked lines.
 */
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { fitLine, terminalSink } from "../../src/http/progress";
import { formatProgress, type ProgressUpdate } from "../../src/http";

/** A fake terminal stream of `columns` width (undefined: a terminal that does not say). */
function tty(columns: number | undefined): Writable & { isTTY: boolean; columns?: number; text: string } {
  const s = new Writable({
    write(chunk, _enc, cb) {
      s.text += String(chunk);
      cb();
    },
  }) as Writable & { isTTY: boolean; columns?: number; text: string };
  s.isTTY = true;
  if (columns !== undefined) s.columns = columns;
  s.text = "";
  return s;
}

/**
 * The rows a terminal of `columns` shows after `text`: `\r` returns to the row's start, `\x1b[K` clears to
 * its end, and a character written past the last column wraps onto a new row, as a real terminal does.
 */
function screen(text: string, columns: number): string[] {
  const rows: string[][] = [[]];
  let col = 0;
  const body = text.replace(/\x1b\[K/g, "\u0000");
  for (const ch of Array.from(body)) {
    const row = rows[rows.length - 1]!;
    if (ch === "\r") col = 0;
    else if (ch === "\n") {
      rows.push([]);
      col = 0;
    } else if (ch === "\u0000") row.length = col;
    else {
      if (col === columns) {
        rows.push([]);
        col = 0;
      }
      const current = rows[rows.length - 1]!;
      current[col++] = ch;
    }
  }
  return rows.map((r) => r.join(""));
}

const LONG: ProgressUpdate = {
  endpoint: "natgas.v4.pipelineScrapesDailyByInterconnectAndLocation",
  pages: 37,
  totalPages: 1200,
  rows: 370_000,
  totalRows: 12_000_000,
  bytes: 250_000_000,
  rateBytesPerSec: 4_000_000,
  throttled: { rateLimited: 3, waitedMs: 12_000, concurrency: 2 },
  pacing: { requests: 10, perMs: 60_000, waitMs: 4_000 },
};

describe("terminal progress width", () => {
  it.each([80, 40, 120])("at %i columns each redraw stays on one row, eliding the middle", (columns) => {
    const err = tty(columns);
    const sink = terminalSink(err);
    for (let i = 1; i <= 5; i++) sink.update({ ...LONG, pages: LONG.pages + i });
    const lines = err.text.split("\r").filter((s) => s !== "").map((s) => s.replace("\x1b[K", ""));
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(columns - 1);
    expect(lines[4]).toMatch(/^gasframes natgas\.v4/);
    expect(lines[4]).toContain("…");
    expect(lines[4]!.endsWith("waiting 4 s")).toBe(true);
    sink.done();
    expect(screen(err.text, columns).filter((r) => r !== "")).toHaveLength(1);
  });

  it("assumes 80 columns when the terminal does not say", () => {
    const err = tty(undefined);
    terminalSink(err).update(LONG);
    expect(Array.from(err.text.replace(/^\r|\x1b\[K$/g, "")).length).toBe(79);
  });

  it("writes whole lines to a stream that is not a terminal (a file or pipe has no width)", () => {
    const file = tty(40);
    file.isTTY = false;
    terminalSink(file).update(LONG);
    expect(file.text.replace(/^\r|\x1b\[K$/g, "")).toBe(formatProgress(LONG));
  });

  it("leaves a line that fits untouched", () => {
    const err = tty(200);
    const sink = terminalSink(err);
    sink.update({ endpoint: "rigs", pages: 1, rows: 10, bytes: 100, rateBytesPerSec: 100 });
    expect(err.text).toBe("\rgasframes rigs: 1 batch, 10 rows, 100 B, 100 B/s\x1b[K");
  });

  it("fitLine cuts to the width exactly, keeping both ends", () => {
    expect(fitLine("abcdefghij", 10)).toBe("abcdefghij");
    expect(fitLine("abcdefghij", 5)).toBe("ab…ij");
    expect(fitLine("abcdefghij", 6)).toBe("abc…ij");
    expect(fitLine("abcdefghij", 1)).toBe("a");
  });
});
