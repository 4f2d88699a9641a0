/**
 * One broad client scenario under a recognisable token: calls that succeed (with retries), calls the
 * sandbox refuses (401), a hostile service that echoes the token back in error bodies, HTML pages and
 * headers, refused params, cache on. The token must appear in no error, log line, console output,
 * result, printed client or cache file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthenticationError, GasframesError, PermissionDeniedError } from "../../src/errors";
import { LegacyLngClient, LngClient } from "../../src/lng";
import { NatGasClient } from "../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { CANARY, captureOutput, filesUnder, leaks, renderingsOf } from "./helpers/canary";

let allowed: SandboxHandle;
let refusing: SandboxHandle;
let echo: Server;
let echoUrl: string;
let cacheDir: string;

/** A service that puts whatever token it receives into every kind of failure it can send. */
function startEcho(): Promise<Server> {
  const server = createServer((req, res) => {
    req.resume();
    const token = String(req.headers.access_key ?? req.headers["access-key"] ?? "");
    const path = (req.url ?? "").split("?")[0];
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", "x-request-id": `req-${token}`, ...headers });
      res.end(JSON.stringify(body));
    };
    if (path === "/v3/rigs") json(403, { error: `token ${token} may not read rigs` });
    else if (path === "/v3/wells") json(400, { error: `bad request from access_key=${token}` });
    else if (path === "/v3/completions") json(429, { error: `slow down, ${token}` }, { "retry-after": "0" });
    else if (path === "/v3/fraccrews") {
      res.writeHead(502, { "content-type": "text/html" });
      res.end(`<html><body><h1>502 Bad Gateway</h1><pre>upstream said: ${token}</pre></body></html>`);
    } else if (path === "/v3/productionbycountyandoperator") json(400, { error: `${token}: the query matches 1,288,000 rows, more than the 1,000,000-row limit` });
    else if (path === "/v3/dailyfrackedfeet") {
      // Fewer bytes than declared, then the connection closes: a truncated body.
      res.writeHead(200, { "content-type": "application/json", "content-length": "500" });
      res.write(`{"data":[{"date":"${token}"`, () => res.socket?.end());
    } else if (path === "/v3/dtils") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(`{"data": [oops ${token}`);
    } else json(404, { error: `no ${path} for ${token}` });
  });
  server.keepAliveTimeout = 120_000; // see test/helpers/listen-local.ts
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

beforeAll(async () => {
  [allowed, refusing, echo] = await Promise.all([
    startSandbox({ seed: 5, asOf: "2026-11-01", pageSize: 300, tokens: [CANARY], faults: { paths: "/v3/", rateLimitEvery: 3, retryAfterSeconds: 0, errorBurst: { every: 7, length: 1 } } }),
    startSandbox({ seed: 5, asOf: "2026-11-01", tokens: ["someone-else"] }),
    startEcho(),
  ]);
  echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
  cacheDir = mkdtempSync(join(tmpdir(), "gasframes-canary-cache-"));
});

afterAll(async () => {
  await Promise.all([allowed?.close(), refusing?.close(), new Promise((r) => echo?.close(r))]);
  if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
});

