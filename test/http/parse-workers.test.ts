// The worker path of the column parser, as users run it: the built pool (dist/, which `npm test`
// builds first) with two worker threads, bodies over the size that goes to a worker, and the columns
// sent back across the thread boundary. The TypeScript sources alone parse on the calling thread.
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ParsePool } from "../../src/decode/columnar/parse-pool";
import type { RecordColumns } from "../../src/table/record-columns";

const require = createRequire(__filename);
const built = require(join(__dirname, "..", "..", "dist", "decode", "columnar", "parse-pool.js")) as { ParsePool: new (workers: number) => ParsePool };
const pool = new built.ParsePool(2);
const { ColumnParseError } = require(join(__dirname, "..", "..", "dist", "decode", "columnar", "parse-columns.js")) as { ColumnParseError: new () => Error };
afterAll(() => pool.close());

const regions = ["Permian", "Bakken", "Ünïcode ☃", 'q"uote', "back\\slash", "tab\there"];
function record(i: number): Record<string, unknown> {
  return {
    i,
    region: regions[i % regions.length],
    gas: i % 9 === 0 ? null : i / 7,
    big: i * 1e15 + 0.5,
    flag: i % 3 === 0,
    ...(i % 11 === 0 ? {} : { note: `row ${i % 97}` }),
    ...(i % 50 === 0 ? { nested: { a: [i, "x"] } } : {}),
  };
}
const records = Array.from({ length: 8000 }, (_, i) => record(i));
const bytes = (text: string) => new TextEncoder().encode(text);

describe("column parsing on worker threads (built package)", () => {
  it("gives the records JSON.parse gives, for a v3 envelope, a JSON array and NDJSON, several at once", async () => {
    const envelope = JSON.stringify({ data: records, pagination: { start: 0, page_size: 8000, total_count: 8000 } });
    expect(envelope.length).toBeGreaterThan(256 * 1024);
    const [env, arr, lines] = await Promise.all([
      pool.parse("envelope", bytes(envelope)),
      pool.parse("array", bytes(JSON.stringify(records))),
      pool.parse("lines", bytes(records.map((r) => JSON.stringify(r)).join("\n"))),
    ]);
    for (const parsed of [env, arr, lines]) {
      expect("columns" in parsed).toBe(true);
      expect((parsed as { columns: RecordColumns }).columns.toRecords()).toEqual(records);
    }
    // Both workers started (the built worker file was found), so these went through them.
    expect((pool as unknown as { slots: unknown[] }).slots).toHaveLength(2);
    expect((env as { rest?: Record<string, unknown> }).rest).toEqual({ pagination: { start: 0, page_size: 8000, total_count: 8000 } });
  });

  it("sends a malformed body's error back with its byte offset", async () => {
    const text = JSON.stringify(records);
    const cut = bytes(text.slice(0, text.length - 200));
    const err = await pool.parse("array", cut).then(
      () => undefined,
      (e: Error) => e,
    );
    // The pool's own class, so the transport turns it into a ResponseParseError naming the request.
    expect(err).toBeInstanceOf(ColumnParseError);
    expect(err?.name).toBe("ColumnParseError");
    expect(err?.message).toMatch(/at byte \d+/);
  });
});
