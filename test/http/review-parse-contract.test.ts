import { describe, expect, it } from "vitest";
import { ColumnParseError, parseArrayColumns, parseEnvelopeColumns } from "../../src/http/columnar/parse-columns";

// Review of 14f273d..HEAD. Contract: the byte parser gives exactly what JSON.parse gives, or throws
// ColumnParseError / NotColumnarError. Each case below breaks it. All of them also fail at 14f273d
// (they are not introduced by this change, but the change keeps them).
const enc = (t: string) => Buffer.from(t, "utf8");

describe("review: byte parser vs JSON.parse", () => {
  it("a string value that starts with a raw U+FEFF keeps it (TextDecoder strips a leading BOM)", () => {
    const text = '[{"a":"\ufeffx"}]';
    const got = parseArrayColumns(enc(text)).toRecords();
    expect(got).toEqual(JSON.parse(text)); // got [{ a: "x" }]
  });

  it("a key with a lone surrogate and a raw U+FFFD key are two fields (the key pattern is TextEncoder's U+FFFD)", () => {
    const text = '[{"\\ud800abc":1},{"\ufffdabc":2}]';
    const got = parseArrayColumns(enc(text)).toRecords();
    expect(got).toEqual(JSON.parse(text)); // got [{ "\ud800abc": 1 }, { "\ud800abc": 2 }]
  });

  it("-0 in a column that holds strings stays -0 (the dictionary's Map treats -0 as 0)", () => {
    const got = parseArrayColumns(enc('[{"a":"x"},{"a":0},{"a":-0}]')).toRecords();
    expect(Object.is(got[2]!.a, -0)).toBe(true);
  });

  it("a very long number is Number() of it, not a RangeError from String.fromCharCode.apply", () => {
    const text = `[{"a":1${"0".repeat(500_000)}}]`;
    expect(parseArrayColumns(enc(text)).toRecords()).toEqual(JSON.parse(text)); // throws RangeError
  });

  it("an envelope member that starts with a raw U+FEFF is malformed JSON", () => {
    const text = '{"data":[],"x":\ufeff1}';
    expect(() => JSON.parse(text)).toThrow();
    expect(() => parseEnvelopeColumns(enc(text))).toThrow(ColumnParseError); // gives rest { x: 1 }
  });

  it("an envelope member named __proto__ is an own member of rest, as JSON.parse gives it", () => {
    const { rest } = parseEnvelopeColumns(enc('{"data":[],"__proto__":{"x":1}}'));
    expect(Object.keys(rest)).toEqual(["__proto__"]); // got []: rest[key] = value set rest's prototype
  });
});