describe("the token never leaks", () => {
  it("through errors, logs, console output, results, printed clients or cache files", async () => {
    const logLines: string[] = [];
    const warnings: string[] = [];
    const common = {
      token: CANARY,
      progress: true as const,
      logger: { debug: (m: string) => logLines.push(m), warn: (m: string) => logLines.push(m) },
      warn: (m: string) => warnings.push(m),
      sleep: async () => {},
      cache: { mode: "readwrite" as const, dir: cacheDir },
    };
    const errors: unknown[] = [];
    const rendered: [string, string][] = [];
    const output = captureOutput();
    try {
      // Succeeds through 429s and 503s, recorded into the cache, then replayed from it.
      const natgas = new NatGasClient({ ...common, baseUrl: allowed.natgasUrl });
      const rigs = await natgas.v3.rigs({ county: "Reeves", start_date: "2026-01-01", end_date: "2026-02-28" });
      expect(rigs.meta.attempts).toBeGreaterThan(rigs.meta.pages);
      const again = await natgas.v3.rigs({ county: "Reeves", start_date: "2026-01-01", end_date: "2026-02-28" });
      expect(again.meta.fromCache).toBe(true);
      const v4 = await natgas.v4.rigs({ county: "Reeves", date_observed_min: "2026-01-01", date_observed_max: "2026-01-31" }, { ndjson: true });
      const lng = new LngClient({ ...common, baseUrl: allowed.lngUrl });
      const flows = await lng.volumeFlows({ destination_country_codes: ["US"], from_timestamp: "2026-09-01", to_timestamp: "2026-09-30" });
      const legacy = new LegacyLngClient({ ...common, baseUrl: allowed.legacyUrl });
      const overview = await legacy.overview({ start_date: "2026-09-01", end_date: "2026-09-30" });
      for (const [name, value] of Object.entries({ rigs, again, v4, flows, overview })) {
        rendered.push([`${name} meta`, JSON.stringify(value.meta)], [`${name} inspect`, inspect(value.meta, { depth: 10 })]);
      }
      rendered.push(["frame", String(rigs.toFrame().head(3).toString())]);
      for (const client of [natgas, lng, legacy]) {
        rendered.push([`inspect ${client.constructor.name}`, inspect(client, { depth: 20, showHidden: true })], [`JSON ${client.constructor.name}`, JSON.stringify(client) ?? ""]);
      }

      // Refused by the sandbox: 401 for a token it does not accept, on every service.
      const denied = {
        natgas: new NatGasClient({ ...common, baseUrl: refusing.natgasUrl }),
        lng: new LngClient({ ...common, baseUrl: refusing.lngUrl }),
        legacy: new LegacyLngClient({ ...common, baseUrl: refusing.legacyUrl }),
      };
      for (const call of [() => denied.natgas.v3.rigs({ county: "Reeves" }), () => denied.natgas.v4.regions(), () => denied.lng.vessels(), () => denied.legacy.liveStatus()]) {
        const error = await call().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(AuthenticationError);
        errors.push(error);
      }

      // A hostile service echoing the token back in every failure it can produce.
      // No warn sink here: its deprecation warning goes to console.warn, which is captured too.
      const { warn: _unused, ...withoutWarn } = common;
      const hostile = new NatGasClient({ ...withoutWarn, baseUrl: echoUrl, cache: { mode: "off" } });
      const hostileCalls = [
        () => hostile.v3.rigs({ county: "Reeves" }),
        () => hostile.v3.wells({ county: "Reeves" }),
        () => hostile.v3.completions({ county: "Reeves" }),
        () => hostile.v3.fracCrews({ county: "Reeves" }),
        () => hostile.v3.productionByCountyAndOperator({ region: "west" }),
        () => hostile.v3.dailyFrackedFeet({ region: "west" }),
        () => hostile.v3.dtils(),
        () => hostile.v4.rigs({ county: "Reeves" }),
      ];
      for (const call of hostileCalls) {
        const error = await call().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(GasframesError);
        errors.push(error);
      }
      expect(errors.some((e) => e instanceof PermissionDeniedError)).toBe(true);

      // Bad params that quote the token back (a user pasting it in the wrong place), and no token at all.
      errors.push(await natgas.v3.rigs({ start_date: CANARY } as never).catch((e: unknown) => e));
      errors.push(await natgas.v3.rigs({ [CANARY]: "x" } as never).catch((e: unknown) => e));
      const noToken = new NatGasClient({ baseUrl: allowed.natgasUrl, progress: false });
      errors.push(await noToken.v3.rigs({ county: "Reeves" }).catch((e: unknown) => e));
    } finally {
      output.restore();
    }

    expect(errors.length).toBeGreaterThanOrEqual(15);
    for (const error of errors) expect(error).toBeInstanceOf(GasframesError);
    const texts: [string, string][] = [
      ...errors.flatMap((e, i) => renderingsOf(e).map((t, j): [string, string] => [`error ${i} view ${j} (${String(e).slice(0, 80)})`, t])),
      ...logLines.map((l, i): [string, string] => [`log ${i}`, l]),
      ...warnings.map((l, i): [string, string] => [`warning ${i}`, l]),
      ...output.lines.map((l, i): [string, string] => [`output ${i}`, l]),
      ...rendered,
      ...filesUnder(cacheDir),
    ];
    // The scan had something to scan: retries were logged, a warning printed, pages were cached.
    expect(logLines.length).toBeGreaterThan(5);
    expect(output.lines.length).toBeGreaterThan(0);
    expect(filesUnder(cacheDir).length).toBeGreaterThanOrEqual(4);
    expect(leaks(texts)).toEqual([]);
    // The hostile service did send the token back: the redaction was needed, and applied.
    expect(errors.some((e) => String(e).includes("***"))).toBe(true);
  });

  it("the sandbox's stand-in token is masked too, yet masks no ordinary word such as \"sandbox\"", async () => {
    const failing = await startSandbox({ faults: { errorBurst: { every: 1, length: 1 } } });
    try {
      const error = await NatGasClient.forSandbox(failing, { progress: false, sleep: async () => {}, maxRetries: 0 })
        .v3.dtils()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GasframesError);
      expect(String(error)).toContain("sandbox fault");
    } finally {
      await failing.close();
    }
  });
});
