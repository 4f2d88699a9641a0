import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AbortError, TimeoutError } from "../../src/errors";
import { makeTransport, postRequest, virtualTime } from "./helpers/make-transport";
import { expectNoToken, rejectionOf } from "./helpers/secrets";
import { sendJson, startServer, type TestServer } from "./helpers/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe("time-outs and cancelling", () => {
  it("times out a server that never answers, per attempt, and retries it", async () => {
    server.handle(() => {
      // never answers
    });
    // Long enough for the retry to reach the server, and the stalled body's retry to be answered, on a
    // busy machine (80 ms failed now and then under a load of 20).
    const { transport, sleeps, logs } = makeTransport(server.url, { attemptTimeoutMs: 1_000, maxRetries: 1 });
    const err = await rejectionOf(transport.fetchRecords(postRequest()));
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).which).toBe("attempt");
    expect((err as TimeoutError).timeoutMs).toBe(1_000);
    expect(server.seen).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
    expectNoToken(err, logs.lines);
  });

  it("times out a body that stalls after it started", async () => {
    server.handle((_req, res, i) => {
      if (i === 0) {
        res.writeHead(200, { "content-type": "application/json" });
        res.write('[{"a":1},');
      } else sendJson(res, 200, [{ a: 1 }]);
    });
    const { transport } = makeTransport(server.url, { attemptTimeoutMs: 1_000 });
    const { records, meta } = await transport.fetchRecords(postRequest({ response: "array" }));
    expect(records).toEqual([{ a: 1 }]);
    expect(meta.attempts).toBe(2);
  });

  it("stops at once when aborted during the backoff wait", async () => {
    server.handle((_req, res) => sendJson(res, 503, { error: "down" }));
    const controller = new AbortController();
    let slept = 0;
    const { transport, logs } = makeTransport(server.url, {
      // A sleep that would wait forever: only the abort can end it.
      sleep: () => {
        slept++;
        queueMicrotask(() => controller.abort());
        return new Promise<void>(() => undefined);
      },
    });
    const err = await rejectionOf(transport.fetchRecords(postRequest({ signal: controller.signal })));
    expect(err).toBeInstanceOf(AbortError);
    expect((err as AbortError).code).toBe("ABORTED");
    expect(slept).toBe(1);
    expect(server.seen).toHaveLength(1);
    expectNoToken(err, logs.lines);
  });

  it("aborts an answer in flight, and does not retry it", async () => {
    server.handle(() => undefined);
    const controller = new AbortController();
    const { transport, sleeps } = makeTransport(server.url);
    const pending = rejectionOf(transport.fetchRecords(postRequest({ signal: controller.signal })));
    while (server.seen.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    const err = await pending;
    expect(err).toBeInstanceOf(AbortError);
    expect(sleeps).toEqual([]);
    expect(server.seen).toHaveLength(1);
    expectNoToken(err);
  });

  it("sends nothing when the signal is already aborted", async () => {
    server.handle((_req, res) => sendJson(res, 200, {}));
    const { transport } = makeTransport(server.url);
    const err = await rejectionOf(transport.fetchRecords(postRequest({ signal: AbortSignal.abort() })));
    expect(err).toBeInstanceOf(AbortError);
    expect(server.seen).toHaveLength(0);
  });

  it("stops retrying when the next wait would pass the overall deadline", async () => {
    server.handle((_req, res) => sendJson(res, 503, { error: "down" }));
    const { clock, sleep, sleeps } = virtualTime();
    const { transport } = makeTransport(server.url, { deadlineMs: 10_000, retryBaseDelayMs: 3000, clock, sleep });
    const err = await rejectionOf(transport.fetchRecords(postRequest()));
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).which).toBe("deadline");
    // 2250 + 4500 fit in 10 s; the third wait (9000) would not.
    expect(sleeps).toEqual([2250, 4500]);
    expect(server.seen).toHaveLength(3);
    expect((err as TimeoutError).cause).toBeDefined();
    expectNoToken(err);
  });

  it("cuts an attempt in flight when the deadline passes", async () => {
    server.handle(() => undefined);
    const { transport } = makeTransport(server.url, { deadlineMs: 60 });
    const err = await rejectionOf(transport.fetchRecords(postRequest()));
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).which).toBe("deadline");
    expect(server.seen).toHaveLength(1);
    expectNoToken(err);
  });
});
