/**
 * An endpoint with a documented rate limit is paced: a sliding window per client and endpoint, in which
 * every request to the network counts (each page of a paged call, each retry) and an answer from the
 * cache does not. A full window makes the next request wait for a free slot, shown in the progress
 * display; an abort or the call's deadline ends the wait with the usual typed errors. Time is a manual
 * clock the test moves, so nothing here waits for real.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EndpointSpec, RateLimitSpec } from "../../src/catalog/types";
import { buildEndpointMethods } from "../../src/client/endpoint-methods";
import { resetWarnings } from "../../src/client/warn-once";
import { AbortError, TimeoutError } from "../../src/errors";
import { formatProgress, type ProgressUpdate, type TransportOptions } from "../../src/http";
import { Transport } from "../../src/decode";
import { sendJson, startServer, type TestServer } from "../http/helpers/test-server";

const TOKEN = "pacer-test-token-5b1e";
const PER_MINUTE = 60_000;

/** A clock that moves only when told, and a sleep that ends when the clock reaches its wake time. */
class ManualTime {
  now = 0;
  readonly sleeps: { ms: number; wake: number }[] = [];
  #sleepers: { wake: number; resolve: () => void }[] = [];
  #changed = signal();

  readonly clock = (): number => this.now;
  readonly sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const sleeper = { wake: this.now + ms, resolve };
      this.sleeps.push({ ms, wake: sleeper.wake });
      this.#sleepers.push(sleeper);
      signal?.addEventListener(
        "abort",
        () => {
          this.#sleepers = this.#sleepers.filter((s) => s !== sleeper);
          reject(signal.reason);
        },
        { once: true },
      );
      this.notify();
    });

  /** Sleepers not woken yet. */
  get pending(): number[] {
    return this.#sleepers.map((s) => s.wake);
  }

  /** Moves the clock to `t` and wakes every sleeper due by then. */
  advanceTo(t: number): void {
    this.now = t;
    const due = this.#sleepers.filter((s) => s.wake <= t);
    this.#sleepers = this.#sleepers.filter((s) => s.wake > t);
    for (const s of due) s.resolve();
  }

  /** Something happened (a sleep began, a request arrived). */
  notify(): void {
    this.#changed.resolve();
    this.#changed = signal();
  }

  /** Resolves once `cond` holds, re-checked after every event (no timer involved). */
  async until(cond: () => boolean): Promise<void> {
    while (!cond()) await this.#changed.promise;
  }
}

/** A promise and its resolve (Node 20 has no Promise.withResolvers). */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

let server: TestServer;
let time: ManualTime;
/** The virtual time each request reached the server at, per path. */
let arrivals: { path: string; at: number; start?: number }[];

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => {
  resetWarnings();
  time = new ManualTime();
  arrivals = [];
});

/** A v3-style paged endpoint (`page` rows per page of `total`) and a v4-style array endpoint. */
function serve(opts: { total?: number; page?: number; failFirst?: boolean } = {}): void {
  const { total = 1, page = 1 } = opts;
  let failed = !opts.failFirst;
  server.handle((req, res) => {
    const start = ((req.json as { pagination?: { start?: number } } | undefined)?.pagination?.start ?? 0) as number;
    arrivals.push({ path: req.url, at: time.now, start });
    time.notify();
    if (!failed) {
      failed = true;
      sendJson(res, 503, { error: "busy" });
      return;
    }
    if (req.url.startsWith("/v3/")) {
      const rows = Array.from({ length: Math.max(0, Math.min(page, total - start)) }, (_, i) => ({ n: start + i }));
      sendJson(res, 200, { data: rows, pagination: { start, page_size: page, total_count: total } });
    } else {
      sendJson(res, 200, [{ n: arrivals.length }]);
    }
  });
}

function spec(method: string, path: string, rateLimit: RateLimitSpec, paged = false): EndpointSpec {
  return {
    service: "natgas",
    version: paged ? "v3" : "v4",
    method,
    httpMethod: "POST",
    path,
    decoder: paged ? "envelope-paged" : "array",
    params: [{ name: "region", type: { kind: "strArr" } }],
    record: { name: `test.${method}`, fields: [{ name: "n", type: "int" }] },
    rateLimit,
  };
}

