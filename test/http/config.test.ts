import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "undici";
import { AuthenticationError } from "../../src/errors";
import { ConfigurationError, joinUrl } from "../../src/http";
import { Transport } from "../../src/decode";
import { postRequest } from "./helpers/make-transport";
import { TOKEN, captureLogs, expectNoToken, rejectionOf } from "./helpers/secrets";
import { sendJson, startServer, type TestServer } from "./helpers/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer((_req, res) => sendJson(res, 200, { ok: true }));
});
afterAll(() => server.close());

const ENV_NAMES = ["GASFRAMES_TOKEN", "GASFRAMES_NATGAS_TOKEN", "GASFRAMES_NATGAS_URL", "GASFRAMES_LNG_URL"];
const saved = new Map(ENV_NAMES.map((n) => [n, process.env[n]]));
afterEach(() => {
  for (const [n, v] of saved) {
    if (v === undefined) delete process.env[n];
    else process.env[n] = v;
  }
});
function clearEnv(): void {
  for (const n of ENV_NAMES) delete process.env[n];
}

const natgas = {
  service: "natgas",
  baseUrlEnv: "GASFRAMES_NATGAS_URL",
  tokenEnv: ["GASFRAMES_NATGAS_TOKEN"],
  baseUrlHint: "To try it without an account, start the embedded sandbox.",
};

