/**
 * Malformed, random and slow requests straight at the sandbox over bare sockets: every mistake gets
 * a 4xx answer with a JSON `{"error": "..."}` body, never a 500 and never a crash, and the server
 * keeps serving ordinary requests afterwards, also while slow clients hold connections open.
 */
import fc from "fast-check";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EndpointSpec } from "../../src/catalog";
import { LEGACY_API, LNG_V1 } from "../../src/lng";
import { NATGAS_V3, NATGAS_V4 } from "../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { openSocket, post, rawRequest, readAnswer, type RawAnswer } from "./helpers/raw-http";

const MAX_BODY = 256 * 1024;
let sandbox: SandboxHandle;
let port: number;

/** Every endpoint's method and path as the sandbox mounts it. */
const ENDPOINTS: { method: string; path: string }[] = [
  ...([...Object.values(NATGAS_V3), ...Object.values(NATGAS_V4)] as EndpointSpec[]).map((s) => ({ method: s.httpMethod, path: s.path })),
  ...(Object.values(LNG_V1) as EndpointSpec[]).map((s) => ({ method: s.httpMethod, path: `/lng${s.path}` })),
  ...(Object.values(LEGACY_API) as EndpointSpec[]).map((s) => ({ method: s.httpMethod, path: `/legacy${s.path}` })),
];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 3, asOf: "2026-11-01", pageSize: 500, maxBodyBytes: MAX_BODY });
  port = Number(new URL(sandbox.url).port);
});

afterAll(async () => {
  await sandbox?.close();
});

/** A 4xx answer whose body is JSON with a non-empty `error` string. */
function expectJson4xx(answer: RawAnswer, label: string): void {
  expect(answer.status, `${label}: status (body ${answer.body.slice(0, 200)})`).toBeGreaterThanOrEqual(400);
  expect(answer.status, `${label}: status`).toBeLessThan(500);
  expect(answer.headers["content-type"] ?? "", `${label}: content-type`).toMatch(/application\/json/);
  let parsed: unknown;
  expect(() => (parsed = JSON.parse(answer.body)), `${label}: body is JSON (${answer.body.slice(0, 200)})`).not.toThrow();
  const error = (parsed as { error?: unknown }).error;
  expect(typeof error, `${label}: error field`).toBe("string");
  expect((error as string).length).toBeGreaterThan(0);
}

/** The server still answers an ordinary query with data. */
async function expectStillServing(): Promise<void> {
  const answer = await rawRequest(port, post("/v3/rigs", JSON.stringify({ county: "Reeves", start_date: "2026-01-01", end_date: "2026-01-31" })));
  expect(answer.status).toBe(200);
}

