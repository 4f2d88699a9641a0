// What a 2xx body holds decides how it is read, and only records (JSON objects) are records: a JSON
// array answering an NDJSON request is its elements, values that are not objects are refused on every
// reading path, and the service's own {"error": ...} in a 2xx body is its typed error.
import { createRequire } from "node:module";
import { join } from "node:path";
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, QueryTooLargeError, ResponseParseError } from "../../src/errors";
import type { TransportOptions } from "../../src/http";
import type { Transport, TransportRequest } from "../../src/decode";
import { makeTransport, postRequest, recordsOfPart } from "./helpers/make-transport";
import { TOKEN, expectNoToken, rejectionOf } from "./helpers/secrets";
import { startServer, type TestServer } from "./helpers/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

function send(res: ServerResponse, text: string, contentType = "application/json", status = 200): void {
  res.writeHead(status, { "content-type": contentType, "content-length": Buffer.byteLength(text) });
  res.end(text);
}

const v4 = (extra: Partial<TransportRequest> = {}) => postRequest({ response: "array", ...extra });

/** Every way a caller reads records: whole (records and columns), streamed (records and columns). */
async function readAll(transport: Transport, req: TransportRequest): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  out.fetchRecords = (await transport.fetchRecords(req)).records;
  out.fetchColumns = recordsOfPart((await transport.fetchColumns(req)).data);
  const streamed: unknown[] = [];
  for await (const batch of transport.streamRecords(req, { batchSize: 1 })) streamed.push(...batch);
  out.streamRecords = streamed;
  if (req.response === "array") {
    const columns: unknown[] = [];
    for await (const part of transport.streamColumns(req)) columns.push(...part.toRecords());
    out.streamColumns = columns;
  }
  return out;
}

/** The error of every reading path, and how many requests each made. */
async function errorsOfAll(transport: Transport, req: TransportRequest): Promise<{ path: string; err: unknown; requests: number }[]> {
  const paths: [string, () => Promise<unknown>][] = [
    ["fetchRecords", () => transport.fetchRecords(req)],
    ["fetchColumns", () => transport.fetchColumns(req)],
    [
      "streamRecords",
      async () => {
        for await (const _ of transport.streamRecords(req)) void _;
      },
    ],
  ];
  if (req.response === "array") {
    paths.push([
      "streamColumns",
      async () => {
        for await (const _ of transport.streamColumns(req)) void _;
      },
    ]);
  }
  const out: { path: string; err: unknown; requests: number }[] = [];
  for (const [path, run] of paths) {
    const before = server.seen.length;
    const err = await rejectionOf(run());
    out.push({ path, err, requests: server.seen.length - before });
  }
  return out;
}

describe("a JSON array answering an NDJSON request (#14 item 4)", () => {
  it("is read as the array's records on every path, whatever the Content-Type says", async () => {
    const records = [{ a: 1, r: "Permian" }, { a: 2, r: "Bakken" }, { a: 3, r: "Permian" }];
    for (const contentType of ["application/json", "application/x-ndjson", "text/plain"]) {
      for (const text of [JSON.stringify(records), JSON.stringify(records, null, 2)]) {
        server.handle((_req, res) => send(res, text, contentType));
        const { transport } = makeTransport(server.url);
        const all = await readAll(transport, v4({ ndjson: true }));
        for (const [path, got] of Object.entries(all)) expect(got, `${path} ${contentType}`).toEqual(records);
      }
    }
    expect(server.seen[0]?.headers.accept).toBe("application/x-ndjson");
  });

  it("refuses an array of arrays rather than making each array a record", async () => {
    server.handle((_req, res) => send(res, "[[1,2],[3,4]]", "application/x-ndjson"));
    const { transport } = makeTransport(server.url);
    for (const { path, err, requests } of await errorsOfAll(transport, v4({ ndjson: true }))) {
      expect(err, path).toBeInstanceOf(ResponseParseError);
      expect(String(err), path).toMatch(/element 1 is an array, not a record/);
      expect(requests, path).toBe(1);
    }
  });

  it("reads NDJSON that answers a request for a JSON array", async () => {
    server.handle((_req, res) => send(res, '{"a":1}\n{"a":2}\n', "application/x-ndjson"));
    const { transport } = makeTransport(server.url);
    const all = await readAll(transport, v4({ ndjson: false }));
    for (const [path, got] of Object.entries(all)) expect(got, path).toEqual([{ a: 1 }, { a: 2 }]);
  });
});

