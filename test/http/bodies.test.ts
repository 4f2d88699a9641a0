import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConnectionError, ResponseParseError } from "../../src/errors";
import { makeTransport, postRequest } from "./helpers/make-transport";
import { expectNoToken, rejectionOf } from "./helpers/secrets";
import { sendJson, startServer, type TestServer } from "./helpers/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Writes the start of a chunked body, then kills the socket. */
function resetMidBody(res: import("node:http").ServerResponse, partial: string): void {
  res.writeHead(200, { "content-type": "application/json" });
  res.write(partial);
  setTimeout(() => res.socket?.destroy(), 20);
}

describe("response bodies", () => {
  it("retries a connection reset mid-body and returns only the whole answer", async () => {
    server.handle((_req, res, i) => {
      if (i === 0) resetMidBody(res, '[{"a":1},{"a":');
      else sendJson(res, 200, [{ a: 1 }, { a: 2 }]);
    });
    const { transport, sleeps } = makeTransport(server.url);
    const { records, meta } = await transport.fetchRecords(postRequest({ response: "array" }));
    expect(records).toEqual([{ a: 1 }, { a: 2 }]);
    expect(meta.attempts).toBe(2);
    expect(sleeps).toHaveLength(1);
  });

  it("throws ConnectionError (never partial rows) when every attempt is cut mid-body", async () => {
    server.handle((_req, res) => resetMidBody(res, '[{"a":1},'));
    const { transport, logs } = makeTransport(server.url, { maxRetries: 2 });
    const err = await rejectionOf(transport.fetchRecords(postRequest({ response: "array" })));
    expect(err).toBeInstanceOf(ConnectionError);
    expect((err as ConnectionError).code).toBe("CONNECTION");
    expect((err as ConnectionError).cause).toBeDefined();
    expect(String(err)).toContain("200 response");
    expect(server.seen).toHaveLength(3);
    expectNoToken(err, logs.lines);
  });

  it("treats a body shorter than its Content-Length as a connection failure", async () => {
    server.handle((_req, res, i) => {
      if (i === 0) {
        res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
        res.write('{"data":[');
        setTimeout(() => res.socket?.destroy(), 20);
      } else sendJson(res, 200, { data: [{ x: 1 }] });
    });
    const { transport } = makeTransport(server.url);
    const { records, meta } = await transport.fetchRecords(postRequest({ response: "envelope" }));
    expect(records).toEqual([{ x: 1 }]);
    expect(meta.attempts).toBe(2);
  });

  it("refuses refused connections with ConnectionError after the retries", async () => {
    const closed = await startServer();
    const url = closed.url;
    await closed.close();
    const { transport, sleeps, logs } = makeTransport(url, { maxRetries: 2 });
    const err = await rejectionOf(transport.fetchRecords(postRequest()));
    expect(err).toBeInstanceOf(ConnectionError);
    expect(String(err)).toContain("ECONNREFUSED");
    expect(sleeps).toHaveLength(2);
    expectNoToken(err, logs.lines);
  });

  it("raises ResponseParseError for truncated JSON that arrived whole at the HTTP level", async () => {
    server.handle((_req, res) => {
      const text = '{"data":[{"a":1},{"a":2';
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
      res.end(text);
    });
    const { transport, logs } = makeTransport(server.url);
    const err = await rejectionOf(transport.fetchRecords(postRequest({ response: "envelope" })));
    expect(err).toBeInstanceOf(ResponseParseError);
    expect((err as ResponseParseError).status).toBe(200);
    expect(server.seen).toHaveLength(1);
    expectNoToken(err, logs.lines);
  });

  it("raises ResponseParseError for a malformed JSON body with status 200, keeping the status", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{data: [1, 2,]}");
    });
    const { transport, logs } = makeTransport(server.url);
    for (const response of ["envelope", "object", "array"] as const) {
      const err = await rejectionOf(transport.fetchRecords(postRequest({ response })));
      expect(err).toBeInstanceOf(ResponseParseError);
      expect((err as ResponseParseError).status).toBe(200);
      expect((err as ResponseParseError).code).toBe("RESPONSE_PARSE");
      expectNoToken(err, logs.lines);
    }
  });

  it("raises ResponseParseError for a truncated JSON array and a truncated NDJSON line", async () => {
    server.handle((req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(req.headers.accept === "application/x-ndjson" ? '{"a":1}\n{"a":2}\n{"a":' : '[{"a":1},{"a":2}');
    });
    const { transport } = makeTransport(server.url);
    for (const ndjson of [false, true]) {
      const err = await rejectionOf(transport.fetchRecords(postRequest({ response: "array", ndjson })));
      expect(err).toBeInstanceOf(ResponseParseError);
      expect(String(err)).toMatch(/truncated|ended early/);
    }
  });

  it("rejects an envelope whose data is not a list", async () => {
    server.handle((_req, res) => sendJson(res, 200, { data: { a: 1 } }));
    const { transport } = makeTransport(server.url);
    const err = await rejectionOf(transport.fetchRecords(postRequest({ response: "envelope" })));
    expect(err).toBeInstanceOf(ResponseParseError);
    expect(String(err)).toContain('"data"');
  });

  it("decodes a UTF-8 character split across network chunks, in JSON, arrays and NDJSON", async () => {
    const name = "Société Générale – Zürich ☃ 𝔾";
    for (const [response, ndjson, text] of [
      ["object", false, JSON.stringify({ name })],
      ["array", false, JSON.stringify([{ name }, { name }])],
      ["array", true, `${JSON.stringify({ name })}\n${JSON.stringify({ name })}\n`],
    ] as const) {
      const bytes = Buffer.from(text, "utf8");
      // Split inside the 4-byte 𝔾 and inside the 2-byte é.
      const cutA = bytes.indexOf(Buffer.from("é", "utf8")) + 1;
      const cutB = bytes.indexOf(Buffer.from("𝔾", "utf8")) + 2;
      server.handle(async (_req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.write(bytes.subarray(0, cutA));
        await pause(15);
        res.write(bytes.subarray(cutA, cutB));
        await pause(15);
        res.end(bytes.subarray(cutB));
      });
      const { transport } = makeTransport(server.url);
      const { records } = await transport.fetchRecords<{ name: string }>(postRequest({ response, ndjson }));
      expect(records.length).toBeGreaterThan(0);
      for (const r of records) expect(r.name).toBe(name);
    }
  });

  it("reads a v3 GET envelope, an object and a job body", async () => {
    server.handle((req, res) => {
      if (req.url === "/v3/dtils") sendJson(res, 200, { data: [{ wellpad_id: "w1" }] });
      else sendJson(res, 200, { job_id: "j1", state: "done" });
    });
    const { transport } = makeTransport(server.url);
    const get = await transport.fetchRecords(postRequest({ httpMethod: "GET", path: "/v3/dtils", body: undefined, response: "envelope" }));
    expect(get.records).toEqual([{ wellpad_id: "w1" }]);
    expect(server.seen[0]?.method).toBe("GET");
    expect(server.seen[0]?.body).toBe("");
    const job = await transport.fetchRecords(postRequest({ response: "job" }));
    expect(job.records).toEqual([{ job_id: "j1", state: "done" }]);
    const json = await transport.fetchJson(postRequest({ response: "object" }));
    expect(json.body).toEqual({ job_id: "j1", state: "done" });
    expect(json.meta.rows).toBe(1);
  });

  it("answers an empty list as an empty result, not an error", async () => {
    server.handle((_req, res) => sendJson(res, 200, []));
    const { transport } = makeTransport(server.url);
    const { records, meta } = await transport.fetchRecords(postRequest({ response: "array" }));
    expect(records).toEqual([]);
    expect(meta.rows).toBe(0);
  });
});
