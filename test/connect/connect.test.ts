import { afterAll, describe, expect, it } from "vitest";
import { ConfigurationError } from "../../src/http/configuration-error";
import { closeSharedSandbox, connect, DEFAULT_SANDBOX_AS_OF } from "../../src/connect";
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
      // No LNG URL configured: using that client is a configuration error, not a silent sandbox fallback.
      expect(() => conn.lng.volumeFlows).toThrow(ConfigurationError);
    } finally {
      await other.close();
    }
  });

  it("refuses an unknown cache mode from the environment", async () => {
    await expect(connect({}, { GASFRAMES_CACHE: "sometimes" })).rejects.toThrow(/GASFRAMES_CACHE/);
  });
});
