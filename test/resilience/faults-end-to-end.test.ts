/**
 * Real work against a sandbox that misbehaves: a 200,000-row paginated v3 query and v4 NDJSON
 * queries come back row for row the same as without faults, and faults that never clear end in a
 * typed error after a bounded number of requests, never in a partial result.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConnectionError, GasframesError, RateLimitError, ResponseParseError, ServerError } from "../../src/errors";
import { LegacyLngClient, LngClient } from "../../src/lng";
import { NatGasClient, type NatGasClientOptions } from "../../src/natgas";
import { startSandbox, type SandboxFaults, type SandboxHandle } from "../../src/sandbox";
import { CountingAgent } from "./helpers/counting-agent";
import { startFaultProxy, type FaultProxy } from "./helpers/fault-proxy";
import { firstDifference } from "./helpers/rows";

const DATA = { seed: 1, asOf: "2026-11-01", pageSize: 2000 } as const;
/** About 215,000 rig rows: 108 pages of 2,000. */
const BIG_V3 = { start_date: "2025-10-01" } as const;
/**
 * Five windows of half a month of v4 rigs, about 7,600 rows each: the faults count requests
 * and cut bodies after 64 KiB, so they meet these as they met the month-long windows of 16,000 rows
 * before, with half the rows to make, send and compare.
 */
const V4_WINDOWS = ["2026-01", "2026-02", "2026-03", "2026-04", "2026-05"].map((m) => ({
  date_observed_min: `${m}-01`,
  date_observed_max: `${m}-14`,
}));

/** Faults spread over the v3 pages: about one request in five fails, in every way the sandbox can. */
const V3_FAULTS: SandboxFaults = {
  paths: "/v3/",
  rateLimitEvery: 13,
  retryAfterSeconds: 2,
  errorBurst: { every: 31, length: 2, status: 503 },
  resetEvery: 17,
  truncateEvery: 23,
  faultAfterBytes: 4096,
  slowEvery: 11,
  slowMs: 20,
};

/**
 * v4 faults, one counter over the NDJSON calls in order: requests 3 (429), 4 (reset), 5 (truncated),
 * 6 (429), 8 (reset), 9 (429), 10 (truncated), 13 (503)... never five failures in a row.
 */
const V4_FAULTS: SandboxFaults = {
  paths: "/v4/",
  rateLimitEvery: 3,
  retryAfterSeconds: 1,
  resetEvery: 4,
  truncateEvery: 5,
  errorBurst: { every: 13, length: 1, status: 503 },
  faultAfterBytes: 64 * 1024,
  slowEvery: 7,
  slowMs: 20,
};

/**
 * LNG v1 and old-API faults, one counter over the calls in order: 429 every 3rd, 503 every 7th, reset
 * every 5th, truncated every 11th request; at most four failures in a row over the first 50 requests.
 */
const LNG_FAULTS: SandboxFaults = {
  paths: /^\/(lng|legacy)\//,
  rateLimitEvery: 3,
  retryAfterSeconds: 0,
  errorBurst: { every: 7, length: 1, status: 503 },
  resetEvery: 5,
  truncateEvery: 11,
  faultAfterBytes: 256,
};

let clean: SandboxHandle;
let faultyV3: SandboxHandle;
let faultyV4: SandboxHandle;

beforeAll(async () => {
  [clean, faultyV3, faultyV4] = await Promise.all([
    startSandbox(DATA),
    startSandbox({ ...DATA, faults: V3_FAULTS }),
    startSandbox({ ...DATA, faults: V4_FAULTS }),
  ]);
});

afterAll(async () => {
  await Promise.all([clean?.close(), faultyV3?.close(), faultyV4?.close()]);
});

/** A client whose waits are recorded, not slept, and whose requests are counted. */
function client(baseUrl: string, extra: NatGasClientOptions = {}) {
  const agent = new CountingAgent();
  const sleeps: number[] = [];
  const natgas = new NatGasClient({
    baseUrl,
    token: "resilience",
    progress: false,
    warn: () => {},
    dispatcher: agent,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...extra,
  });
  return { natgas, agent, sleeps };
}

