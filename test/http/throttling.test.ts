/**
 * A long paged download against a service that rate-limits (a token bucket: N requests a second,
 * 429 beyond) completes: concurrency adapts, 429s have their own budget, progress shows it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budget } from "../helpers/budget";
import type { ProgressUpdate } from "../../src/http";
import { formatProgress } from "../../src/http/progress";
import { defaultSleep } from "../../src/http/sleep";
import { NetworkSlots } from "../../src/http/network-slots";
import { Call } from "../../src/http/call";
import { envelopeColumns } from "../../src/decode/column-pages";
import { ParsePool } from "../../src/decode/columnar/parse-pool";
import { resolveConfig } from "../../src/http/config";
import { withRetries } from "../../src/http/with-retries";
import { TOKEN } from "./helpers/secrets";
import type { ServerResponse } from "node:http";
import { makeTransport, postRequest, virtualTime } from "./helpers/make-transport";
import { sendJson, startServer, type SeenRequest, type TestServer } from "./helpers/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

function startOf(req: SeenRequest): number {
  return ((req.json as { pagination?: { start?: number } }).pagination?.start ?? 0) as number;
}

/** A table of `total` rows `{i}` in pages of `pageSize`, behind a token bucket of `perSecond` requests a second. */
function throttledTable(total: number, pageSize: number, perSecond: number, burst: number) {
  // One token at the start: the first page passes, and the first burst of pages meets the limit.
  let tokens = 1;
  let last = performance.now();
  const served = new Map<number, number>();
  const stats = { ok: 0, limited: 0, firstAt: 0, lastAt: 0 };
  server.handle((req, res) => {
    const now = performance.now();
    if (stats.firstAt === 0) stats.firstAt = now;
    stats.lastAt = now;
    tokens = Math.min(burst, tokens + ((now - last) * perSecond) / 1000);
    last = now;
    if (tokens < 1) {
      stats.limited++;
      sendJson(res, 429, { error: "rate limit exceeded" });
      return;
    }
    tokens -= 1;
    stats.ok++;
    const start = startOf(req);
    served.set(start, (served.get(start) ?? 0) + 1);
    const data = [];
    for (let i = start; i < Math.min(total, start + pageSize); i++) data.push({ i });
    sendJson(res, 200, { data, pagination: { start, page_size: pageSize, total_count: total } });
  });
  return { served, stats };
}

describe("a service that rate-limits", () => {
  it("a v3 download completes in order, no page twice, at about the allowed rate, with concurrency cut", async () => {
    const total = 200;
    const pageSize = 5;
    const pages = total / pageSize;
    const perSecond = 10;
    // No burst: two requests less than 100 ms apart meet a 429, however slow the machine.
    const { served, stats } = throttledTable(total, pageSize, perSecond, 1);
    const updates: ProgressUpdate[] = [];
    const sleeps: number[] = [];
    const { transport } = makeTransport(server.url, {
      concurrency: 4,
      // 429s back off from 4 x 25 ms = 100 ms, up to 1 s (no Retry-After is sent).
      retryBaseDelayMs: 25,
      maxRetryDelayMs: 1000,
      sleep: (ms, signal) => {
        sleeps.push(ms);
        return defaultSleep(ms, signal);
      },
      progress: { update: (p) => updates.push(p), done: () => undefined },
    });

    const seen: number[] = [];
    const stream = transport.streamRecords<{ i: number }>(postRequest({ response: "envelope-paged" }));
    for await (const batch of stream) for (const r of batch) seen.push(r.i);

    // Complete, in order, and every page was answered 200 exactly once.
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => i));
    expect([...served.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: pages }, (_, p) => p * pageSize));
    expect([...served.values()].every((n) => n === 1)).toBe(true);
    expect(stats.ok).toBe(pages);

    // The service did throttle, and the client adapted: concurrency went down, and the 429s stayed
    // a fraction of the requests instead of outnumbering them.
    expect(stats.limited).toBeGreaterThan(0);
    expect(stats.limited).toBeLessThanOrEqual(pages);
    const throttled = updates.filter((u) => u.throttled !== undefined);
    expect(throttled.length).toBeGreaterThan(0);
    expect(Math.min(...throttled.map((u) => u.throttled?.concurrency ?? 4))).toBeLessThan(4);
    const last = updates[updates.length - 1] as ProgressUpdate;
    expect(last).toMatchObject({ pages, rows: total, totalPages: pages });
    expect(last.throttled?.rateLimited).toBe(stats.limited);
    expect(last.throttled?.waitedMs).toBeGreaterThan(0);
    expect(formatProgress(last)).toMatch(/throttled: \d pages? at a time, waited [\d.]+ s/);

    // The request rate (429s included) stays near the allowance: at most twice it, plus the burst.
    const seconds = (stats.lastAt - stats.firstAt) / 1000;
    expect(stats.ok + stats.limited).toBeLessThanOrEqual(2 * perSecond * seconds + 1 + 4);
    // Waits (backoff, pauses, gaps between starts) never exceed the cap.
    expect(sleeps.length).toBeGreaterThan(0);
    expect(Math.max(...sleeps)).toBeLessThanOrEqual(1000);
  }, budget(60_000));

  it("pages refused with Retry-After wait what the service asked and are each sent once more", async () => {
    // Every page but the first is refused once, with Retry-After.
    const total = 60;
    const pageSize = 10;
    const refused = new Set<number>();
    server.handle((req, res) => {
      const start = startOf(req);
      if (start > 0 && !refused.has(start)) {
        refused.add(start);
        sendJson(res, 429, { error: "slow down" }, { "retry-after": "3" });
        return;
      }
      const data = [];
      for (let i = start; i < Math.min(total, start + pageSize); i++) data.push({ i });
      sendJson(res, 200, { data, pagination: { start, page_size: pageSize, total_count: total } });
    });
    // Waits after a 429 are computed from the clock: a clock that moves only when the code sleeps keeps
    // them exact however long the machine stalls between a 429 and the next wait.
    const { clock, sleep, sleeps } = virtualTime();
    const { transport } = makeTransport(server.url, { concurrency: 4, clock, sleep });
    const { records } = await transport.fetchRecords<{ i: number }>(postRequest({ response: "envelope-paged" }));
    expect(records.map((r) => r.i)).toEqual(Array.from({ length: total }, (_, i) => i));
    // 1 first page + 5 pages refused once and sent again.
    expect(server.seen).toHaveLength(11);
    // Each refused page waited the 3 s asked; pages held back by a pause (and any gap between starts,
    // should two halvings bring the limit to 1) never waited longer.
    expect(sleeps.filter((ms) => ms === 3000).length).toBeGreaterThanOrEqual(5);
    expect(sleeps.every((ms) => ms > 0 && ms <= 3000)).toBe(true);
  });
});