describe("values that are not records (#14 item 5)", () => {
  const cases: [string, Partial<TransportRequest>, string, string][] = [
    ["a JSON array", { ndjson: false }, '[1, 2, "x", null]', "application/json"],
    ["a JSON array answering NDJSON", { ndjson: true }, '[1, 2, "x", null]', "application/x-ndjson"],
    ["NDJSON lines", { ndjson: true }, '1\n2\n"x"\nnull\n', "application/x-ndjson"],
    ["NDJSON with one bad line among records", { ndjson: true }, '{"a":1}\n{"a":2}\n[3]\n{"a":4}\n', "application/x-ndjson"],
    ["a JSON array with one bad element among records", { ndjson: false }, '[{"a":1},{"a":2},"x",{"a":4}]', "application/json"],
    ["a v3 envelope", { response: "envelope" }, '{"data":[1,2,"x",null]}', "application/json"],
    ["a paged v3 envelope", { response: "envelope-paged" }, '{"data":[{"a":1},7],"pagination":{"start":0,"page_size":10,"total_count":2}}', "application/json"],
  ];
  for (const [what, req, text, contentType] of cases) {
    it(`are a ResponseParseError, raised once, on every path: ${what}`, async () => {
      server.handle((_req, res) => send(res, text, contentType));
      const { transport, logs } = makeTransport(server.url);
      for (const { path, err, requests } of await errorsOfAll(transport, v4(req))) {
        expect(err, path).toBeInstanceOf(ResponseParseError);
        expect((err as ResponseParseError).status, path).toBe(200);
        expect(String(err), path).toMatch(/is (a number|a string|null|an array), not a record \(a JSON object\)/);
        expect(requests, path).toBe(1);
        expectNoToken(err, logs.lines);
      }
    });
  }

  it("become records only for an endpoint that declares what a bare value is (bareValuesAs)", async () => {
    const runs = ["2024-05-01 00:00:00+00", "2024-05-02 00:00:00+00"];
    const want = runs.map((forecast_run_at) => ({ forecast_run_at }));
    for (const [text, contentType, ndjson] of [
      [JSON.stringify(runs), "application/json", false],
      [JSON.stringify(runs), "application/json", true],
      [runs.map((r) => JSON.stringify(r)).join("\n"), "application/x-ndjson", true],
    ] as const) {
      server.handle((_req, res) => send(res, text, contentType));
      const { transport } = makeTransport(server.url);
      const all = await readAll(transport, v4({ ndjson, bareValuesAs: "forecast_run_at" }));
      for (const [path, got] of Object.entries(all)) expect(got, `${path} ${text}`).toEqual(want);
      // null is not a value of the field, and an array is not a record.
      server.handle((_req, res) => send(res, '["2024-05-01 00:00:00+00", null]', "application/json"));
      const err = await rejectionOf(transport.fetchRecords(v4({ ndjson, bareValuesAs: "forecast_run_at" })));
      expect(err).toBeInstanceOf(ResponseParseError);
    }
  });

  it("are refused for an object response too (one object, or a list of objects)", async () => {
    const { transport } = makeTransport(server.url);
    for (const text of ['"x"', "42", "null", '[{"a":1}, 2]', "[[1]]"]) {
      server.handle((_req, res) => send(res, text));
      const err = await rejectionOf(transport.fetchRecords(postRequest({ response: "object" })));
      expect(err, text).toBeInstanceOf(ResponseParseError);
      expect(server.seen, text).toHaveLength(1);
    }
    server.handle((_req, res) => send(res, "[1]"));
    expect(await rejectionOf(transport.fetchRecords(postRequest({ response: "job" })))).toBeInstanceOf(ResponseParseError);
  });

  it("are refused on the worker-thread path of the built package (bodies over 256 KiB)", async () => {
    const require = createRequire(__filename);
    const dist = (...p: string[]) => join(__dirname, "..", "..", "dist", ...p);
    const built = require(dist("decode", "index.js")) as { Transport: new (o: TransportOptions, s: unknown) => Transport };
    const values = Array.from({ length: 120_000 }, (_, i) => i);
    const records = values.map((i) => ({ i }));
    expect(JSON.stringify(values).length).toBeGreaterThan(256 * 1024);
    const transport = new built.Transport({ baseUrl: server.url, token: TOKEN, progress: false }, { service: "natgas", baseUrlEnv: "GASFRAMES_TEST_UNSET_URL" });
    for (const [ndjson, good, bad] of [
      [false, JSON.stringify(records), JSON.stringify(values)],
      [true, records.map((r) => JSON.stringify(r)).join("\n"), values.join("\n")],
    ] as const) {
      server.handle((_req, res) => send(res, good, ndjson ? "application/x-ndjson" : "application/json"));
      expect(recordsOfPart((await transport.fetchColumns(v4({ ndjson }))).data)).toHaveLength(records.length);
      server.handle((_req, res) => send(res, bad, ndjson ? "application/x-ndjson" : "application/json"));
      const err = await rejectionOf(transport.fetchColumns(v4({ ndjson })));
      expect((err as Error).name).toBe("ResponseParseError");
      expect((err as ResponseParseError).code).toBe("RESPONSE_PARSE");
      expect(String(err)).toMatch(/is a number, not a record/);
      expect(server.seen).toHaveLength(1);
    }
  });
});