describe("malformed requests: 4xx JSON, never 500", () => {
  const badJson = ["{", "nul", "[1,2", '{"region": }', '{"region": "west",}', "{'region': 'west'}", "\u0000\u0001\u0002", "NaN", '{"a":1}{"b":2}'];
  for (const text of badJson) {
    it(`bad JSON ${JSON.stringify(text)} -> 400`, async () => {
      const answer = await rawRequest(port, post("/v3/rigs", text));
      expectJson4xx(answer, text);
      expect(answer.status).toBe(400);
    });
  }

  it("invalid UTF-8, a byte-order mark, and a 100,000-deep nested array -> 4xx", async () => {
    for (const body of [Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), Buffer.from("\ufeff{}", "utf8"), "[".repeat(100_000) + "]".repeat(100_000)]) {
      const answer = await rawRequest(port, post("/v3/rigs", body));
      if (answer.status !== 200) expectJson4xx(answer, String(body).slice(0, 20));
    }
  });

  const wrongTypes: [string, unknown][] = [
    ["/v3/rigs", []],
    ["/v3/rigs", "west"],
    ["/v3/rigs", 42],
    ["/v3/rigs", { region: true }],
    ["/v3/rigs", { region: [[["west"]]] }],
    ["/v3/rigs", { region: { $ne: null } }],
    ["/v3/rigs", { start_date: "2023-02-29" }],
    ["/v3/rigs", { start_date: "2026-13-01" }],
    ["/v3/rigs", { start_date: 20260101 }],
    ["/v3/rigs", { aggregate_by: ["nonsense"] }],
    ["/v3/rigs", { rig_class: "coal" }],
    ["/v3/rigs", { pagination: { start: -1 } }],
    ["/v3/rigs", { pagination: { start: 1.5 } }],
    ["/v3/rigs", { pagination: { start: "10" } }],
    ["/v3/rigs", { pagination: "next" }],
    ["/v3/rigs", { __proto__: { admin: true }, constructor: { prototype: { polluted: true } } }],
    ["/v3/productionbycountyandoperator", {}],
    ["/v4/rigs", { region_natgas: false }],
    ["/v4/productionbywell", { well_id: [{}] }],
    ["/v4/glossary", { target_function: ["x".repeat(10_000)] }],
    ["/lng/v1/volume_flows", { destination_polygons: [[[[Number.NaN, 1]]]] }],
    ["/lng/v1/volume_flows", { destination_polygons: "[[[0,0],[1,1],[0,1],[0,0]]]" }],
    ["/lng/v1/volume_flows", { from_timestamp: "yesterday" }],
    ["/lng/v1/volume_flows", { transaction_type: "both" }],
    ["/lng/v1/transactions/forecast/history/details", { imos: ["abc"] }],
    ["/legacy/api/v2/targetd_query", { imos: [1.5] }],
  ];
  for (const [path, body] of wrongTypes) {
    it(`${path} ${JSON.stringify(body).slice(0, 60)} -> 4xx JSON`, async () => {
      // JSON.stringify drops the own __proto__ key of an object literal; write it explicitly.
      const text = JSON.stringify(body).replace('"constructor"', '"__proto__":{"admin":true},"constructor"');
      expectJson4xx(await rawRequest(port, post(path, text)), path);
    });
  }

  it("the old API reports an unknown report as a FAILED job (its own way of failing), never a 500", async () => {
    for (const req_report of ["everything", ["overview"], 7, null]) {
      const answer = await rawRequest(port, post("/legacy/api/v2/analysis_report", JSON.stringify({ req_report })), 10_000, true);
      if (answer.status !== 200) {
        expectJson4xx(answer, JSON.stringify(req_report));
        continue;
      }
      const job = JSON.parse(answer.body) as { state: string; meta: { report_result: unknown; message: string } };
      expect(job.state).toBe("FAILED");
      expect(job.meta.report_result).toBeNull();
      expect(job.meta.message).toMatch(/req_report/);
    }
  });

  it("bodies over the limit -> 413, declared or streamed chunked, and nothing after the limit is read", async () => {
    const big = Buffer.alloc(MAX_BODY + 10, 0x20);
    expectJson4xx(await rawRequest(port, post("/v3/rigs", big)), "declared");
    const declaredOnly = await rawRequest(port, post("/v3/rigs", "", { "content-length": String(50 * 1024 * 1024) }));
    expectJson4xx(declaredOnly, "declared 50 MB");
    expect(declaredOnly.status).toBe(413);

    const head = "POST /v3/rigs HTTP/1.1\r\nhost: x\r\naccess_key: hostile\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n";
    const chunk = (b: Buffer) => Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from("\r\n")]);
    const parts = [head, ...Array.from({ length: 8 }, () => chunk(Buffer.alloc(64 * 1024, 0x20))), "0\r\n\r\n"];
    const streamed = await rawRequest(port, parts);
    expectJson4xx(streamed, "chunked");
    expect(streamed.status).toBe(413);
  });

  const unknownPaths = ["/", "/nope", "/v3", "/v3/nope", "/v5/rigs", "/v3/rigs/extra", "/lng", "/lng/v2/volume_flows", "/legacy/api/v3/x", "/%2e%2e/%2e%2e/etc/passwd", "/v3/rigs%00", "/v3/" + "a".repeat(4000)];
  for (const path of unknownPaths) {
    it(`unknown path ${path.slice(0, 40)} -> 404 JSON`, async () => {
      const answer = await rawRequest(port, post(path, "{}"));
      expectJson4xx(answer, path);
      expect(answer.status).toBe(404);
    });
  }

  it("wrong methods -> 4xx JSON (405 on a known path)", async () => {
    for (const method of ["GET", "PUT", "DELETE", "PATCH", "OPTIONS", "BREW"]) {
      const answer = await rawRequest(port, `${method} /v3/rigs HTTP/1.1\r\nhost: x\r\naccess_key: hostile\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`);
      expectJson4xx(answer, method);
    }
    const answer = await rawRequest(port, post("/v3/dtils", "{}"));
    expectJson4xx(answer, "POST dtils");
    expect(answer.status).toBe(405);
  });

  it("odd headers: no token, empty token, other schemes -> 401 JSON; odd accept and content types never 500", async () => {
    for (const headers of <Record<string, string>[]>[{ access_key: "" }, { access_key: "   " }, { access_key: "", authorization: "Basic dXNlcjpwYXNz" }, { access_key: "", authorization: "Bearer" }]) {
      const answer = await rawRequest(port, post("/v3/rigs", "{}", headers));
      expectJson4xx(answer, JSON.stringify(headers));
      expect(answer.status).toBe(401);
    }
    const odd: Record<string, string>[] = [
      { "content-type": "text/plain" },
      { "content-type": "application/x-www-form-urlencoded" },
      { accept: "application/x-ndjson, application/x-ndjson;q=0" },
      { accept: "*/*;q=abc" },
      { "content-encoding": "gzip" },
      { "x-request-id": "\u00ff\u00fe" },
      { "access-key": "second-token" },
    ];
    for (const headers of odd) {
      const answer = await rawRequest(port, post("/v3/rigs", JSON.stringify({ county: "Reeves", start_date: "2026-01-01" }), headers));
      expect(answer.status, JSON.stringify(headers)).toBeGreaterThan(0);
      if (answer.status !== 200) expectJson4xx(answer, JSON.stringify(headers));
    }
  });

  it("not HTTP at all, or headers far too large -> a 4xx answer, and the connection is closed", async () => {
    for (const bytes of ["HELLO\r\n\r\n", "POST /v3/rigs HTTP/9.9\r\n\r\n", `POST /v3/rigs HTTP/1.1\r\nhost: x\r\nx-big: ${"a".repeat(64 * 1024)}\r\n\r\n`, "POST /v3/rigs HTTP/1.1\r\nbad header line\r\n\r\n"]) {
      const answer = await rawRequest(port, bytes);
      expectJson4xx(answer, bytes.slice(0, 30));
      if (bytes.includes("x-big")) expect(answer.status).toBe(431);
    }
    await expectStillServing();
  });
});

