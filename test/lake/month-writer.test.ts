// The month file writer thread, as users run it: the built package (dist/, which `npm test` builds
// first). The TypeScript sources alone write on the calling thread.
import { createRequire } from "node:module";
import { join } from "node:path";
import { parquetMetadata, parquetReadObjects } from "hyparquet";
import { afterAll, describe, expect, it } from "vitest";
import type * as Writer from "../../src/lake/month-writer";
import type * as MonthParquet from "../../src/lake/month-parquet";
import type * as Parse from "../../src/decode/columnar/parse-columns";
import type { RecordSchema } from "../../src/table/schema";

const require = createRequire(__filename);
const dist = (...p: string[]) => join(__dirname, "..", "..", "dist", ...p);
const writer = require(dist("lake", "month-writer.js")) as typeof Writer;
const { monthFileBytes } = require(dist("lake", "month-parquet.js")) as typeof MonthParquet;
const { parseLineColumns } = require(dist("decode", "columnar", "parse-columns.js")) as typeof Parse;
const { DataError } = require(dist("errors", "index.js")) as typeof import("../../src/errors");

const schema: RecordSchema = {
  name: "test.wells",
  fields: [
    { name: "well_id", type: "string" },
    { name: "date_prod", type: "date" },
    { name: "gas", type: "float", unit: "mcf/d" },
    { name: "month_no", type: "int" },
    { name: "region", type: "string" },
  ],
};

function input(rows: number, bad = false, k = 1) {
  const lines: string[] = [];
  for (let i = 0; i < rows; i++) {
    const r = { well_id: `W${(i * 7919) % rows}`, date_prod: "2030-06-01", gas: i % 13 === 0 ? null : (i / 3) * k, month_no: bad && i === rows - 1 ? 1.5 : i % 40, region: ["west", "gulf", "Zürich ☃", 'q"uote'][i % 4] };
    lines.push(JSON.stringify(r));
  }
  const columns = parseLineColumns(new TextEncoder().encode(lines.join("\n")));
  return { names: columns.names, columns, units: { gas: "mcf/d" }, schema, meta: { endpoint: "wells", fetchedAt: "2030-07-01T00:00:00.000Z" }, sortKey: ["well_id", "date_prod"] };
}

/**
 * A file as a reader sees it: its rows, its row groups' sizes and its key-value metadata (sorted: the
 * writer keeps that metadata in a hash map, so its order differs from one write to the next, on any thread).
 */
async function asRead(bytes: Uint8Array) {
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const meta = parquetMetadata(file);
  const kv = (meta.key_value_metadata ?? []).map((e) => `${e.key}=${e.value}`).sort();
  return { rows: await parquetReadObjects({ file }), groups: meta.row_groups.map((g) => Number(g.num_rows)), kv, bytes: bytes.byteLength };
}

describe("month files written on the writer thread (built package)", () => {
  afterAll(() => writer.closeMonthWriter());

  it("hold what the calling thread writes, for months big and small", async () => {
    for (const rows of [3_000, 10]) {
      const month = input(rows);
      const here = monthFileBytes(month);
      expect(await asRead(await writer.writeMonthFile(month, true))).toEqual(await asRead(here));
      expect(await asRead(await writer.writeMonthFile(month, false))).toEqual(await asRead(here));
    }
    expect(writer.writerThreadId()).toBeGreaterThan(0);
    // Several at once: each answer goes to its own request.
    const months = [3_000, 4_000, 5_000].map((n) => input(n));
    const written = await Promise.all(months.map((m) => writer.writeMonthFile(m, true)));
    for (const [i, bytes] of written.entries()) expect(await asRead(bytes)).toEqual(await asRead(monthFileBytes(months[i]!)));
  });

  it("keeps a large dictionary equal to the last month's on both threads: months after it, a failed month and a new thread read back as the calling thread writes them", async () => {
    // The same 3,000 well ids in the same first-seen order month after month (as productionByWell's wells once
    // every well produces): from the second month on the ids' dictionary is not sent again, the writer uses its own.
    const scaled = (rows: number, k: number, bad = false) => input(rows, bad, k);
    expect(writer.KEPT_DICTIONARY_MIN).toBeLessThanOrEqual(3_000);
    const check = async (m: ReturnType<typeof input>) => expect(await asRead(await writer.writeMonthFile(m, true))).toEqual(await asRead(monthFileBytes(m)));
    await check(scaled(3_000, 1));
    await check(scaled(3_000, 2));
    // A month the writer refuses between two that keep the dictionary.
    await expect(writer.writeMonthFile(scaled(3_000, 3, true), true)).rejects.toBeInstanceOf(DataError);
    await check(scaled(3_000, 4));
    // Another dictionary (other ids) is sent whole, and the one after it is kept again.
    await check(scaled(2_500, 5));
    await check(scaled(2_500, 6));
    // A new thread keeps nothing: the first month it writes sends its dictionaries.
    await writer.closeMonthWriter();
    await check(scaled(3_000, 7));
    await check(scaled(3_000, 8));
  });

  it("turns the writer's DataError into a DataError here", async () => {
    const error = await writer.writeMonthFile(input(100, true), true).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(DataError);
    expect((error as Error).message).toMatch(/month_no.*1\.5/);
  });

  it("ends the thread when asked (a sync's end), and starts another for the next month", async () => {
    const month = input(500);
    await writer.writeMonthFile(month, true);
    const first = writer.writerThreadId();
    expect(first).toBeGreaterThan(0);
    await writer.closeMonthWriter();
    expect(writer.writerThreadId()).toBeUndefined();
    expect(await asRead(await writer.writeMonthFile(month, true))).toEqual(await asRead(monthFileBytes(month)));
    expect(writer.writerThreadId()).not.toBe(first);
  });
});
