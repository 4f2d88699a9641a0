import { describe, expect, it } from "vitest";
import { ColumnParseError, parseArrayColumns, parseEnvelopeColumns } from "../../src/decode/columnar/parse-columns";

// The byte parser gives exactly what JSON.parse gives, or throws ColumnParseError / NotColumnarError:
// single cases a review found breaking that (each failed before its fix).
const enc = (t: string) => Buffer.from(t, "utf8");

describe("byte parser vs JSON.parse: single cases", () => {
  it("a string value that starts with a raw U+FEFF keeps it (TextDecoder strips a leading BOM)", () => {
    const text = '[{"a":"\ufeffx"}]';
    const got = parseArrayColumns(enc(text)).toRecords();
    expect(got).toEqual(JSON.parse(text));
  });

  it("a key with a lone surrogate and a raw U+FFFD key are two fields (the key pattern is TextEncoder's U+FFFD)", () => {
    const text = '[{"\\ud800abc":1},{"\ufffdabc":2}]';
    const got = parseArrayColumns(enc(text)).toRecords();
    expect(got).toEqual(JSON.parse(text));
  });

  it("-0 in a column that holds strings stays -0 (the dictionary's Map treats -0 as 0)", () => {
    const got = parseArrayColumns(enc('[{"a":"x"},{"a":0},{"a":-0}]')).toRecords();
    expect(Object.is(got[2]!.a, -0)).toBe(true);
  });

  it("a very long number is Number() of it, not a RangeError from String.fromCharCode.apply", () => {
    const text = `[{"a":1${"0".repeat(500_000)}}]`;
    expect(parseArrayColumns(enc(text)).toRecords()).toEqual(JSON.parse(text));
  });

  it("an envelope member that starts with a raw U+FEFF is malformed JSON", () => {
    const text = '{"data":[],"x":\ufeff1}';
    expect(() => JSON.parse(text)).toThrow();
    expect(() => parseEnvelopeColumns(enc(text))).toThrow(ColumnParseError);
  });

  it("an envelope member named __proto__ is an own member of rest, as JSON.parse gives it", () => {
    const { rest } = parseEnvelopeColumns(enc('{"data":[],"__proto__":{"x":1}}'));
    expect(Object.keys(rest)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(rest)).toBe(Object.prototype);
  });
});
