/**
 * v4 productionbywell rows written as bytes (natgas/v4/production-bytes.ts, core/json-bytes.ts) against
 * `JSON.stringify` of the same records: every byte, both joins (NDJSON, JSON array), answers starting
 * and ending inside a well, rows with nulls, and the number writers on their edges.
 */
import { describe, expect, it } from "vitest";
import { SpareBuffers } from "../../src/sandbox/core/byte-chunks";
import { writeHundredths, writeNumber } from "../../src/sandbox/core/json-bytes";
import type { RowJoin } from "../../src/sandbox/core/types";
import { datasetOf } from "../../src/sandbox/natgas/model/dataset";
import { parseParams } from "../../src/sandbox/natgas/shared/params";
import type { RowSet } from "../../src/sandbox/natgas/shared/row-set";
import { productionByWell } from "../../src/sandbox/natgas/v4/production-by-well";

const NDJSON: RowJoin = { before: "", after: "\n" };
const ARRAY: RowJoin = { before: ",", after: "" };
const REQUEST = { method: "POST", path: "/v4/productionbywell", query: new URLSearchParams(), body: {}, headers: {}, ndjson: true };

function rowsOf(body: Record<string, unknown>, seed = 3): RowSet {
  const params = parseParams("/v4/productionbywell", body, productionByWell.params, { pagination: false });
  const answer = productionByWell.answer(params, datasetOf({ seed, asOf: "2025-06-15", pageSize: 10_000 }), REQUEST);
  if (!("rows" in answer)) throw new Error("productionbywell answered no rows");
  return answer.rows;
}

/** Rows [from, to) as JSON.stringify gives them, joined. */
function stringified(rows: RowSet, from: number, to: number, join: RowJoin): string {
  const parts: string[] = [];
  for (let k = from; k < to; k++) parts.push((k === from ? "" : join.before) + JSON.stringify(rows.row(k)) + join.after);
  return parts.join("");
}

/** Three months of every well, the answer two tests read. */
const QUARTER = { date_prod_min: "2024-10-01", date_prod_max: "2024-12-31" };
let quarter: string | undefined;
/** The quarter's rows as JSON.stringify gives them, in NDJSON (made once for the file). */
function quarterText(): string {
  if (quarter === undefined) {
    const rows = rowsOf(QUARTER);
    quarter = stringified(rows, 0, rows.count, NDJSON);
  }
  return quarter;
}

function written(rows: RowSet, from: number, to: number, join: RowJoin, chunkBytes: number): { text: string; chunks: Buffer[] } {
  const chunks = [...(rows.byteChunks?.(from, to, join, chunkBytes) ?? [])];
  return { text: Buffer.concat(chunks).toString("utf8"), chunks };
}

