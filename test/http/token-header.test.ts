/**
 * A token an HTTP header cannot carry (a line break, a control character, anything outside ASCII) is a
 * ConfigurationError when any client is built, naming the problem and never the token; it used to
 * become a retried ConnectionError on every request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../../src/connect";
import { GasframesError } from "../../src/errors";
import { ConfigurationError } from "../../src/http";
import { Transport } from "../../src/decode";
import { LegacyLngClient, LngClient } from "../../src/lng";
import { NatGasClient } from "../../src/natgas";
import { postRequest } from "./helpers/make-transport";
import { TOKEN } from "./helpers/secrets";
import { sendJson, startServer, type TestServer } from "./helpers/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer((_req, res) => sendJson(res, 200, { ok: true }));
});
afterAll(() => server.close());

const head = TOKEN.slice(0, 11);
const tail = TOKEN.slice(11);
const BAD: [string, string, RegExp][] = [
  ["CR LF inside", `${head}\r\n${tail}`, /line break \(U\+000D\) at character 12 of/],
  ["LF inside", `${head}\n${tail}`, /line break \(U\+000A\)/],
  ["a NUL byte", `${head}\0${tail}`, /control character \(U\+0000\)/],
  ["a Latin-1 letter", `${head}é${tail}`, /non-ASCII character U\+00E9/],
  ["a no-break space", `${head}\u00a0${tail}`, /non-ASCII character U\+00A0/],
  ["a typographic quote", `\u201c${TOKEN}\u201d`, /non-ASCII character U\+201C at character 1 of/],
  ["an emoji", `${head}\u{1f511}${tail}`, /non-ASCII character U\+1F511/],
];

/** The error `build` throws or rejects with. */
async function failureOf(build: () => unknown): Promise<unknown> {
  try {
    await build();
  } catch (err) {
    return err;
  }
  throw new Error("expected the construction to fail");
}

function expectConfigurationError(err: unknown, token: string, why: RegExp): void {
  expect(err).toBeInstanceOf(ConfigurationError);
  expect((err as GasframesError).code).toBe("CONFIGURATION");
  expect(String(err)).toMatch(why);
  const text = `${String(err)} ${JSON.stringify(err)} ${(err as Error).stack ?? ""}`;
  // Neither the token nor any 4 characters of it.
  for (let i = 0; i + 4 <= token.length; i++) expect(text).not.toContain(token.slice(i, i + 4));
}

describe("a token an HTTP header cannot carry", () => {
  for (const [label, token, why] of BAD) {
    it(`${label}: every client refuses it at construction, and nothing is sent`, async () => {
      const seen = server.seen.length;
      const options = { baseUrl: server.url, token, progress: false } as const;
      expectConfigurationError(await failureOf(() => new NatGasClient(options)), token, why);
      expectConfigurationError(await failureOf(() => new LngClient(options)), token, why);
      expectConfigurationError(await failureOf(() => new LegacyLngClient(options)), token, why);
      expectConfigurationError(await failureOf(() => new Transport(options, { service: "natgas", baseUrlEnv: "UNUSED_ENV" })), token, why);
      const urls = { natgasUrl: server.url, lngUrl: server.url, legacyUrl: server.url };
      expectConfigurationError(await failureOf(() => connect({ ...urls, token, progress: false }, {})), token, why);
      // From the environment, too.
      expectConfigurationError(await failureOf(() => connect({ ...urls, progress: false }, { GASFRAMES_TOKEN: token })), token, why);
      expect(server.seen.length).toBe(seen);
    });
  }

  it("names where the token came from", async () => {
    const saved = process.env.GASFRAMES_NATGAS_TOKEN;
    process.env.GASFRAMES_NATGAS_TOKEN = `${head}\n${tail}`;
    try {
      const err = await failureOf(() => new NatGasClient({ baseUrl: server.url, progress: false }));
      expect(String(err)).toContain("(from GASFRAMES_NATGAS_TOKEN)");
    } finally {
      if (saved === undefined) delete process.env.GASFRAMES_NATGAS_TOKEN;
      else process.env.GASFRAMES_NATGAS_TOKEN = saved;
    }
  });

  it("a line break at either end (a token read from a file) is trimmed, and spaces inside are sent as they are", async () => {
    server.handle((_req, res) => sendJson(res, 200, { ok: true }));
    await new Transport({ baseUrl: server.url, token: `${TOKEN}\r\n`, progress: false }, { service: "natgas", baseUrlEnv: "UNUSED_ENV" }).fetchRecords(postRequest());
    expect(server.seen[0]?.headers.access_key).toBe(TOKEN);
    await new Transport(
      { baseUrl: server.url, token: `Bearer ${TOKEN}`, tokenHeader: "Authorization", progress: false },
      { service: "natgas", baseUrlEnv: "UNUSED_ENV" },
    ).fetchRecords(postRequest());
    expect(server.seen[1]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("an extra header value with a line break is refused the same way", () => {
    expect(() => new Transport({ baseUrl: server.url, token: TOKEN, headers: { "X-Team": "gas\r\nX-Evil: 1" } }, { service: "natgas", baseUrlEnv: "UNUSED_ENV" })).toThrow(
      /headers: the value of "X-Team" contains a line break/,
    );
  });
});

describe("which header the transport puts the token in", () => {
  const plain = { service: "natgas", baseUrlEnv: "UNUSED_ENV" } as const;
  const byPath = { ...plain, tokenHeaderFor: (path: string) => (path.startsWith("/v4/") ? "Access-Key" : "access_key") };

  /** The names of the request headers that carried the token. */
  async function sentIn(options: Record<string, unknown>, service: typeof plain | typeof byPath, req: Parameters<typeof postRequest>[0]): Promise<string[]> {
    server.handle((_req, res) => sendJson(res, 200, { ok: true }));
    await new Transport({ baseUrl: server.url, token: TOKEN, progress: false, ...options }, service).fetchRecords(postRequest(req));
    return Object.entries(server.seen[0]!.headers)
      .filter(([, v]) => v === TOKEN)
      .map(([k]) => k);
  }

  it("the request's own header first, else the service's for the path, else access_key; the tokenHeader option beats them all", async () => {
    expect(await sentIn({}, plain, {})).toEqual(["access_key"]);
    expect(await sentIn({}, byPath, { path: "/v4/rigs" })).toEqual(["access-key"]);
    expect(await sentIn({}, byPath, { path: "/v3/rigs" })).toEqual(["access_key"]);
    expect(await sentIn({}, byPath, { path: "/v3/rigs", tokenHeader: "Access-Key" })).toEqual(["access-key"]);
    expect(await sentIn({ tokenHeader: "X-Api-Key" }, byPath, { path: "/v4/rigs", tokenHeader: "Access-Key" })).toEqual(["x-api-key"]);
  });

  it("a request naming a header that is no header name is refused before anything is sent", async () => {
    server.handle((_req, res) => sendJson(res, 200, { ok: true }));
    const t = new Transport({ baseUrl: server.url, token: TOKEN, progress: false, maxRetries: 0 }, plain);
    await expect(t.fetchRecords(postRequest({ tokenHeader: "Access Key" }))).rejects.toBeInstanceOf(ConfigurationError);
    expect(server.seen.length).toBe(0);
  });
});