describe("NetworkSlots (AIMD)", () => {
  it("a 429 pauses the requests that come after it, but not the one that already waited", async () => {
    const sleeps: number[] = [];
    const slots = new NetworkSlots(4, () => 1000, async (ms) => void sleeps.push(ms));
    const refused = await slots.acquire();
    const until = refused.rateLimited(3000);
    expect(until).toBe(4000);
    // Another page of the download waits out the pause before it goes on the wire.
    (await slots.acquire()).release();
    expect(sleeps).toEqual([3000]);
    // The refused page slept its own wait already: no second pause.
    (await slots.acquire(undefined, until, true)).release();
    expect(sleeps).toEqual([3000]);
  });

  it("at one request at a time, a further 429 spaces request starts, and successes close the gap", async () => {
    const sleeps: number[] = [];
    let now = 0;
    const slots = new NetworkSlots(1, () => now, async (ms) => void sleeps.push(ms));
    const first = await slots.acquire();
    const until = first.rateLimited(50);
    const a = await slots.acquire(undefined, until, true);
    a.succeeded();
    a.release();
    const b = await slots.acquire();
    // The pause of the 429 (the clock did not move), then 100 ms after the previous start.
    expect(sleeps).toEqual([50, 100]);
    b.release();
    now = 10_000;
    for (let i = 0; i < 40; i++) {
      const s = await slots.acquire();
      s.succeeded();
      s.release();
      now += 1;
    }
    sleeps.length = 0;
    (await slots.acquire()).release();
    expect(sleeps).toEqual([]);
  });

  it("halves on a 429 once per round, grows back by one per `limit` successes, never above the maximum", async () => {
    const slots = new NetworkSlots(8, () => 0, async () => undefined);
    const round = await Promise.all([1, 2, 3, 4].map(() => slots.acquire()));
    // Four 429s to requests sent under the same limit halve it once.
    for (const s of round) s.rateLimited(100);
    expect(slots.limit).toBe(4);
    const next = await slots.acquire(undefined, 100);
    next.rateLimited(100);
    expect(slots.limit).toBe(2);
    for (let i = 0; i < 2; i++) {
      const s = await slots.acquire(undefined, 100);
      s.succeeded();
      s.release();
    }
    expect(slots.limit).toBe(3);
    for (let i = 0; i < 100; i++) {
      const s = await slots.acquire(undefined, 100);
      s.succeeded();
      s.release();
    }
    expect(slots.limit).toBe(8);
  });

  it("never lets more than `limit` requests on the wire, and serves retries first", async () => {
    const slots = new NetworkSlots(2);
    const a = await slots.acquire();
    const b = await slots.acquire();
    const order: string[] = [];
    const c = slots.acquire().then((s) => (order.push("c"), s));
    const d = slots.acquire(undefined, -Infinity, true).then((s) => (order.push("retry"), s));
    a.release();
    (await d).release();
    b.release();
    (await c).release();
    expect(order).toEqual(["retry", "c"]);
  });

  it("an abort while waiting for a slot rejects, and the line moves on", async () => {
    const slots = new NetworkSlots(1);
    const a = await slots.acquire();
    const controller = new AbortController();
    const waiting = slots.acquire(controller.signal);
    const after = slots.acquire();
    controller.abort(new Error("stop"));
    await expect(waiting).rejects.toThrow("stop");
    a.release();
    (await after).release();
    expect(slots.limit).toBe(1);
  });
});

