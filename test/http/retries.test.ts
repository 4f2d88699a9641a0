import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AuthenticationError,
  BadRequestError,
  NotFoundError,
  PermissionDeniedError,
  QueryTooLargeError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from "../../src/errors";
import { makeTransport, postRequest, virtualTime } from "./helpers/make-transport";
import { expectNoToken, rejectionOf } from "./helpers/secrets";
import { sendJson, startServer, type TestServer } from "./helpers/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe("retries", () => {
  it("waits the Retry-After of a 429, then succeeds", async () => {
    server.handle((_req, res, i) => {
      if (i === 0) sendJson(res, 429, { error: "slow down" }, { "retry-after": "2" });
      else sendJson(res, 200, { ok: true });
    });
    const { transport, sleeps } = makeTransport(server.url);
    const { records, meta } = await transport.fetchRecords(postRequest());
    expect(records).toEqual([{ ok: true }]);
    expect(sleeps).toEqual([2000]);
    expect(server.seen).toHaveLength(2);
    expect(meta.attempts).toBe(2);
  });

  it("gives up on a 429 forever after maxRateLimitRetries + 1 requests, with RateLimitError", async () => {
    server.handle((_req, res) => sendJson(res, 429, { error: "rate limit exceeded" }, { "retry-after": "1", "x-request-id": "req-42" }));
    const { transport, sleeps, logs } = makeTransport(server.url, { maxRateLimitRetries: 3, maxRetries: 0 });
    const err = await rejectionOf(transport.fetchRecords(postRequest()));
    expect(err).toBeInstanceOf(RateLimitError);
    const e = err as RateLimitError;
    expect(e.status).toBe(429);
    expect(e.code).toBe("RATE_LIMITED");
    expect(e.retryAfter).toBe(1);
    expect(e.serviceMessage).toBe("rate limit exceeded");
    expect(e.requestId).toBe("req-42");
    expect(e.method).toBe("POST");
    expect(e.url).toBe(`${server.url}/v3/rigs`);
    expect(server.seen).toHaveLength(4);
    expect(sleeps).toEqual([1000, 1000, 1000]);
    expectNoToken(err, logs.lines);
  });

  it("gives 429s their own, longer budget: 10 retries by default, backoff from 2 s without Retry-After", async () => {
    server.handle((_req, res) => sendJson(res, 429, { error: "slow down" }));
    const { transport, sleeps } = makeTransport(server.url);
    const err = await rejectionOf(transport.fetchRecords(postRequest({ response: "array", path: "/v4/rigs" })));
    expect(err).toBeInstanceOf(RateLimitError);
    expect(server.seen).toHaveLength(11);
    // equal jitter with random()=0.5: 3/4 of 2, 4, 8, 16, 32 s, then of the 60 s cap
    expect(sleeps).toEqual([1500, 3000, 6000, 12000, 24000, 45000, 45000, 45000, 45000, 45000]);
  });

  it("counts 429s and other failures apart: 503s still give up after maxRetries", async () => {
    server.handle((_req, res, i) => (i % 2 === 0 ? sendJson(res, 429, {}, { "retry-after": "0" }) : sendJson(res, 503, { error: "busy" })));
    const { transport } = makeTransport(server.url, { maxRetries: 2 });
    const err = await rejectionOf(transport.fetchRecords(postRequest()));
    expect(err).toBeInstanceOf(ServerError);
    // 429, 503, 429, 503, 429, 503: the third 503 is one more than maxRetries allows
    expect(server.seen).toHaveLength(6);
  });

  it("stops waiting out 429s at the deadline", async () => {
    server.handle((_req, res) => sendJson(res, 429, {}, { "retry-after": "20" }));
    const { clock, sleep, sleeps } = virtualTime();
    const { transport } = makeTransport(server.url, { deadlineMs: 50_000, clock, sleep });
    const err = await rejectionOf(transport.fetchRecords(postRequest()));
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).which).toBe("deadline");
    expect((err as TimeoutError).cause).toBeInstanceOf(RateLimitError);
    expect(sleeps).toEqual([20000, 20000]);
    expect(server.seen).toHaveLength(3);
  });

  it("uses the default of 4 retries", async () => {
    server.handle((_req, res) => sendJson(res, 503, { error: "busy" }));
    const { transport } = makeTransport(server.url);
    const err = await rejectionOf(transport.fetchRecords(postRequest()));
    expect(err).toBeInstanceOf(ServerError);
    expect(server.seen).toHaveLength(5);
  });

  it("rides out a burst of 503s with growing backoff", async () => {
    server.handle((_req, res, i) => (i < 3 ? sendJson(res, 503, { error: "overloaded" }) : sendJson(res, 200, { n: i })));
    const { transport, sleeps } = makeTransport(server.url, { retryBaseDelayMs: 100 });
    const { records } = await transport.fetchRecords(postRequest());
    expect(records).toEqual([{ n: 3 }]);
    // equal jitter with random()=0.5: 3/4 of 100, 200, 400
    expect(sleeps).toEqual([75, 150, 300]);
  });

  it("retries 408, 500, 502 and 504 too", async () => {
    const statuses = [408, 500, 502, 504];
    server.handle((_req, res, i) => (i < statuses.length ? sendJson(res, statuses[i] as number, {}) : sendJson(res, 200, { done: 1 })));
    const { transport } = makeTransport(server.url);
    const { records, meta } = await transport.fetchRecords(postRequest());
    expect(records).toEqual([{ done: 1 }]);
    expect(meta.attempts).toBe(5);
  });

  it("keeps the status and an excerpt of an HTML 502 page", async () => {
    const html = "<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1>nginx</body></html>";
    server.handle((_req, res) => {
      res.writeHead(502, { "content-type": "text/html" });
      res.end(html);
    });
    const { transport, logs } = makeTransport(server.url, { maxRetries: 2 });
    const err = await rejectionOf(transport.fetchRecords(postRequest()));
    expect(err).toBeInstanceOf(ServerError);
    const e = err as ServerError;
    expect(e.status).toBe(502);
    expect(e.bodyExcerpt).toContain("502 Bad Gateway");
    expect(e.serviceMessage).toBeUndefined();
    expect(server.seen).toHaveLength(3);
    expectNoToken(err, logs.lines);
  });

  it("honours a Retry-After given as an HTTP date, against the injected clock", async () => {
    const now = Date.parse("2025-03-01T12:00:00Z");
    server.handle((_req, res, i) => {
      if (i === 0) sendJson(res, 503, { error: "maintenance" }, { "retry-after": "Sat, 01 Mar 2025 12:00:07 GMT" });
      else sendJson(res, 200, { ok: 1 });
    });
    const { transport, sleeps } = makeTransport(server.url, { clock: () => now });
    await transport.fetchRecords(postRequest());
    expect(sleeps).toEqual([7000]);
  });

  it("caps a long Retry-After at maxRetryDelayMs", async () => {
    server.handle((_req, res, i) => (i === 0 ? sendJson(res, 429, {}, { "retry-after": "3600" }) : sendJson(res, 200, {})));
    const { transport, sleeps } = makeTransport(server.url, { maxRetryDelayMs: 5000 });
    await transport.fetchRecords(postRequest());
    expect(sleeps).toEqual([5000]);
  });

  it("caps an absurd Retry-After too, and reports at most a day", async () => {
    server.handle((_req, res) => sendJson(res, 429, {}, { "retry-after": "9".repeat(400) }));
    const { transport, sleeps } = makeTransport(server.url, { maxRateLimitRetries: 1 });
    const err = await rejectionOf(transport.fetchRecords(postRequest()));
    expect(sleeps).toEqual([60000]);
    expect((err as RateLimitError).retryAfter).toBe(86400);
  });

  const ignored: Array<[string, string]> = [
    ["a negative number", "-5"],
    ["a signed number", "+5"],
    ["a number with a unit", "5s"],
    ["an exponent", "1e3"],
    ["an ISO timestamp", "2025-03-01T12:00:07Z"],
    ["a date in the past", "Sat, 01 Mar 2025 11:59:00 GMT"],
    ["text", "soon"],
  ];
  for (const [what, header] of ignored) {
    it(`ignores a Retry-After that is ${what} (${header}) and backs off as usual`, async () => {
      const now = Date.parse("2025-03-01T12:00:00Z");
      server.handle((_req, res, i) => {
        if (i === 0) sendJson(res, 503, { error: "busy" }, { "retry-after": header });
        else if (i === 1) sendJson(res, 429, { error: "slow down" }, { "retry-after": header });
        else sendJson(res, 200, { ok: 1 });
      });
      const { transport, sleeps } = makeTransport(server.url, { clock: () => now });
      await transport.fetchRecords(postRequest());
      // 3/4 of 500 ms (the first 503 retry), 3/4 of 2 s (the first 429 retry)
      expect(sleeps).toEqual([375, 1500]);
    });
  }

  it("reads the RFC 850 and asctime date forms (asctime in GMT)", async () => {
    const now = Date.parse("2025-03-01T12:00:00Z");
    const forms = ["Saturday, 01-Mar-25 12:00:09 GMT", "Sat Mar  1 12:00:04 2025"];
    server.handle((_req, res, i) => (i < forms.length ? sendJson(res, 503, {}, { "retry-after": forms[i] as string }) : sendJson(res, 200, {})));
    const { transport, sleeps } = makeTransport(server.url, { clock: () => now });
    await transport.fetchRecords(postRequest());
    expect(sleeps).toEqual([9000, 4000]);
  });

  const noRetry: Array<[number, new (...args: never[]) => Error, string]> = [
    [400, BadRequestError, "BAD_REQUEST"],
    [401, AuthenticationError, "AUTHENTICATION"],
    [403, PermissionDeniedError, "PERMISSION_DENIED"],
    [404, NotFoundError, "NOT_FOUND"],
    [422, BadRequestError, "BAD_REQUEST"],
  ];
  for (const [status, cls, code] of noRetry) {
    it(`sends a request answered ${status} exactly once`, async () => {
      server.handle((_req, res) => sendJson(res, status, { error: `refused with ${status}` }, { "request-id": `rid-${status}` }));
      const { transport, sleeps, logs } = makeTransport(server.url);
      const err = await rejectionOf(transport.fetchRecords(postRequest()));
      expect(err).toBeInstanceOf(cls);
      expect((err as { code: string }).code).toBe(code);
      expect((err as { status: number }).status).toBe(status);
      expect((err as { serviceMessage: string }).serviceMessage).toBe(`refused with ${status}`);
      expect((err as { requestId: string }).requestId).toBe(`rid-${status}`);
      expect(server.seen).toHaveLength(1);
      expect(sleeps).toEqual([]);
      expectNoToken(err, logs.lines);
    });
  }

  it("turns the service's 1,000,000-row refusal into QueryTooLargeError naming unused filters, not retried", async () => {
    server.handle((_req, res) =>
      sendJson(res, 400, { error: "Query matches more than 1,000,000 rows; add filters" }),
    );
    const { transport, logs } = makeTransport(server.url);
    const err = await rejectionOf(
      transport.fetchRecords(
        postRequest({ endpoint: "productionbycountyandoperator", body: { state_ab: null, county: null, year: [2024], operator_name: [] } }),
      ),
    );
    expect(err).toBeInstanceOf(QueryTooLargeError);
    expect((err as QueryTooLargeError).narrowWith).toEqual(["state_ab", "county", "operator_name"]);
    expect(String(err)).toContain("state_ab");
    expect(server.seen).toHaveLength(1);
    expectNoToken(err, logs.lines);
  });
});
