// The built parse pool (dist/, which `npm test` builds first) with one worker: bodies never pile up
// waiting for it (each would hold its whole bytes); the calling thread parses the overflow itself,
// with the same answers, and body buffers and slabs go back to the pool for the next pages.
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ParsePool } from "../../src/decode/columnar/parse-pool";
import type { RecordColumns } from "../../src/table/record-columns";

const require = createRequire(__filename);
const built = require(join(__dirname, "..", "..", "dist", "decode", "columnar", "parse-pool.js")) as {
  ParsePool: new (workers: number, options?: { maxWaiting?: number }) => ParsePool;
};
const pool = new built.ParsePool(1, { maxWaiting: 1 });
afterAll(() => pool.close());
const internals = pool as unknown as { queue: unknown[]; slots: unknown[] };

const record = (i: number) => ({ county: `County ${i % 50}`, gas: i / 7, oil: i % 13 === 0 ? null : i });
const records = Array.from({ length: 12_000 }, (_, i) => record(i));
const envelope = JSON.stringify({ data: records, pagination: { start: 0, page_size: 12_000, total_count: 12_000 } });

/** The envelope in a body buffer of `into`. */
function bodyOf(into: ParsePool): Uint8Array {
  const bytes = into.buffers.take(Buffer.byteLength(envelope));
  bytes.set(Buffer.from(envelope));
  return bytes;
}

describe("a busy parse worker (built package)", () => {
  it("keeps at most one body waiting for it and parses the others on the calling thread, same records", async () => {
    expect(envelope.length).toBeGreaterThan(256 * 1024);
    const body = (): Uint8Array => bodyOf(pool);
    const parses = Array.from({ length: 6 }, () => pool.parse("envelope", body()));
    expect(internals.slots).toHaveLength(1);
    expect(internals.queue.length).toBeLessThanOrEqual(1);
    const parsed = await Promise.all(parses);
    for (const p of parsed) {
      expect("columns" in p).toBe(true);
      const columns = (p as { columns: RecordColumns }).columns;
      expect(columns.length).toBe(records.length);
      expect(columns.record(11_999)).toEqual(record(11_999));
      expect(columns.toRecords()).toEqual(records);
    }
    // Every body buffer came back (from the worker too), to be reused.
    expect(pool.buffers.outstanding).toBe(0);
    for (const p of parsed) pool.recycle((p as { columns: RecordColumns }).columns);
    pool.releaseIdle();
    expect(pool.buffers.idleCount).toBe(0);
  });

  it("learns from a worker's parse how big a page's columns are, so the next page gets a slab", async () => {
    const fresh = new built.ParsePool(1);
    try {
      const slabs = (fresh as unknown as { slabs: { forBody(bodyBytes: number): ArrayBuffer | undefined } }).slabs;
      expect(slabs.forBody(Buffer.byteLength(envelope))).toBeUndefined();
      const bytes = fresh.buffers.take(Buffer.byteLength(envelope));
      bytes.set(Buffer.from(envelope));
      // One body at a time: the worker is never busy, so the calling thread parses nothing here.
      const parsed = await fresh.parse("envelope", bytes);
      expect((parsed as { columns: RecordColumns }).columns.toRecords()).toEqual(records);
      expect((fresh as unknown as { slots: unknown[] }).slots).toHaveLength(1);
      expect(slabs.forBody(Buffer.byteLength(envelope))).toBeDefined();
    } finally {
      await fresh.close();
    }
  });

  it("parses the next pages into recycled slabs with the same answers", async () => {
    for (let round = 0; round < 4; round++) {
      const bytes = pool.buffers.take(Buffer.byteLength(envelope));
      bytes.set(Buffer.from(envelope));
      const parsed = await pool.parse("envelope", bytes);
      const columns = (parsed as { columns: RecordColumns }).columns;
      expect(columns.toRecords()).toEqual(records);
      pool.recycle(columns);
    }
  });

  it("keeps up to `maxWaiting` bodies waiting before the calling thread parses one (the default on two cores or fewer)", async () => {
    const patient = new built.ParsePool(1, { maxWaiting: 3 });
    try {
      const waiting = (patient as unknown as { queue: unknown[] }).queue;
      let most = 0;
      const parses: Promise<unknown>[] = [];
      for (let i = 0; i < 6; i++) {
        parses.push(patient.parse("envelope", bodyOf(patient)));
        most = Math.max(most, waiting.length);
      }
      // One body at the worker, three waiting, two parsed here at once (the worker cannot have
      // answered yet: nothing was awaited).
      expect(most).toBe(3);
      for (const p of await Promise.all(parses)) expect((p as { columns: RecordColumns }).columns.toRecords()).toEqual(records);
      expect(patient.buffers.outstanding).toBe(0);
    } finally {
      await patient.close();
    }
  });

  it("starts its worker when a big body's length is known, before its bytes are in; not for a small or unknown one", async () => {
    const early = new built.ParsePool(1);
    try {
      const size = () => early.size;
      early.prepare(undefined);
      early.prepare(200 * 1024);
      expect(size()).toBe(0);
      early.prepare(300 * 1024);
      expect(size()).toBe(1);
      const parsed = await early.parse("envelope", bodyOf(early));
      expect((parsed as { columns: RecordColumns }).columns.toRecords()).toEqual(records);
    } finally {
      await early.close();
    }
  });

  it("sizes the next body's columns from the rows per byte of the last (its slab holds no growth)", async () => {
    const fresh = new built.ParsePool(1);
    try {
      const hint = (fresh as unknown as { rowsHint(bodyBytes: number): number }).rowsHint.bind(fresh);
      expect(hint(Buffer.byteLength(envelope))).toBe(0);
      await fresh.parse("envelope", bodyOf(fresh));
      const expected = hint(Buffer.byteLength(envelope));
      expect(expected).toBeGreaterThanOrEqual(records.length);
      expect(expected).toBeLessThanOrEqual(Math.ceil(records.length * 1.03));
    } finally {
      await fresh.close();
    }
  });

  it("parses on the calling thread when its worker died before its first answer (nothing is left waiting)", async () => {
    const broken = new built.ParsePool(1, { maxWaiting: 8 });
    try {
      broken.prepare(300 * 1024);
      const worker = (broken as unknown as { slots: { worker: import("node:worker_threads").Worker }[] }).slots[0]!.worker;
      const exited = new Promise((resolve) => worker.once("exit", resolve));
      await worker.terminate();
      await exited;
      // A worker that never answered is broken, not replaced: no live worker is left.
      expect(broken.size).toBe(0);
      const parsed = await Promise.all([broken.parse("envelope", bodyOf(broken)), broken.parse("envelope", bodyOf(broken))]);
      for (const p of parsed) expect((p as { columns: RecordColumns }).columns.toRecords()).toEqual(records);
    } finally {
      await broken.close();
    }
  });
});