describe("withRetries and the adaptive limit", () => {
  /** One v3 page fetched through withRetries on `slots` (maxRetries 0), as the column path does; its error, if any. */
  async function fetchPage(slots: NetworkSlots): Promise<unknown> {
    const config = resolveConfig(
      { baseUrl: server.url, token: TOKEN, progress: false, maxRetries: 0, sleep: async () => undefined },
      { service: "natgas", baseUrlEnv: "GASFRAMES_TEST_UNSET_URL" },
    );
    const req = postRequest({ response: "envelope-paged" });
    const call = new Call(config, req, `${server.url}/v3/rigs`);
    const pool = new ParsePool(1);
    try {
      const spec = { method: "POST" as const, url: `${server.url}/v3/rigs`, body: { pagination: { start: 0 } }, accept: "application/json" };
      for await (const _ of withRetries(call, spec, (ex, hooks) => envelopeColumns(ex, call, pool, hooks.bodyRead), slots)) void _;
      return undefined;
    } catch (err) {
      return err;
    } finally {
      call.close();
      await pool.close();
    }
  }

  /** A limit of 8 halved to 4 by a 429. */
  async function halvedSlots(): Promise<NetworkSlots> {
    const slots = new NetworkSlots(8, () => 0, async () => undefined);
    (await slots.acquire()).rateLimited(0);
    expect(slots.limit).toBe(4);
    return slots;
  }

  const broken: Array<[string, (res: ServerResponse) => void]> = [
    ["cut off mid-body", (res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
      // Headers and part of the body flushed, then the connection is cut short of the length.
      res.write('{"data": [{"i": 0}', () => res.socket?.destroy());
    }],
    ["not JSON", (res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"data": [');
    }],
    ["the service's own error", (res) => sendJson(res, 200, { error: "internal failure" })],
  ];
  for (const [what, answer] of broken) {
    it(`a 2xx whose body is ${what} does not grow the limit`, async () => {
      const slots = await halvedSlots();
      server.handle((_req, res) => answer(res));
      // Four successes would bring a limit of 4 to 5: four broken answers must leave it at 4.
      for (let i = 0; i < 4; i++) expect(await fetchPage(slots)).toBeInstanceOf(Error);
      expect(slots.limit).toBe(4);
    });
  }

  it("a 2xx read and parsed whole grows the limit", async () => {
    const slots = await halvedSlots();
    server.handle((_req, res) => sendJson(res, 200, { data: [{ i: 0 }], pagination: { start: 0, page_size: 1, total_count: 1 } }));
    for (let i = 0; i < 4; i++) expect(await fetchPage(slots)).toBeUndefined();
    expect(slots.limit).toBe(5);
  });
});

describe("formatProgress while throttled", () => {
  it("says how many pages go at a time and how long 429s made it wait", () => {
    const base = { endpoint: "rigs", pages: 3, totalPages: 10, rows: 30, totalRows: 100, bytes: 2048, rateBytesPerSec: 1024 };
    expect(formatProgress({ ...base, throttled: { rateLimited: 4, concurrency: 2, waitedMs: 12_000 } })).toBe(
      "gasframes rigs: page 3/10, 30/100 rows, 2.0 kB, 1.0 kB/s, throttled: 2 pages at a time, waited 12 s",
    );
    expect(formatProgress({ ...base, throttled: { rateLimited: 1, concurrency: 1, waitedMs: 1_500 } })).toContain("throttled: 1 page at a time, waited 1.5 s");
    expect(formatProgress({ ...base, throttled: { rateLimited: 9, waitedMs: 185_000 } })).toContain("throttled: waited 3 min 5 s");
  });
});