describe("faults that clear: retries absorb them and nothing changes", () => {
  it("a 200,000-row v3 query over 100+ pages equals the fault-free run row for row", async () => {
    const reference = client(clean.natgasUrl);
    const faulty = client(faultyV3.natgasUrl);
    const expected = await reference.natgas.v3.rigs(BIG_V3);
    const got = await faulty.natgas.v3.rigs(BIG_V3);

    expect(expected.length).toBeGreaterThanOrEqual(200_000);
    expect(expected.meta.pages).toBeGreaterThanOrEqual(100);
    expect(got.length).toBe(expected.length);
    expect(firstDifference(got.records, expected.records)).toBeUndefined();
    expect(got.meta.pages).toBe(expected.meta.pages);

    // The faults really fired on many pages, and every retry is accounted for.
    const retries = got.meta.attempts - got.meta.pages;
    expect(retries).toBeGreaterThanOrEqual(15);
    expect(faulty.agent.count).toBe(got.meta.attempts);
    expect(reference.agent.count).toBe(expected.meta.pages);
    // Retry-After (2 s) replaced the backoff on the 429s.
    expect(faulty.sleeps).toContain(2000);
    await reference.agent.close();
    await faulty.agent.close();
  });

  it("v4 NDJSON queries equal the fault-free runs row for row", async () => {
    const reference = client(clean.natgasUrl);
    const faulty = client(faultyV4.natgasUrl);
    let retried = 0;
    let rows = 0;
    for (const window of V4_WINDOWS) {
      const expected = await reference.natgas.v4.rigs(window, { ndjson: true });
      const got = await faulty.natgas.v4.rigs(window, { ndjson: true });
      expect(expected.length).toBeGreaterThan(5000);
      expect(got.length).toBe(expected.length);
      expect(firstDifference(got.records, expected.records)).toBeUndefined();
      if (got.meta.attempts > 1) retried++;
      rows += got.length;
    }
    expect(rows).toBeGreaterThan(25_000);
    expect(retried).toBeGreaterThanOrEqual(3);
    expect(faulty.agent.count).toBeGreaterThan(V4_WINDOWS.length + 5);
    await reference.agent.close();
    await faulty.agent.close();
  });
});

describe("LNG v1 and the old API under faults", () => {
  it("every call equals the fault-free one, record for record", async () => {
    const faulty = await startSandbox({ ...DATA, faults: LNG_FAULTS });
    const make = (sandbox: SandboxHandle) => {
      const common = { token: "resilience", progress: false as const, warn: () => {}, sleep: async () => {} };
      const lng = new LngClient({ ...common, baseUrl: sandbox.lngUrl });
      const legacy = new LegacyLngClient({ ...common, baseUrl: sandbox.legacyUrl });
      return [
        () => lng.volumeFlows({ destination_country_codes: ["JP"], from_timestamp: "2026-06-01", to_timestamp: "2026-12-31" }),
        () => lng.volumeFlows({ origin_country_codes: ["US"], from_timestamp: "2026-01-01", to_timestamp: "2026-10-31" }, { ndjson: true }),
        () => lng.transactions({ from_timestamp: "2026-08-01", to_timestamp: "2026-10-31" }, { ndjson: true }),
        () => lng.transactionsForecast({ destination_country_codes: ["JP", "KR", "CN"] }),
        () => lng.vessels(),
        () => lng.forecastRunAtTimestamps(),
        () => legacy.overview({ start_date: "2026-08-01", end_date: "2026-10-31" }),
        () => legacy.flowTimeseries({ polygons: ["Japan"], start_date: "2026-05-01", end_date: "2026-10-31", aggregation: "weekly" }),
        () => legacy.liveStatus(),
        () => legacy.targetdQuery({ countries: ["Japan"], start_date: "2026-01-01", end_date: "2026-10-31" }),
      ];
    };
    try {
      const expected = make(clean);
      const got = make(faulty);
      let attempts = 0;
      for (let i = 0; i < expected.length; i++) {
        const want = await expected[i]!();
        const have = await got[i]!();
        expect(want.records.length, `call ${i}`).toBeGreaterThan(0);
        expect(firstDifference(have.records, want.records), `call ${i}`).toBeUndefined();
        attempts += have.meta.attempts;
      }
      expect(attempts).toBeGreaterThanOrEqual(expected.length + 10);
    } finally {
      await faulty.close();
    }
  });
});