describe("the service's {\"error\": ...} in a 2xx body (#14 item 7)", () => {
  const message = "internal error while reading the well table";
  const cases: [string, Partial<TransportRequest>, string][] = [
    ["a v3 envelope request", { response: "envelope" }, "application/json"],
    ["a paged v3 request", { response: "envelope-paged" }, "application/json"],
    ["a JSON array request", { ndjson: false }, "application/json"],
    ["an NDJSON request (error labelled JSON)", { ndjson: true }, "application/json"],
    ["an NDJSON request (error labelled NDJSON)", { ndjson: true }, "application/x-ndjson"],
  ];
  for (const [what, req, contentType] of cases) {
    it(`is an ApiError with the service's message, raised once, on every path: ${what}`, async () => {
      for (const text of [JSON.stringify({ error: message }), JSON.stringify({ error: message }, null, 2)]) {
        if (contentType === "application/x-ndjson" && text.includes("\n")) continue;
        server.handle((_req, res) => send(res, text, contentType));
        const { transport, logs } = makeTransport(server.url);
        for (const { path, err, requests } of await errorsOfAll(transport, v4(req))) {
          expect(err, path).toBeInstanceOf(ApiError);
          expect((err as ApiError).serviceMessage, path).toBe(message);
          expect((err as ApiError).status, path).toBe(200);
          expect(String(err), path).toContain(message);
          expect(requests, path).toBe(1);
          expectNoToken(err, logs.lines);
        }
      }
    });
  }

  it("is a QueryTooLargeError naming the filters to add when it is the row-limit refusal", async () => {
    const refusal = "productionbycountyandoperator: the query matches 1234567 rows, more than the 1,000,000-row limit; add filters";
    for (const req of [{ response: "envelope-paged" }, { ndjson: true }, { ndjson: false }] as const) {
      server.handle((_req, res) => send(res, JSON.stringify({ error: refusal })));
      const { transport } = makeTransport(server.url);
      for (const { path, err, requests } of await errorsOfAll(transport, v4(req))) {
        expect(err, path).toBeInstanceOf(QueryTooLargeError);
        expect((err as QueryTooLargeError).narrowWith, path).toEqual(["operator_name"]);
        expect((err as QueryTooLargeError).serviceMessage, path).toBe(refusal);
        expect(requests, path).toBe(1);
      }
    }
  });

  it("is an ApiError when an NDJSON stream ends with an error line after records", async () => {
    server.handle((_req, res) => send(res, `{"a":1}\n{"a":2}\n{"error":"${message}"}\n`, "application/x-ndjson"));
    const { transport } = makeTransport(server.url);
    for (const { path, err } of await errorsOfAll(transport, v4({ ndjson: true }))) {
      expect(err, path).toBeInstanceOf(ApiError);
      expect((err as ApiError).serviceMessage, path).toBe(message);
    }
  });

  it("is an ApiError for an object response whose body is only the error", async () => {
    server.handle((_req, res) => send(res, JSON.stringify({ error: message, code: 17 })));
    const { transport } = makeTransport(server.url);
    const err = await rejectionOf(transport.fetchRecords(postRequest({ response: "object" })));
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).serviceMessage).toBe(message);
  });

  it("leaves records that merely have an error field alone", async () => {
    const records = [{ well: "w1", error: "gauge fault" }, { well: "w2", error: null }];
    server.handle((_req, res) => send(res, records.map((r) => JSON.stringify(r)).join("\n"), "application/x-ndjson"));
    const { transport } = makeTransport(server.url);
    for (const [path, got] of Object.entries(await readAll(transport, v4({ ndjson: true })))) expect(got, path).toEqual(records);
    server.handle((_req, res) => send(res, JSON.stringify({ job_id: "j1", state: "FAILED", error: "x" })));
    expect((await transport.fetchRecords(postRequest({ response: "job" }))).records).toHaveLength(1);
  });
});

