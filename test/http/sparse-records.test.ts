// Records too sparse to hold as columns, as a hostile server could send them: a new field in every
// record made every field a column as long as the answer (a 250 KB body asked for gigabytes). They are
// refused before that memory is asked for, as a typed error; sparse records of real answers (optional
// fields, a few of many in each record) still parse, to exactly what JSON.parse gives.
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ResponseParseError } from "../../src/errors";
import { LinesInPlace } from "../../src/decode/columnar/lines-in-place";
import { TooSparseError } from "../../src/decode/columnar/parse-columns";
import { parseHere } from "../../src/decode/columnar/parse-pool";
import { makeTransport, postRequest, recordsOfPart } from "./helpers/make-transport";
import { expectNoToken, rejectionOf } from "./helpers/secrets";
import { startServer, type TestServer } from "./helpers/test-server";

const encode = (text: string) => new TextEncoder().encode(text);

/** `n` records, each with a field no other record has. */
const newFieldEach = (n: number) => Array.from({ length: n }, (_, i) => ({ [`k${i}`]: i }));
/** One record of `wide` fields, then `n` records of one field. */
const wideThenNarrow = (wide: number, n: number) => [Object.fromEntries(Array.from({ length: wide }, (_, i) => [`f${i}`, i])), ...Array.from({ length: n }, (_, i) => ({ f0: i }))];
/** 20,000 records of 60 optional fields, each record holding 5 of them (a real answer's sparseness). */
const optional = Array.from({ length: 20_000 }, (_, i) => Object.fromEntries(Array.from({ length: 5 }, (_, j) => [`opt${(i * 7 + j * 13) % 60}`, i + j])));

function bodyOf(kind: "array" | "envelope" | "lines", records: unknown[]): Uint8Array {
  if (kind === "lines") return encode(records.map((r) => JSON.stringify(r)).join("\n"));
  return encode(kind === "array" ? JSON.stringify(records) : JSON.stringify({ data: records }));
}

describe("records too sparse for columns", () => {
  for (const kind of ["array", "envelope", "lines"] as const) {
    it(`are refused when every record brings a new field (${kind}, 30,000 records)`, () => {
      const body = bodyOf(kind, newFieldEach(30_000));
      expect(() => parseHere(kind, body)).toThrow(TooSparseError);
      expect(() => parseHere(kind, body)).toThrow(/fields over \d+ records would take \d+ MB as columns .*too sparse/);
    });

    it(`are refused when one wide record is followed by many narrow ones (${kind})`, () => {
      expect(() => parseHere(kind, bodyOf(kind, wideThenNarrow(20_000, 200_000)))).toThrow(TooSparseError);
    });

    it(`parse when they are a real answer's optional fields (${kind})`, () => {
      const parsed = parseHere(kind, bodyOf(kind, optional));
      if (!("columns" in parsed)) throw new Error("expected columns");
      expect(parsed.columns.names).toHaveLength(60);
      expect(parsed.columns.toRecords()).toEqual(optional);
    });
  }

  it("are refused when fields come back after a long gap, before the gap is filled (not at the end)", () => {
    // The wide record again after 100,000 narrow ones: each of its 2,000 columns would be filled to
    // 100,002 rows (gigabytes). The body is cut after it, so only a check at the gap can say "too sparse":
    // without one, the gaps were filled and the cut end was the error.
    const wide = JSON.stringify(wideThenNarrow(2_000, 0)[0]);
    const narrow = Array.from({ length: 100_000 }, (_, i) => `{"f0":${i}}`).join(",");
    const body = encode(`[${wide},${narrow},${wide},{"f0":`);
    expect(() => parseHere("array", body)).toThrow(TooSparseError);
  });

  it("are refused by the NDJSON parser that reads chunks where they arrive, sized from the body's length", () => {
    const body = bodyOf("lines", newFieldEach(30_000));
    const lines = new LinesInPlace(body.byteLength);
    const push = () => {
      for (let at = 0; at < body.byteLength; at += 65_536) lines.push(body.subarray(at, at + 65_536));
      lines.end();
    };
    expect(push).toThrow(TooSparseError);
    const fine = new LinesInPlace();
    const text = bodyOf("lines", optional);
    for (let at = 0; at < text.byteLength; at += 65_536) fine.push(text.subarray(at, at + 65_536));
    const out = fine.end();
    expect("columns" in out && out.columns.toRecords()).toEqual(optional);
  });
});

describe("a server sending records too sparse for columns (127.0.0.1)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  const send = (res: ServerResponse, text: string, contentType: string) => {
    res.writeHead(200, { "content-type": contentType, "content-length": Buffer.byteLength(text) });
    res.end(text);
  };

  it("are kept as records, not made columns, when they reach JSON.parse for another reason", async () => {
    // Two data members: not for the byte parser, so JSON.parse reads it (the last one wins).
    const sparse = newFieldEach(8_000);
    for (const [records, asColumns] of [
      [sparse, false],
      [optional, true],
    ] as const) {
      server.handle((_req, res) => send(res, JSON.stringify({ data: [] }).slice(0, -1) + `,"data":${JSON.stringify(records)}}`, "application/json"));
      const { transport } = makeTransport(server.url);
      const { data } = await transport.fetchColumns(postRequest({ response: "envelope" }));
      expect(Array.isArray(data)).toBe(!asColumns);
      expect(recordsOfPart(data)).toEqual(records);
    }
  });

  it("is a ResponseParseError saying so, once, for a JSON array, a v3 page and NDJSON", async () => {
    const records = newFieldEach(30_000);
    const cases: [string, Parameters<typeof postRequest>[0], string, string][] = [
      ["a JSON array", { response: "array" }, JSON.stringify(records), "application/json"],
      ["a v3 page", { response: "envelope-paged" }, JSON.stringify({ data: records, pagination: { start: 0, page_size: 30_000, total_count: 30_000 } }), "application/json"],
      ["NDJSON", { response: "array", ndjson: true }, records.map((r) => JSON.stringify(r)).join("\n"), "application/x-ndjson"],
    ];
    for (const [what, req, text, contentType] of cases) {
      server.handle((_req, res) => send(res, text, contentType));
      const { transport, logs } = makeTransport(server.url);
      const before = server.seen.length;
      const err = await rejectionOf(transport.fetchColumns(postRequest(req)));
      expect(err, what).toBeInstanceOf(ResponseParseError);
      expect(String(err), what).toMatch(/records too sparse to keep as columns/);
      // Not retried: the same body would come again.
      expect(server.seen.length - before, what).toBe(1);
      expectNoToken(err, logs.lines);
    }
  });
});
