// The byte parser's fast paths against JSON.parse: the unrolled key match (names of 1-40 bytes that
// share their first or last words, or differ in one middle byte), the dictionary's word-wise string
// match (strings of 0-21 bytes that differ only in their last bytes), and the digit loops that read
// without a bound check (numbers at the edges of a double, and numbers cut by the end of a range that
// has more digits after it: the value, or the error and its offset, of the range parsed alone).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ColumnParser } from "../../src/decode/columnar/parse-columns";

const enc = (t: string) => Buffer.from(t, "utf8");

const base = "abcdefghijklmnopqrstuvwxyz0123456789ABCD";
// Names whose `name":` patterns are 4-42 bytes: prefixes of one another (same first words), one byte
// changed in the middle (same first and last words), and the same tail (same last word).
const keyPool = [
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 21, 24, 25, 29, 33, 40].map((n) => base.slice(0, n)),
  ...[9, 13, 17, 21, 30].map((n) => base.slice(0, n >> 1) + "_" + base.slice((n >> 1) + 1, n)),
  ...[10, 14, 18, 26].map((n) => "Z" + base.slice(1, n)),
];
const strPool = ["", "a", "ab", "abc", "abcd", "abcde", "abcdf", "abcdefg", "abcdefh", "abcdefgh", "abcdefgi", "abcdefghijk", "abcdefghijl", "abcdefghijklmnopqrstu", "abcdefghijklmnopqrstv", "xbcdefghijklmnopqrstu", "é", "éa", "aéb", "日本語テキスト"];
const edgeNumbers = [
  "0", "-0", "0.0", "-0.0", "1", "-1", "1e308", "-1e308", "1.7976931348623157e308", "5e-324", "-5e-324", "4.9e-324", "2.2250738585072014e-308",
  "9007199254740991", "9007199254740992", "9007199254740993", "123456789012345", "1234567890123456", "0.1234567890123456789",
  "0.000000000000000000001", "0.0000000000000000000001", "0.00000000000000000000001", "1e22", "1e23", "1E+2", "1e-2",
  "0.001633354", "29.4", "50634", "100000000000000000000000", "2.675", "1.005", "0.30000000000000004",
];
const numText = fc.oneof(
  fc.constantFrom(...edgeNumbers),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => JSON.stringify(x)),
  fc.tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.option(fc.tuple(fc.nat(25), fc.bigInt({ min: 0n, max: 10n ** 20n }))), fc.option(fc.integer({ min: -340, max: 340 }))).map(
    ([neg, i, f, e]) => `${neg ? "-" : ""}${i}${f !== null ? "." + "0".repeat(f[0]) + f[1] : ""}${e !== null ? "e" + e : ""}`,
  ),
);
const valueText = fc.oneof(numText, fc.constantFrom(...strPool).map((s) => JSON.stringify(s)), fc.constantFrom("null", "true"));
// Records that mostly keep one key order (the key match's fast path) and sometimes change it.
const records = fc.tuple(fc.uniqueArray(fc.constantFrom(...keyPool), { minLength: 1, maxLength: 8 }), fc.array(fc.tuple(fc.array(valueText, { minLength: 8, maxLength: 8 }), fc.nat(9)), { minLength: 1, maxLength: 30 })).map(
  ([keys, rows]) =>
    rows.map(([values, shuffle]) => {
      const order = shuffle === 0 ? [...keys].reverse() : shuffle === 1 ? keys.slice(1) : keys;
      return "{" + order.map((k, i) => `${JSON.stringify(k)}:${values[i]}`).join(",") + "}";
    }),
);

function parsedArray(buf: Uint8Array, start: number, end: number): unknown {
  const parser = new ColumnParser();
  try {
    parser.parseArray(buf, start, end);
    return parser.finish().toRecords();
  } catch (err) {
    return { error: (err as Error).name, message: (err as Error).message };
  }
}

/** JSON.parse's records, compared with Object.is (so -0 is not 0). */
// Plain checks that throw, not one expect() per field: the properties below compare some 200,000 fields,
// and vitest's expect() cost more than the parsing it checked (issue 31, tenth round).
function expectSame(got: unknown, want: Record<string, unknown>[]): void {
  if (!Array.isArray(got)) throw new Error(`not an array of records: ${String(got)}`);
  const rows = got as Record<string, unknown>[];
  if (rows.length !== want.length) throw new Error(`${rows.length} records against JSON.parse's ${want.length}`);
  for (let i = 0; i < want.length; i++) {
    for (const [k, v] of Object.entries(want[i]!)) {
      if (!Object.is(rows[i]![k], v)) throw new Error(`row ${i} field ${k}: ${String(rows[i]![k])} against JSON.parse's ${String(v)}`);
    }
    for (const k of Object.keys(rows[i]!)) if (rows[i]![k] !== undefined && !(k in want[i]!)) throw new Error(`row ${i} has field ${k}, which JSON.parse's has not`);
  }
}

describe("byte parser fast paths", () => {
  it("long, alike names and alike strings give JSON.parse's records, as an array and as an envelope", () => {
    fc.assert(
      fc.property(records, (rs) => {
        const text = `[${rs.join(",")}]`;
        const want = JSON.parse(text) as Record<string, unknown>[];
        expectSame(parsedArray(enc(text), 0, Buffer.byteLength(text)), want);
        const parser = new ColumnParser();
        const { rest } = parser.parseEnvelope(enc(`{"data":${text},"pagination":{"total":${rs.length}}}`));
        expectSame(parser.finish().toRecords(), want);
        expect(rest).toEqual({ pagination: { total: rs.length } });
      }),
      { numRuns: 1500 },
    );
  });

  it("numbers at a double's edges are bit for bit JSON.parse's", () => {
    fc.assert(
      fc.property(fc.array(numText, { minLength: 1, maxLength: 40 }), (nums) => {
        const text = `[${nums.map((n) => `{"gas_daily":${n},"n":${n}}`).join(",")}]`;
        expectSame(parsedArray(enc(text), 0, Buffer.byteLength(text)), JSON.parse(text) as Record<string, unknown>[]);
      }),
      { numRuns: 1500 },
    );
  });

  it("a number cut by the end of its range, with digits after it, parses as the range alone does", () => {
    fc.assert(
      fc.property(numText, fc.constantFrom("", "9", "0.5", "12345678901234567890", "e5", ".", "-"), (num, after) => {
        const text = `[{"a":1},{"x":${num}}]`;
        for (let end = text.length - 6 - num.length; end <= text.length; end++) {
          const alone = parsedArray(enc(text.slice(0, end)), 0, end);
          expect(parsedArray(enc(text.slice(0, end) + after), 0, end)).toEqual(alone);
        }
      }),
      { numRuns: 400 },
    );
  });
});