describe("one JSON object of any size is one document, never one record (review of #14 item 4)", () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ i, region: "Permian", gas: i / 7 }));
  // 1,500 rows is about 60 KiB compact; 30,000 about 1.2 MB. Pretty-printed, the same spans many lines.
  const bodies: [string, string][] = [
    ["70 KiB compact", JSON.stringify({ data: rows(1_800) })],
    ["1.2 MB compact", JSON.stringify({ data: rows(30_000) })],
    ["1.2 MB pretty-printed", JSON.stringify({ data: rows(15_000) }, null, 2)],
  ];
  it.each(bodies)("a %s {\"data\": [...]} under a JSON Content-Type is a ResponseParseError on every path, NDJSON asked or not", async (_what, text) => {
    expect(text.length).toBeGreaterThan(64 * 1024);
    server.handle((_req, res) => send(res, text, "application/json"));
    const { transport } = makeTransport(server.url);
    for (const ndjson of [false, true]) {
      for (const { path, err, requests } of await errorsOfAll(transport, v4({ ndjson }))) {
        expect(err, `${path} ndjson=${ndjson}`).toBeInstanceOf(ResponseParseError);
        expect((err as Error).message, path).toMatch(/an object where an array of records was expected/);
        expect(requests, path).toBe(1);
      }
    }
  });

  it("a large service error body is the service's error, and two or more objects are still NDJSON", async () => {
    const error = JSON.stringify({ error: `too many rows: ${"x".repeat(70_000)}` });
    server.handle((_req, res) => send(res, error, "application/json"));
    const { transport } = makeTransport(server.url);
    for (const { path, err } of await errorsOfAll(transport, v4())) expect(err, path).toBeInstanceOf(ApiError);
    const lines = rows(3_000).map((r) => JSON.stringify(r)).join("\n");
    server.handle((_req, res) => send(res, lines, "application/json"));
    const all = await readAll(makeTransport(server.url).transport, v4({ ndjson: true }));
    for (const [path, got] of Object.entries(all)) expect(got, path).toHaveLength(3_000);
  });
});