describe("productionbywell rows written as bytes", () => {
  it("are JSON.stringify's bytes for every row, with nulls, in NDJSON and as a JSON array", () => {
    const rows = rowsOf(QUARTER);
    expect(rows.count).toBeGreaterThan(50_000);
    const want = quarterText();
    expect(want).toContain('"prod_wet_gas_mcf_day":null');
    expect(want).toMatch(/"prod_oil_bbl_day":\d+\.\d\d?,/);
    const got = written(rows, 0, rows.count, NDJSON, 64 * 1024);
    expect(got.text.length).toBe(want.length);
    expect(got.text === want).toBe(true);
    expect(written(rows, 0, rows.count, ARRAY, 64 * 1024).text === stringified(rows, 0, rows.count, ARRAY)).toBe(true);
  });

  it("starts and ends inside a well, and every buffer holds whole rows within its size", () => {
    const rows = rowsOf({ sub_region_natgas: ["Haynesville - LA"], date_prod_min: "2019-01-01" });
    const from = 1_001;
    const to = rows.count - 777;
    const got = written(rows, from, to, NDJSON, 16 * 1024);
    expect(got.text === stringified(rows, from, to, NDJSON)).toBe(true);
    expect(got.chunks.length).toBeGreaterThan(10);
    for (const chunk of got.chunks) {
      expect(chunk.length).toBeLessThanOrEqual(16 * 1024);
      expect(chunk[chunk.length - 1]).toBe(10);
    }
    expect(written(rows, 5, 6, ARRAY, 1024).text).toBe(JSON.stringify(rows.row(5)));
    // Buffers smaller than a row: one row each.
    const tiny = written(rows, 0, 300, NDJSON, 64);
    expect(tiny.text === stringified(rows, 0, 300, NDJSON)).toBe(true);
    expect(tiny.chunks.length).toBe(300);
    expect(written(rows, 10, 10, NDJSON, 1024).chunks).toEqual([]);
  });

  it("are the same when each buffer is given back as soon as it is read, and then written again", () => {
    const rows = rowsOf({ sub_region_natgas: ["Haynesville - LA"], date_prod_min: "2019-01-01" });
    const spare = new SpareBuffers(32 * 1024, 2);
    const copies: Buffer[] = [];
    const memories = new Set<ArrayBufferLike>();
    for (const chunk of rows.byteChunks?.(0, rows.count, NDJSON, 32 * 1024, spare) ?? []) {
      copies.push(Buffer.from(chunk));
      memories.add(chunk.buffer);
      spare.give(chunk);
    }
    expect(copies.length).toBeGreaterThan(100);
    // Hundreds of batches in a couple of buffers' memory, and the text as JSON.stringify gives it.
    expect(memories.size).toBeLessThanOrEqual(3);
    expect(Buffer.concat(copies).toString("utf8") === stringified(rows, 0, rows.count, NDJSON)).toBe(true);
  });

  it("are the same for another seed and production_month limits", () => {
    // One state's wells in their months 3 to 30, over the 18 years of history (47,000 rows, with nulls).
    const rows = rowsOf({ production_month_min: 3, production_month_max: 30, state_code: ["PA"] }, 8);
    expect(rows.count).toBeGreaterThan(40_000);
    expect(written(rows, 0, rows.count, ARRAY, 256 * 1024).text === stringified(rows, 0, rows.count, ARRAY)).toBe(true);
  });
});

describe("productionbywell asked month by month (the lake sync's requests)", () => {
  /** The NDJSON lines of an answer whose date_prod is `month` (YYYY-MM-01), in answer order. */
  const linesOfMonth = (text: string, month: string) => text.split("\n").filter((line) => line.includes(`"date_prod":"${month}"`));

  it("gives each month's rows of a wider answer, in the same order and bytes", () => {
    // The wider answer's bytes are JSON.stringify's (the first test of the file checks it).
    const wide = quarterText();
    for (const [min, max, month] of [
      ["2024-10-01", "2024-10-31", "2024-10-01"],
      ["2024-11-01", "2024-11-30", "2024-11-01"],
      ["2024-12-01", "2024-12-31", "2024-12-01"],
    ]) {
      const rows = rowsOf({ date_prod_min: min, date_prod_max: max });
      const want = linesOfMonth(wide, month);
      expect(rows.count).toBe(want.length);
      expect(want.length).toBeGreaterThan(15_000);
      const got = written(rows, 0, rows.count, NDJSON, 1 << 20).text;
      expect(got === `${want.join("\n")}\n`).toBe(true);
      expect(got === stringified(rows, 0, rows.count, NDJSON)).toBe(true);
    }
  });

  it("does so with location, well_id and production_month filters too", () => {
    const filters = { sub_region_natgas: ["Haynesville - LA"], production_month_min: 2, production_month_max: 60 };
    const wide = written(rowsOf({ ...filters }, 8), 0, Infinity, NDJSON, 1 << 20).text;
    for (const month of ["2009-03", "2016-07", "2025-05"]) {
      // A bound inside the month still takes it whole (date_prod is the month's first day).
      const got = written(rowsOf({ ...filters, date_prod_min: `${month}-01`, date_prod_max: `${month}-28` }, 8), 0, Infinity, NDJSON, 1 << 20).text;
      const want = linesOfMonth(wide, `${month}-01`);
      expect(want.length).toBeGreaterThan(0);
      expect(got === `${want.join("\n")}\n`).toBe(true);
    }
    const ids = [...new Set(linesOfMonth(wide, "2016-07-01").slice(0, 3).map((line) => (JSON.parse(line) as { well_id: string }).well_id))];
    const one = written(rowsOf({ ...filters, well_id: ids, date_prod_min: "2016-07-01", date_prod_max: "2016-07-31" }, 8), 0, Infinity, NDJSON, 1024).text;
    expect(one.split("\n").filter(Boolean).map((line) => (JSON.parse(line) as { well_id: string }).well_id)).toEqual(ids);
  });
});

