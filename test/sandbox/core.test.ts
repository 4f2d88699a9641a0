import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidParamsError } from "../../src/errors";
import { startSandbox } from "../../src/sandbox";
import type { SandboxHandle } from "../../src/sandbox";
import { cleanPath, handleRequest } from "../../src/sandbox/core/handle-request";
import { FaultPlan } from "../../src/sandbox/core/faults";
import { get, post, rawRequest, TOKEN } from "./sandbox-http";
import { listenLocal } from "../helpers/listen-local";

let sandbox: SandboxHandle;
let locked: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox({ asOf: "2025-06-15", seed: 7 });
  locked = await startSandbox({ asOf: "2025-06-15", tokens: ["good-token"], maxBodyBytes: 2048 });
});
afterAll(async () => {
  await sandbox.close();
  await locked.close();
});

describe("start-up", () => {
  it("listens on 127.0.0.1 with three bases under one root", () => {
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.natgasUrl).toBe(sandbox.url);
    expect(sandbox.lngUrl).toBe(`${sandbox.url}/lng`);
    expect(sandbox.legacyUrl).toBe(`${sandbox.url}/legacy`);
    expect(sandbox.pageSize).toBe(10_000);
  });

  it("refuses bad options with a typed error instead of starting", async () => {
    await expect(startSandbox({ asOf: "2025-02-30" })).rejects.toBeInstanceOf(InvalidParamsError);
    await expect(startSandbox({ asOf: "2025-02-30" })).rejects.toThrow(/asOf/);
    await expect(startSandbox({ pageSize: 0 })).rejects.toThrow(/pageSize/);
  });

  it("close() is idempotent", async () => {
    const s = await startSandbox();
    await s.close();
    await expect(s.close()).resolves.toBeUndefined();
  });
});

describe("tokens", () => {
  it.each([
    ["access_key", { access_key: "abc" }],
    ["Access-Key", { "Access-Key": "abc" }],
    ["x-api-key", { "x-api-key": "abc" }],
    ["Authorization: Bearer", { Authorization: "Bearer abc" }],
  ])("accepts a token in %s", async (_name, headers) => {
    const answer = await get(sandbox.url, "/v3/pipelinescrapestatus", headers as Record<string, string>);
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body.data)).toBe(true);
  });

  it("answers 401 JSON without a token, also for unknown paths", async () => {
    for (const path of ["/v3/pipelinescrapestatus", "/nowhere"]) {
      const answer = await get(sandbox.url, path, {});
      expect(answer.status).toBe(401);
      expect(answer.body.error).toMatch(/access token/);
    }
  });

  it("answers 401 for a token outside the `tokens` list and 200 for one in it", async () => {
    expect((await get(locked.url, "/v3/dtils", { access_key: "other" })).status).toBe(401);
    expect((await get(locked.url, "/v3/dtils", { access_key: "good-token" })).status).toBe(200);
  });

  it("never echoes the token in an error", async () => {
    const answer = await get(locked.url, "/v3/dtils", { access_key: "secret-value-123" });
    expect(JSON.stringify(answer.body)).not.toContain("secret-value-123");
  });
});

describe("paths, methods and bodies", () => {
  it("tolerates doubled slashes and a trailing slash", async () => {
    const answer = await rawRequest(sandbox.url, { method: "POST", path: "//v3//longtermforecast/", headers: { access_key: TOKEN }, body: "{}" });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).pagination.total_count).toBeGreaterThan(0);
    expect(cleanPath("//v3//rigs/")).toBe("/v3/rigs");
    expect(cleanPath("/")).toBe("/");
  });

  it("answers 404 JSON for an unknown path, with a request id", async () => {
    const answer = await post(sandbox.url, "/v3/nosuchthing", {});
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatch(/no such endpoint/);
    expect(answer.headers.get("x-request-id")).toMatch(/^sbx-/);
  });

  it("answers 405 JSON for the wrong method", async () => {
    expect((await get(sandbox.url, "/v3/rigs")).status).toBe(405);
    const answer = await post(sandbox.url, "/v3/dtils", {});
    expect(answer.status).toBe(405);
    expect(answer.body.error).toMatch(/GET/);
  });

  it("answers 400 JSON for malformed JSON and for a body that is not an object", async () => {
    const bad = await post(sandbox.url, "/v3/rigs", "{not json");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/malformed JSON/);
    const list = await post(sandbox.url, "/v3/rigs", "[1,2]");
    expect(list.status).toBe(400);
    expect(list.body.error).toMatch(/JSON object/);
  });

  it("answers 413 JSON for a body over the limit", async () => {
    const answer = await post(locked.url, "/v3/rigs", { county: "x".repeat(5000) }, { access_key: "good-token" });
    expect(answer.status).toBe(413);
    expect(answer.body.error).toMatch(/limit/);
  });

  it("puts a distinct x-request-id on every answer, errors included", async () => {
    const a = await get(sandbox.url, "/v3/dtils");
    const b = await get(sandbox.url, "/v3/dtils", {});
    expect(a.headers.get("x-request-id")).toMatch(/^sbx-[0-9a-f]+$/);
    expect(b.headers.get("x-request-id")).toMatch(/^sbx-[0-9a-f]+$/);
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
  });

  it("routes /lng and /legacy to their modules (never to natural gas)", async () => {
    const answer = await post(sandbox.url, "/lng/v3/rigs", {});
    expect(answer.status).toBe(404);
  });
});

describe("a bug in a module", () => {
  it("answers 500 JSON and keeps serving", async () => {
    let calls = 0;
    const settings = {
      context: { seed: 1, asOf: "2025-01-01", pageSize: 10 },
      mounts: [
        {
          prefix: "",
          handler: () => {
            calls++;
            if (calls === 1) throw new Error("boom");
            return { kind: "json" as const, status: 200, body: { ok: true } };
          },
        },
      ],
      tokens: undefined,
      faults: new FaultPlan(undefined),
      maxBodyBytes: 1024,
      sleep: async () => undefined,
    };
    const server = createServer((req, res) => void handleRequest(req, res, settings));
    await listenLocal(server);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const first = await get(url, "/x");
      expect(first.status).toBe(500);
      expect(first.body.error).toMatch(/internal sandbox error: boom/);
      const second = await get(url, "/x");
      expect(second.status).toBe(200);
      expect(second.body).toEqual({ ok: true });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
