import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EnvelopeInPlace, openingOf } from "../../src/decode/columnar/envelope-in-place";
import { ColumnParseError, ColumnParser } from "../../src/decode/columnar/parse-columns";
import { parseHere, type ParsedColumns } from "../../src/decode/columnar/parse-pool";

const enc = new TextEncoder();

/** `bytes` cut into chunks of the given sizes, in turn (cuts fall anywhere: inside keys, numbers, UTF-8). */
function chunksOf(bytes: Uint8Array, sizes: readonly number[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0, k = 0; at < bytes.length; k++) {
    const n = sizes[k % sizes.length]!;
    out.push(bytes.slice(at, at + n));
    at += n;
  }
  return out;
}

function inPlace(chunks: readonly Uint8Array[], bodyBytes?: number): ParsedColumns | { whole: Uint8Array } {
  const page = new EnvelopeInPlace(bodyBytes);
  for (const c of chunks) page.push(c);
  return page.end();
}

/** What the whole-body parser gives (records, other members), or its error message. */
function whole(bytes: Uint8Array): unknown {
  try {
    const parsed = parseHere("envelope", bytes);
    return "columns" in parsed ? { records: parsed.columns.toRecords(), rest: parsed.rest } : { value: parsed.value };
  } catch (err) {
    return { error: (err as Error).message, type: (err as Error).name };
  }
}

/** The same for a page read in place (a body of another shape is parsed whole, as the client does). */
function inPlaceResult(chunks: readonly Uint8Array[], bodyBytes?: number): unknown {
  try {
    const parsed = inPlace(chunks, bodyBytes);
    if ("whole" in parsed) return whole(parsed.whole);
    return "columns" in parsed ? { records: parsed.columns.toRecords(), rest: parsed.rest } : { value: parsed.value };
  } catch (err) {
    return { error: (err as Error).message, type: (err as Error).name };
  }
}

const row = (i: number) => ({
  county: ["Susquehanna", "Ünïcode ☃ 𝄞", 'q"uote\\n'][i % 3],
  date: `2024-0${1 + (i % 3)}-01`,
  gas_daily: i % 7 === 0 ? null : i / 8,
  gas_monthly: i * 1e15 + 0.5,
  ...(i % 11 === 0 ? { sparse: i } : {}),
  nested: i % 13 === 0 ? { a: [1, 2] } : "plain",
  flag: i % 2 === 0,
});

function envelope(records: unknown[], pretty = false): Uint8Array {
  const body = { data: records, pagination: { start: 0, page_size: records.length, total_count: records.length } };
  return enc.encode(pretty ? JSON.stringify(body, null, 1) : JSON.stringify(body));
}

