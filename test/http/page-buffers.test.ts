// The reusable body buffers of the parse pool: taken, given back, reused, bounded, and let go once no
// body is on its way (a finished download pins nothing).
import { describe, expect, it } from "vitest";
import { PageBuffers } from "../../src/decode/columnar/page-buffers";
import { freeNow } from "../../src/util/free-now";

describe("PageBuffers", () => {
  it("hands a given-back buffer out again for a body that fits, and a fresh one for a bigger body", () => {
    const pool = new PageBuffers();
    const a = pool.take(1000);
    const keepOneOut = pool.take(10);
    expect(a.byteLength).toBe(1000);
    expect(a.byteOffset).toBe(0);
    pool.give(a.buffer);
    expect(pool.idleCount).toBe(1);
    const b = pool.take(1050);
    // 1000 bytes asked, a sixteenth more made: a slightly bigger page reuses it.
    expect(b.buffer).toBe(a.buffer);
    expect(b.byteLength).toBe(1050);
    const c = pool.take(5000);
    expect(c.buffer).not.toBe(a.buffer);
    expect(pool.owns(c.buffer)).toBe(true);
    expect(pool.owns(new ArrayBuffer(8))).toBe(false);
    pool.give(keepOneOut.buffer);
  });

  it("keeps at most `keep` idle buffers, none bigger than `maxBytes`, and ignores buffers it did not make", () => {
    const pool = new PageBuffers({ keep: 2, maxBytes: 4096 });
    const held = pool.take(1);
    const taken = [pool.take(100), pool.take(100), pool.take(100), pool.take(10_000)];
    for (const t of taken) pool.give(t.buffer);
    pool.give(new ArrayBuffer(100));
    expect(pool.idleCount).toBe(2);
    expect(pool.outstanding).toBe(1);
    pool.give(held.buffer);
  });

  it("lets every idle buffer go when cleared, and keeps counting the ones out", () => {
    const pool = new PageBuffers();
    const a = pool.take(100);
    const b = pool.take(100);
    pool.give(a.buffer);
    pool.give(b.buffer);
    expect(pool.outstanding).toBe(0);
    expect(pool.idleCount).toBe(2);
    pool.clear();
    expect(pool.idleCount).toBe(0);
    expect(pool.take(100).buffer).not.toBe(a.buffer);
  });

  it("lets idle buffers go by themselves once none came back for `idleMs`", async () => {
    const pool = new PageBuffers({ idleMs: 1 });
    pool.give(pool.take(100).buffer);
    expect(pool.idleCount).toBe(1);
    await new Promise<void>((resolve) => {
      const check = (): void => (pool.idleCount === 0 ? resolve() : void setTimeout(check, 5));
      check();
    });
    expect(pool.idleCount).toBe(0);
  });

  it("takes back a buffer moved to a worker and back (a new ArrayBuffer object) when told so", async () => {
    const pool = new PageBuffers();
    const held = pool.take(1);
    const a = pool.take(64);
    a.set([1, 2, 3]);
    // structuredClone with a transfer list moves the memory as postMessage does.
    const moved = structuredClone(a.buffer as ArrayBuffer, { transfer: [a.buffer as ArrayBuffer] });
    expect(a.buffer.byteLength).toBe(0);
    expect(pool.owns(moved)).toBe(false);
    pool.give(moved);
    expect(pool.idleCount).toBe(0);
    pool.give(moved, true);
    expect(pool.idleCount).toBe(1);
    expect(pool.take(64).buffer).toBe(moved);
    pool.give(held.buffer);
  });

  it("counts a buffer lost with a worker as no longer out", () => {
    const pool = new PageBuffers();
    const a = pool.take(100);
    pool.take(100);
    pool.give(a.buffer);
    expect(pool.outstanding).toBe(1);
    pool.lost();
    expect(pool.outstanding).toBe(0);
  });

  it("frees the memory of every buffer it lets go at once: cleared, timed out, or past what it keeps", async () => {
    const MB = 1024 * 1024;
    const pool = new PageBuffers({ keep: 2, idleMs: 1 });
    const taken = [pool.take(4 * MB), pool.take(4 * MB), pool.take(4 * MB)];
    for (const t of taken) t.fill(7);
    const memory = taken.map((t) => t.buffer);
    const before = process.memoryUsage().arrayBuffers;
    for (const t of taken) pool.give(t.buffer);
    // Two kept idle (still whole), the third past `keep`: detached now, its memory gone with it.
    expect(memory.map((m) => m.byteLength)).toEqual([memory[0]!.byteLength, memory[1]!.byteLength, 0]);
    expect(memory[0]!.byteLength).toBeGreaterThanOrEqual(4 * MB);
    pool.clear();
    expect(memory.map((m) => m.byteLength)).toEqual([0, 0, 0]);
    // The memory itself goes back without any garbage collection (the closed port drops the message).
    await until(() => before - process.memoryUsage().arrayBuffers >= 12 * MB);
    // Idle buffers let go by the timer are freed the same way.
    const idle = pool.take(MB);
    pool.give(idle.buffer);
    const kept = idle.buffer;
    await until(() => pool.idleCount === 0);
    expect(kept.byteLength).toBe(0);
  });

  it("never frees a buffer it did not make, nor one given twice while idle", () => {
    const pool = new PageBuffers();
    const foreign = new ArrayBuffer(64);
    pool.give(foreign);
    pool.clear();
    expect(foreign.byteLength).toBe(64);
    const a = pool.take(64);
    pool.give(a.buffer);
    pool.give(a.buffer);
    expect(pool.idleCount).toBe(1);
    expect(a.buffer.byteLength).toBeGreaterThan(0);
    expect(pool.take(64).buffer).toBe(a.buffer);
  });
});

describe("freeNow", () => {
  it("detaches what can be moved and leaves the rest to the collector without throwing", () => {
    const plain = new ArrayBuffer(1024);
    const shared = new SharedArrayBuffer(1024);
    const pooledSlab = Buffer.from("small").buffer as ArrayBuffer;
    const detached = new ArrayBuffer(8);
    structuredClone(detached, { transfer: [detached] });
    expect(() => freeNow([detached, shared as unknown as ArrayBuffer, pooledSlab, plain])).not.toThrow();
    expect(plain.byteLength).toBe(0);
    expect(shared.byteLength).toBe(1024);
    expect(pooledSlab.byteLength).toBeGreaterThan(0);
  });
});

/** Resolves once `cond` holds, looking again at every turn of the event loop (no fixed wait). */
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((resolve) => setImmediate(resolve));
}