describe("random requests", () => {
  const methods = fc.constantFrom("GET", "POST", "PUT", "DELETE");
  const paths = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ENDPOINTS.map((e) => e.path)) },
    { weight: 1, arbitrary: fc.webPath() },
    { weight: 1, arbitrary: fc.constantFrom(...ENDPOINTS.map((e) => e.path)).map((p) => `/${p.toUpperCase()}//`) },
  );
  const filterNames = ["region", "sub_region", "county", "operator", "state_code", "start_date", "end_date", "aggregate_by", "pagination", "region_natgas", "date_prod_min", "well_id", "api", "imos", "imo", "from_timestamp", "transaction_type", "destination_polygons", "req_report", "forecast_run_at"];
  const bodies = fc.oneof(
    fc.dictionary(fc.constantFrom(...filterNames), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }).map((o) => JSON.stringify(o)),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 60 }),
    fc.uint8Array({ maxLength: 60 }).map((a) => Buffer.from(a).toString("latin1")),
  );

  it("never 500, every non-2xx is JSON, and the server keeps serving", async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(methods, paths, bodies, async (method, path, body) => {
        const payload = Buffer.from(body, "latin1");
        const bytes = Buffer.concat([
          Buffer.from(`${method} ${path} HTTP/1.1\r\nhost: x\r\naccess_key: hostile\r\ncontent-type: application/json\r\ncontent-length: ${payload.length}\r\nconnection: close\r\n\r\n`, "latin1"),
          payload,
        ]);
        const answer = await rawRequest(port, bytes);
        expect(answer.status, `${method} ${path} ${body}`).toBeGreaterThan(0);
        expect(answer.status, `${method} ${path} ${body}: ${answer.body}`).toBeLessThan(500);
        if (answer.status >= 300) expectJson4xx(answer, `${method} ${path} ${body}`);
        answered++;
      }),
      { numRuns: 150, seed: 20261101 },
    );
    expect(answered).toBe(150);
    await expectStillServing();
  });
});

describe("slow and vanishing clients", () => {
  it("keeps serving while 30 clients hold half-sent headers or bodies open", async () => {
    const slow: Socket[] = [];
    try {
      for (let i = 0; i < 20; i++) {
        const s = await openSocket(port);
        s.on("error", () => {});
        s.write(`POST /v3/rigs HTTP/1.1\r\nhost: x\r\naccess_key: hos`);
        slow.push(s);
      }
      for (let i = 0; i < 10; i++) {
        const s = await openSocket(port);
        s.on("error", () => {});
        s.write(`POST /v3/rigs HTTP/1.1\r\nhost: x\r\naccess_key: hostile\r\ncontent-length: 1000\r\n\r\n{"region":`);
        slow.push(s);
      }
      await expectStillServing();
      await expectStillServing();
    } finally {
      for (const s of slow) s.destroy();
    }
    await expectStillServing();
  });

  it("a client that finishes its body late is still answered", async () => {
    const s = await openSocket(port);
    s.on("error", () => {});
    const body = JSON.stringify({ county: "Reeves", start_date: "2026-01-01", end_date: "2026-01-05" });
    s.write(`POST /v3/rigs HTTP/1.1\r\nhost: x\r\naccess_key: hostile\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n`);
    const answer = readAnswer(s);
    for (const ch of body) s.write(ch);
    expect((await answer).status).toBe(200);
  });

  it("clients that leave mid-answer, or never read a big answer, do not stop the server", async () => {
    const leavers: Socket[] = [];
    for (let i = 0; i < 5; i++) {
      const s = await openSocket(port);
      s.on("error", () => {});
      const body = JSON.stringify({ date_observed_min: "2026-01-01" });
      s.write(`POST /v4/rigs HTTP/1.1\r\nhost: x\r\naccess_key: hostile\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`);
      if (i % 2 === 0) {
        await new Promise<void>((resolve) => s.once("data", () => resolve()));
        s.destroy();
      } else {
        s.pause();
        leavers.push(s);
      }
    }
    await expectStillServing();
    for (const s of leavers) s.destroy();
    await expectStillServing();
  });
});