describe("EnvelopeInPlace: a v3 page parsed chunk by chunk as it arrives", () => {
  const records = Array.from({ length: 20 }, (_, i) => row(i));
  const body = envelope(records);

  it("gives the columns and pagination of a whole-body parse, split in two at every byte", () => {
    const want = whole(body);
    expect((want as { records: unknown[] }).records).toHaveLength(20);
    for (let cut = 0; cut <= body.length; cut++) {
      const got = inPlaceResult([body.slice(0, cut), body.slice(cut)], body.length);
      if (JSON.stringify(got) !== JSON.stringify(want)) expect({ cut, got }).toEqual({ cut, got: want });
    }
  });

  it.each([[[1]], [[3, 7, 64]], [[300]], [[4096]], [[body.length * 2]]])("gives the same in chunks of %j bytes, with and without a stated length", (sizes) => {
    const want = whole(body);
    expect(inPlaceResult(chunksOf(body, sizes), body.length)).toEqual(want);
    expect(inPlaceResult(chunksOf(body, sizes))).toEqual(want);
    const pretty = envelope(records, true);
    expect(inPlaceResult(chunksOf(pretty, sizes))).toEqual(whole(pretty));
  });

  it("parses the records in place as chunks arrive (no body gathered)", () => {
    const page = new EnvelopeInPlace(body.length);
    const chunks = chunksOf(body, [500]);
    for (const c of chunks) page.push(c);
    const parsed = page.end();
    expect("columns" in parsed && parsed.columns.length).toBe(20);
  });

  it("refuses a body cut short at every byte, as the whole-body parser does (same error, same offset)", () => {
    for (let cut = 0; cut < body.length; cut++) {
      const part = body.slice(0, cut);
      const want = whole(part);
      const got = inPlaceResult(chunksOf(part, [97]), body.length);
      if (JSON.stringify(got) !== JSON.stringify(want)) expect({ cut, got }).toEqual({ cut, got: want });
    }
  });

  it("refuses malformed records with the whole-body parser's error and byte offset", () => {
    const text = new TextDecoder().decode(body);
    const broken = [
      text.replace('"gas_monthly":', '"gas_monthly":-'),
      text.replace(',"date"', ',,"date"'),
      text.replace("},{", "}{"),
      text.replace("},{", "},]"),
      text.replace('"pagination":{', '"pagination":{,'),
      `${text}x`,
      text.replace("Susquehanna", "Susque\u0001hanna"),
      text.replace('{"data":[', '{"data":[{"a":1}, '),
    ];
    for (const b of broken) {
      const bytes = enc.encode(b);
      for (const sizes of [[1], [64], [100_000]]) {
        const want = whole(bytes);
        expect(inPlaceResult(chunksOf(bytes, sizes), bytes.length)).toEqual(want);
      }
    }
  });

  it("reads bodies of other shapes whole, the ordinary way", () => {
    for (const b of ['{"pagination":{"start":0,"page_size":1,"total_count":1},"data":[{"a":1}]}', '{"data":[1,2]}', '{"data":[{"a":1},2]}', '[{"a":1}]', '{"data":[{"a":1}],"data":[]}', '{"error":"nope"}', "", "  ", "\uFEFF{\"data\":[]}"]) {
      const bytes = enc.encode(b);
      for (const sizes of [[1], [5], [1000]]) expect(inPlaceResult(chunksOf(bytes, sizes), bytes.length)).toEqual(b.trim() === "" ? { error: expect.any(String), type: expect.any(String) } : whole(bytes));
    }
  });

  it("does not parse a broken or long record again with every chunk (its bytes must double first)", () => {
    // Bytes handed to the parser, counted: a record re-parsed from its start with every 64-byte chunk
    // would be about (200,000 / 64)² / 2 * 64 bytes, here bounded by a few times the body.
    const parsed: number[] = [];
    const original = ColumnParser.prototype.parseElements;
    ColumnParser.prototype.parseElements = function (this: ColumnParser, ...args: Parameters<typeof original>) {
      parsed.push(args[2] - args[1]);
      return original.apply(this, args);
    };
    try {
      const broken = enc.encode(`{"data":[{"a":1x${" ".repeat(200_000)}}]}`);
      expect(() => inPlace(chunksOf(broken, [64]), broken.length)).toThrow(ColumnParseError);
      expect(parsed.reduce((a, b) => a + b, 0)).toBeLessThan(8 * broken.length);
      parsed.length = 0;
      const long = enc.encode(JSON.stringify({ data: [{ a: "x".repeat(200_000) }, { a: "y" }] }));
      const page = inPlace(chunksOf(long, [64]), long.length);
      expect("columns" in page && page.columns.toRecords()).toEqual([{ a: "x".repeat(200_000) }, { a: "y" }]);
      expect(parsed.reduce((a, b) => a + b, 0)).toBeLessThan(8 * long.length);
    } finally {
      ColumnParser.prototype.parseElements = original;
    }
  });

  it("gives what the whole-body parser gives for any records, cut anywhere, also with one byte changed", () => {
    const scalar = fc.oneof(fc.string({ unit: fc.constantFrom("a", "é", "😀", '"', "\\", "\u0001", " ", "}", "]", ","), maxLength: 12 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.boolean(), fc.constant(null));
    const value = fc.oneof({ weight: 6, arbitrary: scalar }, { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) }, { weight: 1, arbitrary: fc.dictionary(fc.constantFrom("x", "y"), scalar) });
    const record = fc.dictionary(fc.constantFrom("county", "date", "gas", "é", "a b", "n"), value, { minKeys: 0, maxKeys: 6 });
    fc.assert(
      fc.property(fc.array(record, { maxLength: 25 }), fc.array(fc.integer({ min: 1, max: 90 }), { minLength: 1, maxLength: 6 }), fc.option(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 }))), (records, sizes, mutation) => {
        const bytes = envelope(records);
        if (mutation !== null) bytes[mutation[0] % bytes.length] = mutation[1];
        expect(inPlaceResult(chunksOf(bytes, sizes), bytes.length)).toEqual(whole(bytes));
      }),
      { numRuns: 300 },
    );
  });

  it("tells where records start: after '{\"data\":[' with whitespace between the tokens", () => {
    expect(openingOf(enc.encode('{"data":['))).toBe(9);
    expect(openingOf(enc.encode(' { "data" : [ {'))).toBe(13);
    expect(openingOf(enc.encode('{"da'))).toBeUndefined();
    expect(openingOf(enc.encode('{"dat":['))).toBe(-1);
    expect(openingOf(enc.encode('{ "pagination"'))).toBe(-1);
  });
});