describe("faults that never clear: a typed error, no partial result, a bounded number of requests", () => {
  const cases: { name: string; faults: SandboxFaults; error: new (...args: never[]) => GasframesError }[] = [
    { name: "every answer 503", faults: { errorBurst: { every: 1, length: 1 } }, error: ServerError },
    { name: "every answer 429", faults: { rateLimitEvery: 1, retryAfterSeconds: 30 }, error: RateLimitError },
    { name: "every body reset", faults: { resetEvery: 1, faultAfterBytes: 512 }, error: ConnectionError },
    { name: "every body truncated", faults: { truncateEvery: 1, faultAfterBytes: 512 }, error: GasframesError },
  ];

  for (const { name, faults, error } of cases) {
    // A 429 has its own, longer budget (maxRateLimitRetries, default 10): 11 requests instead of 5.
    const requests = error === RateLimitError ? 11 : 5;
    it(`${name}: v3 paged and v4 NDJSON both fail after ${requests} requests each`, async () => {
      const sandbox = await startSandbox({ ...DATA, faults });
      const { natgas, agent, sleeps } = client(sandbox.natgasUrl);
      try {
        let outcome: unknown = await natgas.v3.rigs(BIG_V3).catch((e: unknown) => e);
        expect(outcome).toBeInstanceOf(error);
        expect(agent.count).toBe(requests);
        // One wait per retry (on 429s the service's 30 s; the transport may also space the starts).
        expect(sleeps.filter((ms) => ms >= 30_000 || error !== RateLimitError)).toHaveLength(requests - 1);

        outcome = await natgas.v4.rigs(V4_WINDOWS[0], { ndjson: true }).catch((e: unknown) => e);
        expect(outcome).toBeInstanceOf(error);
        expect(agent.count).toBe(2 * requests);
        if (error === RateLimitError) expect((outcome as RateLimitError).retryAfter).toBe(30);
        if (name === "every body truncated") {
          expect(outcome instanceof ConnectionError || outcome instanceof ResponseParseError).toBe(true);
        }
      } finally {
        await agent.close();
        await sandbox.close();
      }
    });
  }

  describe("one page of many that always fails", () => {
    let proxy: FaultProxy;
    const BAD_START = 12 * DATA.pageSize;

    beforeAll(async () => {
      proxy = await startFaultProxy(clean.url, (_method, _path, body) => {
        const start = (JSON.parse(body || "{}") as { pagination?: { start?: number } }).pagination?.start;
        return start === BAD_START ? { kind: "status", status: 503 } : { kind: "forward" };
      });
    });
    afterAll(async () => {
      await proxy?.close();
    });

    it("rejects the whole query with ServerError; the failing page was asked 5 times and no page past the window was fetched", async () => {
      const { natgas, agent } = client(proxy.url, { concurrency: 4 });
      const outcome = await natgas.v3.rigs(BIG_V3).catch((e: unknown) => e);
      await agent.close();

      expect(outcome).toBeInstanceOf(ServerError);
      expect((outcome as ServerError).status).toBe(503);
      const bad = proxy.seen.filter((s) => s.answer === "status");
      expect(bad).toHaveLength(5);
      // Read-ahead is bounded: at most `concurrency` pages are on the wire, and at most 3 x concurrency
      // pages (12) are downloaded, parsing or waiting for their turn past the oldest undelivered one,
      // so nothing beyond that window past the failing page is ever requested.
      const window = 3 * 4;
      const starts = proxy.seen.map((s) => (JSON.parse(s.body || "{}") as { pagination?: { start?: number } }).pagination?.start ?? 0);
      expect(Math.max(...starts)).toBeLessThan(BAD_START + window * DATA.pageSize);
      expect(proxy.seen.length).toBeLessThanOrEqual(BAD_START / DATA.pageSize + 5 + window);
      // Requests still on the wire when the call failed are cancelled; the proxy may never log them
      // (at most one per network slot).
      expect(agent.count).toBeGreaterThanOrEqual(proxy.seen.length);
      expect(agent.count).toBeLessThanOrEqual(proxy.seen.length + 4);
    });

    it("a stream hands out the pages before the failing one, then throws: never a silent end", async () => {
      const { natgas, agent } = client(proxy.url, { concurrency: 2 });
      let rows = 0;
      const outcome = await (async () => {
        for await (const batch of natgas.v3.stream.rigs(BIG_V3)) rows += batch.length;
        return "ended";
      })().catch((e: unknown) => e);
      await agent.close();
      expect(outcome).toBeInstanceOf(ServerError);
      expect(rows).toBe(BAD_START);
    });
  });
});
