/**
 * The old API's base URL: the migration guide writes it with `/api/v2` (the catalog's paths start with
 * it too); either form reaches the same URL, and a missing base is a ConfigurationError naming the
 * documented one. Nothing here reaches any address but 127.0.0.1.
 */
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigurationError } from "../../src/http/configuration-error";
import { LegacyLngClient } from "../../src/lng/legacy/legacy-lng-client";
import { legacyBaseUrl, resolveLegacyBaseUrl } from "../../src/lng/legacy/legacy-base-url";
import { LEGACY_DOCUMENTED_BASE_URL } from "../../src/lng/catalog/doc-pages";
import { listenLocal } from "../helpers/listen-local";

const paths: string[] = [];
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    paths.push(req.url ?? "");
    req.resume();
    req.on("end", () => {
      const wrapper = { version: "2.0", state: "SUCCESS", job_id: "j", meta: { report_result: [], func: "f", code: 200 }, execution_seconds: 0 };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(wrapper));
    });
  });
  port = await listenLocal(server);
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("the old API's base URL", () => {
  it("drops one trailing /api/v2 (and slashes), keeping any other prefix", () => {
    expect(legacyBaseUrl(LEGACY_DOCUMENTED_BASE_URL)).toBe("https://api.leviaton.synmax.com/leviaton-be2");
    expect(legacyBaseUrl("https://api.leviaton.synmax.com/leviaton-be2/api/v2")).toBe("https://api.leviaton.synmax.com/leviaton-be2");
    expect(legacyBaseUrl("https://api.leviaton.synmax.com/leviaton-be2//")).toBe("https://api.leviaton.synmax.com/leviaton-be2");
    expect(legacyBaseUrl("http://127.0.0.1:8080/legacy")).toBe("http://127.0.0.1:8080/legacy");
    expect(legacyBaseUrl("http://h/api/v2/api/v2/")).toBe("http://h/api/v2");
    expect(resolveLegacyBaseUrl(undefined, { GASFRAMES_LEGACY_URL: "http://h/x/api/v2/" })).toBe("http://h/x");
    expect(resolveLegacyBaseUrl(undefined, { GASFRAMES_LEGACY_URL: "  " })).toBeUndefined();
  });

  it("reaches {base}/api/v2/analysis_report whether the base is given with /api/v2 or without", async () => {
    for (const base of [`http://127.0.0.1:${port}/leviaton-be2/api/v2/`, `http://127.0.0.1:${port}/leviaton-be2`]) {
      const client = new LegacyLngClient({ baseUrl: base, token: "legacy-token", maxRetries: 0, progress: false });
      const r = await client.overview({ imos: [9705641] });
      expect(r.meta.url).toBe(`http://127.0.0.1:${port}/leviaton-be2/api/v2/analysis_report`);
    }
    expect(paths).toEqual(["/leviaton-be2/api/v2/analysis_report", "/leviaton-be2/api/v2/analysis_report"]);
  });

  it("without a base and without a token: a ConfigurationError naming the documented base and GASFRAMES_LEGACY_URL", () => {
    const saved = process.env.GASFRAMES_LEGACY_URL;
    const savedTokens = [process.env.GASFRAMES_TOKEN, process.env.GASFRAMES_LEGACY_TOKEN];
    delete process.env.GASFRAMES_LEGACY_URL;
    delete process.env.GASFRAMES_TOKEN;
    delete process.env.GASFRAMES_LEGACY_TOKEN;
    try {
      const err = (() => {
        try {
          new LegacyLngClient({});
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(err).toBeInstanceOf(ConfigurationError);
      const message = String((err as Error).message);
      expect(message).toContain("No base URL for the legacy service");
      expect(message).toContain("GASFRAMES_LEGACY_URL");
      expect(message).toContain(LEGACY_DOCUMENTED_BASE_URL);
      // With a token, the documented base is the default (a token means the live service).
      expect(() => new LegacyLngClient({ token: "legacy-token" })).not.toThrow();
    } finally {
      if (saved !== undefined) process.env.GASFRAMES_LEGACY_URL = saved;
      if (savedTokens[0] !== undefined) process.env.GASFRAMES_TOKEN = savedTokens[0];
      if (savedTokens[1] !== undefined) process.env.GASFRAMES_LEGACY_TOKEN = savedTokens[1];
    }
  });
});