describe("configuration", () => {
  it("takes base URL and token from the environment, and sends the token in access_key", async () => {
    clearEnv();
    process.env.GASFRAMES_NATGAS_URL = server.url;
    process.env.GASFRAMES_TOKEN = TOKEN;
    server.handle((_req, res) => sendJson(res, 200, { ok: true }));
    const transport = new Transport({ progress: false }, natgas);
    expect(transport.baseUrl).toBe(server.url);
    await transport.fetchRecords(postRequest());
    const headers = server.seen[0]?.headers ?? {};
    expect(headers.access_key).toBe(TOKEN);
    expect(headers["content-type"]).toBe("application/json");
    expect(headers.accept).toBe("application/json");
  });

  it("prefers constructor values, then the service's own token variable", async () => {
    clearEnv();
    process.env.GASFRAMES_NATGAS_URL = "http://127.0.0.1:1";
    process.env.GASFRAMES_TOKEN = "shared-token-1111";
    process.env.GASFRAMES_NATGAS_TOKEN = "natgas-token-2222";
    server.handle((_req, res) => sendJson(res, 200, {}));
    await new Transport({ baseUrl: server.url, progress: false }, natgas).fetchRecords(postRequest());
    expect(server.seen[0]?.headers.access_key).toBe("natgas-token-2222");
    await new Transport({ baseUrl: server.url, token: TOKEN, progress: false }, natgas).fetchRecords(postRequest());
    expect(server.seen[1]?.headers.access_key).toBe(TOKEN);
  });

  it("sends the token under a configured header name, and extra headers", async () => {
    server.handle((_req, res) => sendJson(res, 200, {}));
    const t = new Transport({ baseUrl: server.url, token: TOKEN, tokenHeader: "Access-Key", headers: { "X-Team": "gas" }, progress: false }, natgas);
    await t.fetchRecords(postRequest());
    expect(server.seen[0]?.headers["access-key"]).toBe(TOKEN);
    expect(server.seen[0]?.headers.access_key).toBeUndefined();
    expect(server.seen[0]?.headers["x-team"]).toBe("gas");
  });

  it("raises AuthenticationError with a hint and sends nothing when no token is set", async () => {
    clearEnv();
    server.handle((_req, res) => sendJson(res, 200, {}));
    const t = new Transport({ baseUrl: server.url, progress: false }, natgas);
    const err = await rejectionOf(t.fetchRecords(postRequest()));
    expect(err).toBeInstanceOf(AuthenticationError);
    expect((err as AuthenticationError).status).toBe(0);
    expect(String(err)).toContain("GASFRAMES_TOKEN");
    expect(server.seen).toHaveLength(0);
  });

  it("raises ConfigurationError naming the variable when there is no base URL", () => {
    clearEnv();
    expect(() => new Transport({ token: TOKEN }, natgas)).toThrow(ConfigurationError);
    try {
      new Transport({ token: TOKEN }, natgas);
    } catch (err) {
      expect((err as ConfigurationError).code).toBe("CONFIGURATION");
      expect(String(err)).toContain("GASFRAMES_NATGAS_URL");
      expect(String(err)).toContain("sandbox");
    }
    expect(() => new Transport({ baseUrl: "ftp://x", token: TOKEN }, natgas)).toThrow(ConfigurationError);
    expect(() => new Transport({ baseUrl: "not a url", token: TOKEN }, natgas)).toThrow(ConfigurationError);
    expect(() => new Transport({ baseUrl: server.url, token: TOKEN, maxRetries: -1 }, natgas)).toThrow(ConfigurationError);
    expect(() => new Transport({ baseUrl: server.url, token: TOKEN, attemptTimeoutMs: 0 }, natgas)).toThrow(/attemptTimeoutMs/);
  });

  it("refuses headers that frame the request or use the connection, in headers and as tokenHeader", () => {
    for (const name of ["Content-Length", "transfer-encoding", "Connection", "Expect", "Upgrade"]) {
      expect(() => new Transport({ baseUrl: server.url, token: TOKEN, headers: { [name]: "x" } }, natgas)).toThrow(
        new RegExp(`headers: "${name}" says how the request is framed`),
      );
    }
    expect(() => new Transport({ baseUrl: server.url, token: TOKEN, tokenHeader: "Transfer-Encoding" }, natgas)).toThrow(ConfigurationError);
    // Host is not framing: a gateway may need its own, and the client sends it as given.
    expect(() => new Transport({ baseUrl: server.url, token: TOKEN, headers: { Host: "api.internal" } }, natgas)).not.toThrow();
  });

  it("joins URLs without doubled slashes, keeping a base path and a query", async () => {
    expect(joinUrl("http://h:1/", "/v3/rigs")).toBe("http://h:1/v3/rigs");
    expect(joinUrl("http://h:1//", "//v3/rigs")).toBe("http://h:1/v3/rigs");
    expect(joinUrl("http://h:1/api/", "v1/volume_flows")).toBe("http://h:1/api/v1/volume_flows");
    expect(joinUrl("http://h:1", "/v3/glossary/rigs/region", { a: "x y", b: "1" })).toBe("http://h:1/v3/glossary/rigs/region?a=x+y&b=1");
    server.handle((_req, res) => sendJson(res, 200, {}));
    const t = new Transport({ baseUrl: `${server.url}/`, token: TOKEN, progress: false }, natgas);
    const { meta } = await t.fetchRecords(postRequest());
    expect(server.seen[0]?.url).toBe("/v3/rigs");
    expect(meta.url).toBe(`${server.url}/v3/rigs`);
  });

  it("uses a dispatcher passed in", async () => {
    server.handle((_req, res) => sendJson(res, 200, {}));
    let dispatched = 0;
    const agent = new Agent().compose((dispatch) => (opts, handler) => {
      dispatched++;
      return dispatch(opts, handler);
    });
    const t = new Transport({ baseUrl: server.url, token: TOKEN, dispatcher: agent, progress: false }, natgas);
    await t.fetchRecords(postRequest());
    expect(dispatched).toBe(1);
    await agent.close();
  });

  it("fills meta with provenance and never the token", async () => {
    server.handle((_req, res) => sendJson(res, 200, { ok: 1 }, { "x-request-id": "abc-1" }));
    const logs = captureLogs();
    let now = Date.parse("2025-01-02T03:04:05Z");
    const t = new Transport({ baseUrl: server.url, token: TOKEN, progress: false, logger: logs.logger, clock: () => (now += 10) }, natgas);
    const { meta } = await t.fetchRecords(postRequest());
    expect(meta).toMatchObject({
      method: "POST",
      url: `${server.url}/v3/rigs`,
      params: { region: "west", operator_name: null },
      pages: 1,
      rows: 1,
      attempts: 1,
      fromCache: false,
      requestIds: ["abc-1"],
    });
    expect(meta.fetchedAt).toBe("2025-01-02T03:04:05.010Z");
    expect(meta.bytes).toBe(8);
    expect(JSON.stringify(meta)).not.toContain(TOKEN);
    expect(logs.lines.length).toBeGreaterThan(0);
    expectNoToken(meta, logs.lines);
  });

  it("keeps the token out of errors even when the service echoes it back", async () => {
    server.handle((req, res) => sendJson(res, 401, { error: `bad key ${String(req.headers.access_key)}` }));
    const logs = captureLogs();
    const t = new Transport({ baseUrl: server.url, token: TOKEN, progress: false, logger: logs.logger }, natgas);
    const err = await rejectionOf(t.fetchRecords(postRequest()));
    expect(err).toBeInstanceOf(AuthenticationError);
    expect(String(err)).toContain("bad key ***");
    expectNoToken(err, logs.lines);
  });
});

describe("a token too short to mask safely", () => {
  it("is refused at construction, without printing it", () => {
    let error: unknown;
    try {
      new Transport({ baseUrl: "http://127.0.0.1:9", token: "x7q" }, { service: "natgas", baseUrlEnv: "UNUSED_ENV" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(String(error)).toMatch(/too short \(3 characters/);
    expect(String(error)).not.toContain("x7q");
  });
});
