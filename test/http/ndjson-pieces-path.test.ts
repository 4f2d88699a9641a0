// Whole NDJSON answers cut into pieces for the parse workers: the path of a machine of more than two
// cores, chosen here by GASFRAMES_NDJSON_IN_PLACE=0 (this file's shared parse pool is made after it is set).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
process.env.GASFRAMES_NDJSON_IN_PLACE = "0";
import { sharedParsePool } from "../../src/decode/columnar/parse-pool";
import { ResponseParseError } from "../../src/errors";
import { RecordColumns } from "../../src/table/record-columns";
import { makeTransport, postRequest } from "./helpers/make-transport";
import { startServer, type TestServer } from "./helpers/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const long = (i: number) => ({ i, region: ["Permian", "Bakken", "Ünïcode ☃"][i % 3], gas: i % 9 === 0 ? null : i / 4, note: "x".repeat(60 + (i % 13)) });

describe("whole NDJSON answers in pieces (GASFRAMES_NDJSON_IN_PLACE=0)", () => {
  it("the shared pool takes the setting", () => {
    expect(sharedParsePool().linesInPlace).toBe(false);
  });

  it.each([true, false])("gives every record of an answer of several 4 MB pieces (Content-Length: %s)", async (withLength) => {
    const records = Array.from({ length: 90_000 }, (_, i) => long(i));
    const body = Buffer.from(`${records.map((r) => JSON.stringify(r)).join("\n")}\n`);
    expect(body.length).toBeGreaterThan(8 * 1024 * 1024);
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/x-ndjson", ...(withLength ? { "content-length": String(body.length) } : {}) });
      res.end(body);
    });
    const { transport } = makeTransport(server.url);
    const { data } = await transport.fetchColumns(postRequest({ response: "array", path: "/v4/rigs", ndjson: true }));
    expect(data).toBeInstanceOf(RecordColumns);
    expect((data as RecordColumns).toRecords()).toEqual(records);
  });

  it("refuses a last record cut short", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/x-ndjson" });
      res.end('{"a":1}\n{"a":2}\n{"a":');
    });
    const { transport } = makeTransport(server.url);
    await expect(transport.fetchColumns(postRequest({ response: "array", path: "/v4/rigs", ndjson: true }))).rejects.toBeInstanceOf(ResponseParseError);
  });
});
