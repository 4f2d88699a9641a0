import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ColumnParseError, ColumnParser, parseArrayColumns, parseEnvelopeColumns, parseLineColumns } from "../../src/decode/columnar/parse-columns";
import { parseHere } from "../../src/decode/columnar/parse-pool";

const bytes = (text: string) => new TextEncoder().encode(text);

/** Flat records like the services send: a few shared keys, scalar values, some fields missing. */
const scalar = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme" }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.integer({ min: -1e6, max: 1e6 }).map((x) => x / 1000),
  fc.boolean(),
  fc.constant(null),
);
const record = fc.dictionary(fc.constantFrom("county", "gas_daily", "gas_dai", "gas_monthly", "date", "api", "x y", 'q"uote', "ünï", "n"), scalar, { maxKeys: 10 });

describe("byte parser into columns", () => {
  it("gives exactly the records JSON.parse gives, for any flat records", () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 40 }), fc.boolean(), (records, spaced) => {
        const text = spaced ? JSON.stringify(records, null, 2) : JSON.stringify(records);
        expect(parseArrayColumns(bytes(text)).toRecords()).toEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });

  it("reads strings that repeat, extend or shorten the previous row's, across 4-byte word boundaries", () => {
    // Few distinct values, so rows repeat the previous row's string (the in-place match) or share a
    // prefix with it; quotes and backslashes land at every offset of the word scan.
    const text = fc.string({ unit: fc.constantFrom("a", "b", '"', "\\", "é", "\u0007", " "), maxLength: 11 });
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 6 }), fc.array(fc.nat(), { maxLength: 60 }), (pool, picks) => {
        const records = picks.map((k) => ({ s: pool[k % pool.length], t: pool[(k >> 1) % pool.length] }));
        const json = JSON.stringify(records);
        expect(parseArrayColumns(bytes(json)).toRecords()).toEqual(JSON.parse(json));
        expect(parseLineColumns(bytes(records.map((r) => JSON.stringify(r)).join("\n"))).toRecords()).toEqual(records);
      }),
      { numRuns: 300 },
    );
    const prefixes = ["Permian", "Permian Basin", "Perm", "Permian", "", "Permian"].map((r) => ({ r }));
    expect(parseArrayColumns(bytes(JSON.stringify(prefixes))).toRecords()).toEqual(prefixes);
  });

  it("refuses a raw control character or invalid UTF-8 in a string, also after valid rows of the column", () => {
    const withByte = (before: string, byte: number, after: string) => new Uint8Array([...bytes(before), byte, ...bytes(after)]);
    const bad = [
      withByte('[{"a":"x"},{"a":"x', 0x01, '"}]'),
      withByte('[{"a":1},{"a":"', 0x1f, '"}]'),
      withByte('[{"a":"x"},{"a":"', 0xff, 'abc"}]'),
      withByte('{"a":"x"}\n{"a":"abcd', 0xc3, '"}'),
    ];
    for (const body of bad) {
      const parse = () => (body[0] === 0x5b ? parseArrayColumns(body) : parseLineColumns(body));
      expect(parse).toThrow(ColumnParseError);
    }
    expect(() => parseArrayColumns(bad[2]!)).toThrow(/invalid UTF-8/);
    expect(() => parseArrayColumns(bad[0]!)).toThrow(/control character/);
  });

  it("reads numbers as Number() does: digits, fractions, exponents, long mantissas, negative zero", () => {
    const texts = ["0", "-0", "0.1", "1e3", "1E-7", "-2.5e+10", "123456789012345678", "0.30000000000000004", "9007199254740993", "1.7976931348623157e308", "5e-324", "0.0000123", "-0.000"];
    const cols = parseArrayColumns(bytes(`[${texts.map((t) => `{"v":${t}}`).join(",")}]`));
    const got = cols.values("v");
    texts.forEach((t, i) => expect(Object.is(got[i], Number(t))).toBe(true));
  });

  it("keeps nested values, escapes and non-ASCII text as JSON.parse does", () => {
    const text = JSON.stringify([
      { a: "tab\tquote\"back\\slash", b: { nested: [1, { x: null }] }, c: [1, 2], d: "Zürich ☃ 😀" },
      { a: "\u0041", b: null, c: "text now", d: "Zürich ☃ 😀" },
      { a: "A" },
    ]);
    const cols = parseArrayColumns(bytes(text));
    expect(cols.toRecords()).toEqual(JSON.parse(text));
    // One distinct value, one code: an escaped "A" and a plain "A" are the same value.
    const a = cols.coded("a")!;
    expect(a.codes[1]).toBe(a.codes[2]);
  });

  it("gives a plain and an escaped spelling of one text one code, whichever comes first", () => {
    // The dictionary finds plain strings by their bytes and enters decoded ones by value from the
    // first on: both orders, and a plain string new after the first escaped one.
    for (const text of ['[{"a":"A"},{"a":"B"},{"a":"\\u0041"},{"a":"C"},{"a":"\\u0043"},{"a":"A"}]', '[{"a":"\\u0041"},{"a":"A"},{"a":"B"},{"a":"\\u0042"}]']) {
      const cols = parseArrayColumns(bytes(text));
      expect(cols.toRecords()).toEqual(JSON.parse(text));
      const a = cols.coded("a")!;
      expect(new Set(a.dict).size).toBe(a.dict.length);
      for (let i = 0; i < a.codes.length; i++) for (let j = 0; j < a.codes.length; j++) expect(a.codes[i] === a.codes[j]).toBe(cols.record(i).a === cols.record(j).a);
    }
  });

  it("keeps a field named __proto__ as an own field, as JSON.parse does", () => {
    const text = '[{"__proto__":{"polluted":true},"a":1}]';
    const [r] = parseArrayColumns(bytes(text)).toRecords();
    expect(Object.getPrototypeOf(r)).toBe(Object.prototype);
    expect(r).toEqual(JSON.parse(text)[0]);
    expect(Object.keys(r!)).toEqual(["__proto__", "a"]);
  });

  it("keeps a missing field missing and a null field null", () => {
    const cols = parseArrayColumns(bytes('[{"a":1,"b":null},{"a":2},{"b":3,"a":null}]'));
    expect(cols.toRecords()).toEqual([{ a: 1, b: null }, { a: 2 }, { a: null, b: 3 }]);
    expect("b" in cols.record(1)).toBe(false);
  });

  it("reads a Node Buffer (whose slice is a view) with thousands of distinct strings", () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({ well: `WELL ${i % 1500} ÄB`, op: `Op ${i % 7}`, v: i }));
    const cols = parseArrayColumns(Buffer.from(JSON.stringify(rows)));
    expect(cols.toRecords()).toEqual(rows);
    expect(cols.coded("well")!.dict).toHaveLength(1500);
  });

  it("stores numbers in a Float64Array and repeated strings once", () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ region: ["Permian", "Haynesville", "Appalachia"][i % 3], gas: i / 10 }));
    const cols = parseArrayColumns(bytes(JSON.stringify(rows)));
    expect(cols.numbers("gas")).toBeInstanceOf(Float64Array);
    expect(cols.coded("region")!.dict).toEqual(["Permian", "Haynesville", "Appalachia"]);
    expect(cols.values("gas")).toEqual(rows.map((r) => r.gas));
  });

  it("turns a column that mixes numbers and text into plain values, losing nothing", () => {
    const text = '[{"lat":"31.5"},{"lat":31.6},{"lat":null},{"lat":true}]';
    expect(parseArrayColumns(bytes(text)).toRecords()).toEqual(JSON.parse(text));
    const text2 = '[{"lat":31.6},{"lat":"31.5"},{"lat":null}]';
    expect(parseArrayColumns(bytes(text2)).toRecords()).toEqual(JSON.parse(text2));
  });

  it("reads a v3 envelope: data as columns, pagination as JSON.parse gives it", () => {
    const body = { data: [{ county: "Reeves", gas_daily: 0.25 }], pagination: { start: 0, page_size: 10, total_count: 1 } };
    const { columns, rest } = parseEnvelopeColumns(bytes(JSON.stringify(body)));
    expect(columns.toRecords()).toEqual(body.data);
    expect(rest).toEqual({ pagination: body.pagination });
  });

  it("reads NDJSON lines, blank lines skipped, last line without its newline", () => {
    const text = '{"a":1}\n\n{"a":2,"b":"x"}\r\n{"a":3}';
    expect(parseLineColumns(bytes(text)).toRecords()).toEqual([{ a: 1 }, { a: 2, b: "x" }, { a: 3 }]);
  });

  it("refuses malformed or truncated JSON with the byte offset, never a partial answer", () => {
    const bad = ['[{"a":1},', '[{"a":01}]', '[{"a":1.}]', '[{"a":-}]', '[{"a":"x}]', '[{"a":1}] x', '[{"a" 1}]', '[{"a":tru}]', '[{"a":1,}]', '[{"a":"\u0001"}]', '[{"a":1}'];
    for (const text of bad) {
      expect(() => parseArrayColumns(bytes(text)), text).toThrow(ColumnParseError);
      expect(() => JSON.parse(text), text).toThrow();
    }
    expect(() => parseLineColumns(bytes('{"a":1}\n{"a":'))).toThrow(/at byte/);
  });

  it("hands a body of another shape back as its JSON value (arrays of scalars, objects without data)", () => {
    expect(parseHere("array", bytes('["2024-01-01T00:00:00Z", "2024-02-01T00:00:00Z"]'))).toEqual({ value: ["2024-01-01T00:00:00Z", "2024-02-01T00:00:00Z"] });
    expect(parseHere("envelope", bytes('{"error":"nope"}'))).toEqual({ value: { error: "nope" } });
    expect(parseHere("lines", bytes("[1]\n[2]\n"))).toEqual({ value: [[1], [2]] });
  });

  it("keeps dictionaries across calls of one parser (pages share codes)", () => {
    const p = new ColumnParser();
    p.parseArray(bytes('[{"r":"Permian"},{"r":"Bakken"}]'));
    p.parseArray(bytes('[{"r":"Bakken"}]'));
    const cols = p.finish();
    expect(cols.length).toBe(3);
    expect(cols.coded("r")!.dict).toEqual(["Permian", "Bakken"]);
  });
});
