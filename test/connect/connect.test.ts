import { afterAll, describe, expect, it } from "vitest";
import { closeSharedSandbox, connect, connectionPlan, DEFAULT_SANDBOX_AS_OF } from "../../src/connect";
import { ConnectionError } from "../../src/errors";
import { offlineDispatcher } from "../helpers/offline-dispatcher";
import { startSandbox } from "../../src/sandbox";

afterAll(async () => {
  await closeSharedSandbox();
});

describe("connect", () => {
  it("starts the sandbox when no token or URL is configured, and reuses it", async () => {
    const a = await connect({ progress: false }, {});
    const b = await connect({ progress: false }, {});
    expect(a.target).toBe("sandbox");
    expect(a.sandbox?.natgasUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(b.sandbox).toBe(a.sandbox);
    const status = await a.natgas.v3.pipelineScrapeStatus();
    expect(status.records.length).toBeGreaterThan(0);
    expect(status.meta.url.startsWith(a.sandbox!.natgasUrl)).toBe(true);
    const runs = await a.lng.forecastRunAtTimestamps();
    expect(runs.records.length).toBeGreaterThan(0);
  });

  it("uses a fixed asOf by default so reports are reproducible", async () => {
    const { lng } = await connect({ progress: false }, {});
    const runs = await lng.forecastRunAtTimestamps();
    const latest = runs.records.map((r) => String(Object.values(r)[0])).sort().at(-1)!;
    expect(latest.slice(0, 10) <= DEFAULT_SANDBOX_AS_OF).toBe(true);
  });

  it("talks to the configured service when a token and URL are set", async () => {
    const other = await startSandbox({ tokens: ["live-token-123"] });
    try {
      const conn = await connect({ progress: false }, { GASFRAMES_TOKEN: "live-token-123", GASFRAMES_NATGAS_URL: other.natgasUrl });
      expect(conn.target).toBe("live");
      expect(conn.sandbox).toBeUndefined();
      const res = await conn.natgas.v3.dtils();
      expect(res.meta.url.startsWith(other.natgasUrl)).toBe(true);
      // The service marks its answers synthetic: the result says so even though the target is "live".
      expect(res.meta.source).toBe("sandbox");
      expect(res.meta.synthetic).toBe(true);
    } finally {
      await other.close();
    }
  });

  it("sends a service with a token and no URL to its documented live host, and starts no sandbox", () => {
    const plan = connectionPlan({}, { GASFRAMES_TOKEN: "only-a-token-9876" });
    expect(plan.target).toBe("live");
    expect(plan.reason).toBe("token");
    expect(plan.services.natgas).toMatchObject({ url: "https://hyperion.api.synmax.com", urlFrom: "live default", tokenFrom: "GASFRAMES_TOKEN" });
    expect(plan.services.lng).toMatchObject({ url: "https://leviaton.api.synmax.com", urlFrom: "live default" });
    expect(plan.services.legacy).toMatchObject({ url: "https://api.leviaton.synmax.com/leviaton-be2", urlFrom: "live default" });
    // A service's own token counts, and a URL from the environment wins over the live host.
    const one = connectionPlan({}, { GASFRAMES_LNG_TOKEN: "lng-token-4321", GASFRAMES_NATGAS_URL: "http://127.0.0.1:9/" });
    expect(one.target).toBe("live");
    expect(one.services.lng.tokenFrom).toBe("GASFRAMES_LNG_TOKEN");
    expect(one.services.natgas).toMatchObject({ url: "http://127.0.0.1:9/", urlFrom: "env" });
    expect(one.services.natgas.token).toBeUndefined();
  });

  it("a token's call with no network fails with a ConnectionError naming the live host, never the token", async () => {
    const conn = await connect({ progress: false, dispatcher: offlineDispatcher(), maxRetries: 0 }, { GASFRAMES_TOKEN: "secret-token-abcdef" });
    expect(conn.target).toBe("live");
    expect(conn.sandbox).toBeUndefined();
    const error = await conn.natgas.v4.rigs({ date_observed_min: "2024-01-01", date_observed_max: "2024-01-07" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toContain("https://hyperion.api.synmax.com/v4/rigs");
    for (const piece of ["secret-token-abcdef", "abcdef", "secret-token"]) {
      expect((error as Error).message).not.toContain(piece);
      expect(JSON.stringify(error)).not.toContain(piece);
    }
  });

  it("uses the sandbox with a token when asked (sandbox: true), and says nothing then", async () => {
    const conn = await connect({ progress: false, sandbox: true }, { GASFRAMES_TOKEN: "a-real-token-0000" });
    expect(conn.target).toBe("sandbox");
    const res = await conn.natgas.v3.dtils();
    expect(res.meta.source).toBe("sandbox");
    expect(res.meta.synthetic).toBe(true);
  });

  it("refuses an unknown cache mode from the environment", async () => {
    await expect(connect({}, { GASFRAMES_CACHE: "sometimes" })).rejects.toThrow(/GASFRAMES_CACHE/);
  });
});
