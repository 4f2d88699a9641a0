/**
 * Which service a client talks to is the client's knowledge (src/client/services.ts), not the
 * transport's: each client names its own base URL variable and the sandbox when it has no URL, and
 * reads its own token variable before the shared one.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ConfigurationError } from "../../src/http";
import { ConnectionError } from "../../src/errors";
import { offlineDispatcher } from "../helpers/offline-dispatcher";
import { LegacyLngClient, LngClient } from "../../src/lng";
import { NatGasClient } from "../../src/natgas";
import { sendJson, startServer, type TestServer } from "../http/helpers/test-server";

const VARIABLES = [
  "GASFRAMES_TOKEN",
  "GASFRAMES_NATGAS_URL",
  "GASFRAMES_LNG_URL",
  "GASFRAMES_LEGACY_URL",
  "GASFRAMES_NATGAS_TOKEN",
  "GASFRAMES_LNG_TOKEN",
  "GASFRAMES_LEGACY_TOKEN",
];
const saved = Object.fromEntries(VARIABLES.map((n) => [n, process.env[n]]));
afterEach(() => {
  for (const [n, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[n];
    else process.env[n] = v;
  }
});
const clearEnv = () => {
  for (const n of VARIABLES) delete process.env[n];
};

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const clients = {
  natgas: (o: Record<string, unknown>) => new NatGasClient({ progress: false, warn: () => undefined, ...o }),
  lng: (o: Record<string, unknown>) => new LngClient({ progress: false, warn: () => undefined, checkNames: false, ...o }),
  legacy: (o: Record<string, unknown>) => new LegacyLngClient({ progress: false, warn: () => undefined, ...o }),
};

/** The documented live hosts (docs/conformance.md#live-hosts), written out so a changed constant is seen. */
const LIVE_HOSTS: Record<string, string> = {
  natgas: "https://hyperion.api.synmax.com/v3/pipelinescrapestatus",
  lng: "https://leviaton.api.synmax.com/v1/vessels",
  legacy: "https://api.leviaton.synmax.com/leviaton-be2/api/v2/analysis_report",
};
type AnyClient = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const LIVE_CALLS: Record<string, (c: AnyClient) => Promise<unknown>> = {
  natgas: (c) => c.v3.pipelineScrapeStatus(),
  lng: (c) => c.vessels(),
  legacy: (c) => c.liveStatusReport(),
};

describe("each client knows its service", () => {
  for (const [service, make] of Object.entries(clients)) {
    it(`${service}: no token and no base URL is a ConfigurationError naming GASFRAMES_${service.toUpperCase()}_URL and the sandbox`, () => {
      clearEnv();
      let error: unknown;
      try {
        make({});
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(String(error)).toContain(`No base URL for the ${service} service`);
      expect(String(error)).toContain(`GASFRAMES_${service.toUpperCase()}_URL`);
      expect(String(error)).toMatch(/sandbox/);
    });

    it(`${service}: a token and no base URL means the documented live host`, async () => {
      clearEnv();
      const token = "live-token-5678abcd";
      const client = make({ token, dispatcher: offlineDispatcher(), maxRetries: 0 }) as unknown as Record<string, unknown>;
      const call = LIVE_CALLS[service]!(client);
      const error = await call.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConnectionError);
      expect(String((error as Error).message)).toContain(LIVE_HOSTS[service]!);
      expect(JSON.stringify(error)).not.toContain("5678");
      expect(String((error as Error).message)).not.toContain("5678");
    });
  }

  it("each reads its own token variable before GASFRAMES_TOKEN", async () => {
    clearEnv();
    process.env.GASFRAMES_TOKEN = "shared-token-0000";
    process.env.GASFRAMES_NATGAS_TOKEN = "natgas-token-1111";
    process.env.GASFRAMES_LNG_TOKEN = "lng-token-2222";
    process.env.GASFRAMES_LEGACY_TOKEN = "legacy-token-3333";
    server.handle((req, res) => {
      if (req.url.startsWith("/api/v2")) sendJson(res, 200, { state: "SUCCESS", meta: { report_result: [] } });
      else if (req.url.startsWith("/v3")) sendJson(res, 200, { data: [], pagination: { start: 0, page_size: 10, total_count: 0 } });
      else sendJson(res, 200, []);
    });
    await clients.natgas({ baseUrl: server.url, checkNames: false }).v3.rigs({ region: "west" });
    await clients.lng({ baseUrl: server.url }).vessels();
    await clients.legacy({ baseUrl: server.url }).liveStatus();
    // Each in its API's header (test/client/token-header.test.ts): v3 and the old API access_key, LNG v1 Access-Key.
    expect(server.seen.map((s) => s.headers.access_key ?? s.headers["access-key"])).toEqual(["natgas-token-1111", "lng-token-2222", "legacy-token-3333"]);
  });
});