function transport(extra: TransportOptions = {}): Transport {
  return new Transport(
    { baseUrl: server.url, token: TOKEN, progress: false, clock: time.clock, sleep: time.sleep, random: () => 0, ...extra },
    { service: "test", baseUrlEnv: "UNSET_URL" },
  );
}

describe("pacing to a documented rate limit", () => {
  it("every page of a paged call counts; a full window waits for a free slot, shown in the progress", async () => {
    serve({ total: 13, page: 2 });
    const updates: ProgressUpdate[] = [];
    const t = transport({ progress: { update: (p) => updates.push(structuredClone(p)), done: () => undefined } });
    const api = buildEndpointMethods(t, { declines: spec("declines", "/v3/declines", { requests: 3, perMs: PER_MINUTE }, true) });
    const call = api.declines({ region: "west" });
    // Three pages go at once; the other four wait (three for a minute, one for two).
    await time.until(() => arrivals.length === 3 && time.pending.length === 4);
    expect(time.pending.sort((a, b) => a - b)).toEqual([60_000, 60_000, 60_000, 120_000]);
    const shown = updates.find((u) => u.pacing !== undefined);
    expect(shown?.pacing).toEqual({ requests: 3, perMs: PER_MINUTE, waitMs: 60_000 });
    expect(formatProgress(shown!)).toContain("pacing to the documented limit of 3 requests/minute: waiting 60 s");
    time.advanceTo(60_000);
    await time.until(() => arrivals.length === 6 && time.pending.length === 1);
    time.advanceTo(120_000);
    const result = await call;
    expect(result.meta.rows).toBe(13);
    expect(result.meta.pages).toBe(7);
    expect(arrivals.map((a) => a.at)).toEqual([0, 0, 0, 60_000, 60_000, 60_000, 120_000]);
    // No window of a minute ever held more than three requests.
    for (const a of arrivals) expect(arrivals.filter((b) => b.at > a.at - PER_MINUTE && b.at <= a.at).length).toBeLessThanOrEqual(3);
  });

  it("a retry counts as a request", async () => {
    serve({ failFirst: true });
    const api = buildEndpointMethods(transport({ maxRetries: 1, retryBaseDelayMs: 1 }), { flows: spec("flows", "/v4/flows", { requests: 2, perMs: PER_MINUTE }) });
    const first = api.flows({ region: "west" });
    await time.until(() => arrivals.length === 1 && time.pending.length === 1);
    time.advanceTo(time.pending[0]!);
    await first;
    expect(arrivals.length).toBe(2);
    const second = api.flows({ region: "West - TX" });
    await time.until(() => time.pending.length === 1);
    expect(time.pending).toEqual([PER_MINUTE]);
    expect(arrivals.length).toBe(2);
    time.advanceTo(PER_MINUTE);
    await second;
    expect(arrivals.map((a) => a.at)).toEqual([0, 1, PER_MINUTE]);
  });

  it("an answer from the cache does not count", async () => {
    serve();
    const dir = mkdtempSync(join(tmpdir(), "gasframes-pacer-"));
    try {
      const api = buildEndpointMethods(transport({ cache: { mode: "readwrite", dir } }), { flows: spec("flows", "/v4/flows", { requests: 2, perMs: PER_MINUTE }) });
      await api.flows({ region: "west" });
      for (let i = 0; i < 3; i++) expect((await api.flows({ region: "west" })).meta.fromCache).toBe(true);
      await api.flows({ region: "West - TX" });
      expect(arrivals.length).toBe(2);
      expect(time.sleeps).toEqual([]);
      // The window is full now: a third request waits.
      const third = api.flows({ region: "OK" });
      await time.until(() => time.pending.length === 1);
      time.advanceTo(PER_MINUTE);
      await third;
      expect(arrivals.map((a) => a.at)).toEqual([0, 0, PER_MINUTE]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the window is per client and per endpoint", async () => {
    serve();
    const limit = { requests: 1, perMs: PER_MINUTE };
    const catalog = { a: spec("a", "/v4/a", limit), b: spec("b", "/v4/b", limit) };
    const one = buildEndpointMethods(transport(), catalog);
    const other = buildEndpointMethods(transport(), catalog);
    await one.a({ region: "west" });
    await one.b({ region: "west" });
    await other.a({ region: "west" });
    expect(time.sleeps).toEqual([]);
    const again = one.a({ region: "West - TX" });
    await time.until(() => time.pending.length === 1);
    expect(arrivals.length).toBe(3);
    time.advanceTo(PER_MINUTE);
    await again;
    expect(arrivals.map((a) => `${a.path}@${a.at}`)).toEqual(["/v4/a@0", "/v4/b@0", "/v4/a@0", `/v4/a@${PER_MINUTE}`]);
  });

  it("an abort ends the wait with AbortError and gives the slot back", async () => {
    serve();
    const api = buildEndpointMethods(transport(), { flows: spec("flows", "/v4/flows", { requests: 1, perMs: PER_MINUTE }) });
    await api.flows({ region: "west" });
    const controller = new AbortController();
    const waiting = api.flows({ region: "West - TX" }, { signal: controller.signal }).catch((e: unknown) => e);
    await time.until(() => time.pending.length === 1);
    controller.abort();
    const err = await waiting;
    expect(err).toBeInstanceOf(AbortError);
    expect(arrivals.length).toBe(1);
    // The aborted request's slot is free again: the next one waits one minute, not two.
    const next = api.flows({ region: "OK" });
    await time.until(() => time.pending.length === 1);
    expect(time.pending).toEqual([PER_MINUTE]);
    time.advanceTo(PER_MINUTE);
    await next;
    expect(arrivals.length).toBe(2);
  });

  it("a wait that would outlast the call's deadline fails at once with the deadline's TimeoutError", async () => {
    serve();
    const api = buildEndpointMethods(transport({ deadlineMs: 30_000 }), { flows: spec("flows", "/v4/flows", { requests: 1, perMs: PER_MINUTE }) });
    await api.flows({ region: "west" });
    const err = await api.flows({ region: "West - TX" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).which).toBe("deadline");
    expect(time.sleeps).toEqual([]);
    expect(arrivals.length).toBe(1);
  });

  it("an endpoint without a documented limit is not paced", async () => {
    serve();
    const unpaced = { ...spec("flows", "/v4/flows", { requests: 1, perMs: PER_MINUTE }) } as { rateLimit?: RateLimitSpec };
    delete unpaced.rateLimit;
    const api = buildEndpointMethods(transport(), { flows: unpaced as EndpointSpec });
    for (let i = 0; i < 5; i++) await api.flows({ region: "west" });
    expect(arrivals.length).toBe(5);
    expect(time.sleeps).toEqual([]);
  });

  it("pacing: false sends at once, and the sandbox's own clients start with it off", async () => {
    serve();
    const api = buildEndpointMethods(transport({ pacing: false }), { stf: spec("stf", "/v4/stf", { requests: 1, perMs: PER_MINUTE }) });
    for (let i = 0; i < 4; i++) await api.stf({ region: "west" });
    expect(arrivals.length).toBe(4);
    expect(time.sleeps).toEqual([]);
    // A sandbox client calling an endpoint documented at 30 requests/minute 35 times: never waits.
    const { NatGasClient } = await import("../../src/natgas/natgas-client");
    const { v3 } = await import("../../src/natgas/catalog");
    expect(v3.shortTermForecast.rateLimit).toEqual({ requests: 30, perMs: PER_MINUTE });
    const viaSandbox = (pacing?: boolean) =>
      NatGasClient.forSandbox({ natgasUrl: server.url }, { progress: false, clock: time.clock, sleep: time.sleep, warn: () => {}, checkNames: false, ...(pacing === undefined ? {} : { pacing }) });
    const sandboxClient = viaSandbox();
    for (let i = 0; i < 35; i++) await sandboxClient.v3.shortTermForecast({ start_date: "2024-01-01" });
    expect(arrivals.length).toBe(4 + 35);
    expect(time.sleeps).toEqual([]);
    // ... unless asked to: the 31st request then waits for the window.
    const paced = viaSandbox(true);
    const calls = Array.from({ length: 31 }, () => paced.v3.shortTermForecast({ start_date: "2024-01-01" }));
    await time.until(() => arrivals.length === 4 + 35 + 30 && time.sleeps.length > 0);
    time.advanceTo(time.now + PER_MINUTE);
    await Promise.all(calls);
    expect(arrivals.length).toBe(4 + 35 + 31);
  });
});