describe("SpareBuffers", () => {
  it("hands out buffers of its size, and takes back only its own, once each, up to what it keeps", () => {
    const spare = new SpareBuffers(1024, 2);
    const [a, b, c] = [spare.take(), spare.take(), spare.take()];
    expect([a.length, b.length, c.length]).toEqual([1024, 1024, 1024]);
    expect(new Set([a.buffer, b.buffer, c.buffer]).size).toBe(3);
    // A view of a buffer gives back its memory; a second give of it, and a stranger's buffer, do nothing.
    spare.give(a.subarray(0, 100));
    spare.give(a);
    spare.give(Buffer.alloc(1024));
    expect(spare.take().buffer).toBe(a.buffer);
    expect(spare.take().buffer).not.toBe(a.buffer);
    // Kept: two at most; the third given back is let go.
    const [d, e, f] = [spare.take(), spare.take(), spare.take()];
    spare.give(d);
    spare.give(e);
    spare.give(f);
    const again = new Set([spare.take().buffer, spare.take().buffer, spare.take().buffer]);
    expect(again.has(d.buffer) && again.has(e.buffer)).toBe(true);
    expect(again.has(f.buffer)).toBe(false);
  });
});

describe("numbers written as bytes", () => {
  const out = Buffer.alloc(64);
  const number = (x: number) => out.toString("latin1", 0, writeNumber(out, 0, x));
  const hundredths = (x: number) => out.toString("latin1", 0, writeHundredths(out, 0, x));

  it("writeNumber gives JSON.stringify's text", () => {
    const edges = [0, -0, 7, 10, 99, 100, 101, 2_147_483_647, 2_147_483_648, 4_294_967_296, 1e15, 2 ** 53 - 1, 2 ** 53, 1e21, 1.5, -3, NaN, Infinity, -Infinity];
    // Each count of digits at both ends (the digit count is found by comparisons up to 8 digits).
    for (let d = 1; d <= 16; d++) edges.push(10 ** d - 1, 10 ** d, 10 ** d + 1);
    for (const x of edges) expect(number(x)).toBe(JSON.stringify(x));
    // Compared without an expect() each (70,000 of them were a second of the file): the wrong ones are listed.
    const wrong: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const x = Math.floor(Math.random() * 10 ** (1 + (i % 16)));
      if (number(x) !== JSON.stringify(x)) wrong.push(`${x}: ${number(x)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("writeHundredths gives JSON.stringify(Math.round(x * 100) / 100)", () => {
    const edges = [0, -0, 0.004, 0.005, 0.1, 0.5, 1.005, 9.995, 99.99, 12_345.6, 21_474_836.47, 9_999_999_999_999.99, 1e13, 1e15, 1e20, -0.004, -2.5, NaN, Infinity];
    for (const x of edges) expect(hundredths(x)).toBe(JSON.stringify(Math.round(x * 100) / 100));
    const wrong: string[] = [];
    for (let i = 0; i < 50_000; i++) {
      const x = Math.random() * 10 ** (i % 14);
      if (hundredths(x) !== JSON.stringify(Math.round(x * 100) / 100)) wrong.push(`${x}: ${hundredths(x)}`);
    }
    expect(wrong).toEqual([]);
  });
});
