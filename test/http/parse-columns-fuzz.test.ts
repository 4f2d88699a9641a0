// Properties of the byte parser against JSON.parse: sub-ranges with junk around them, truncations,
// one-byte mutations, NDJSON, pages through one parser, repeated and prefix strings, big dictionaries,
// raw U+FEFF and -0 (see parse-columns-contract.test.ts for single cases, lone-surrogate keys among them:
// here keys are written into the text raw, where UTF-8 cannot hold a lone surrogate).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ColumnParseError, ColumnParser, NotColumnarError } from "../../src/decode/columnar/parse-columns";

/**
 * Runs per property, each unseeded (every run of the suite draws new cases). They were 4,000, 4,000,
 * 3,000 and 5,000: a fifth of the test/http folder's CPU. At these counts each class the generators
 * draw from (the 23 keys of keyPool, the 13 string units, the 25 fixed numbers, the 7 whitespace
 * runs, junk before and after, a cut or a byte replaced at any offset) still comes up in hundreds of
 * cases per run: a class is missed by chance with odds far below one in a million.
 */
const RUNS = { subRange: 1500, mutations: 1500, ndjson: 1000, repeating: 2000 } as const;

const enc = (t: string) => Buffer.from(t, "utf8");
const dec = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function same(a: unknown, b: unknown, path = "$"): string | undefined {
  if (typeof a === "number" && typeof b === "number") return Object.is(a, b) ? undefined : `${path}: ${a} vs ${b}`;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return a === b ? undefined : `${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array mismatch`;
  const ka = Object.keys(a).sort(), kb = Object.keys(b).sort();
  if (JSON.stringify(ka) !== JSON.stringify(kb)) return `${path}: keys ${JSON.stringify(ka)} vs ${JSON.stringify(kb)}`;
  for (const k of ka) {
    const d = same((a as any)[k], (b as any)[k], `${path}.${k}`);
    if (d) return d;
  }
  return undefined;
}

const keyPool = ["", "a", "ab", "abc", "abcd", "abcde", "abcdefg", "abcdefgh", "abcdefghi", "bcd", "__proto__", "é", "éé", "ü", 'q"', "a\\b", "\u0001x", "\u2028z", "data", "constructor", "x y", "日本語", "\ufffdabc"];
const strUnit = fc.constantFrom("a", "b", "é", "😀", '"', "\\", "\u0001", "\u007f", " ", "/", "\u2028", "\ud800", "\ufeff");
const str = fc.string({ unit: strUnit, maxLength: 40 });
const numText = fc.oneof(
  fc.constantFrom("0", "-0", "-0.0", "1", "-1", "0.5", "1e5", "1E-5", "1e+300", "1e400", "-1e-400", "123456789012345", "1234567890123456", "12345678901234567890", "0.1", "0.30000000000000004", "9007199254740993", "1.7976931348623157e308", "5e-324", "0.0000000000000000000001", "0.00000000000000000000001", "100000000000000000000000", "4.35", "2.675", "1.005"),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => JSON.stringify(x)),
  fc.tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 25n }), fc.option(fc.bigInt({ min: 0n, max: 10n ** 25n })), fc.option(fc.integer({ min: -330, max: 330 }))).map(
    ([neg, i, f, e]) => `${neg ? "-" : ""}${i}${f !== null ? "." + f.toString().padStart(3, "0") : ""}${e !== null ? "e" + e : ""}`,
  ),
);
type V = { text: string };
const escapeStr = (s: string, escAll: boolean, rnd: number[]): string => {
  let out = '"';
  let k = 0;
  for (const ch of s) {
    const r = rnd[k++ % rnd.length]!;
    const c = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (c < 0x20) out += "\\u" + c.toString(16).padStart(4, "0");
    else if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff) out += "\\u" + c.toString(16);
    else if (escAll && r % 5 === 0 && ch.length === 1) out += "\\u" + c.toString(16).padStart(4, "0");
    else if (escAll && r % 7 === 1 && ch === "/") out += "\\/";
    else out += ch;
  }
  return out + '"';
};
const valueText: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(str, fc.boolean(), fc.array(fc.nat(), { minLength: 1, maxLength: 4 })).map(([s, e, r]) => escapeStr(s, e, r)) },
  { weight: 3, arbitrary: numText },
  { weight: 1, arbitrary: fc.constantFrom("null", "true", "false", "[]", "{}", '[1,"a",{"b":null}]', '{"x":[1,2]}', '"\\u00e9"') },
);
const ws = fc.constantFrom("", "", "", " ", "\n", "\t", " \r\n ");
const recordText = fc.array(fc.tuple(fc.constantFrom(...keyPool), fc.boolean(), fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), valueText, ws, ws, ws), { maxLength: 7 }).map((fields) =>
  "{" + fields.map(([k, e, r, v, w1, w2, w3]) => `${w1}${escapeStr(k, e, r)}${w2}:${w3}${v}`).join(",") + "}",
);
const arrayText = fc.tuple(fc.array(recordText, { maxLength: 12 }), ws).map(([rs, w]) => `[${w}${rs.join("," + w)}${w}]`);

function check(buf: Uint8Array, start: number, end: number, kind: "array" | "lines") {
  let expected: unknown;
  let jsonOk = true;
  try {
    const text = dec.decode(buf.subarray(start, end));
    if (kind === "array") expected = JSON.parse(text);
    else expected = text.split("\n").filter((l) => /[^ \t\r\n]/.test(l)).map((l) => JSON.parse(l));
  } catch {
    jsonOk = false;
  }
  const p = new ColumnParser();
  let got: unknown;
  let err: unknown;
  try {
    if (kind === "array") p.parseArray(buf, start, end);
    else p.parseLines(buf, start, end);
    got = p.finish().toRecords();
  } catch (e) {
    err = e;
  }
  const ctx = () => JSON.stringify(Buffer.from(buf.subarray(start, end)).toString("utf8"));
  if (!jsonOk) {
    if (!(err instanceof ColumnParseError) && !(err instanceof NotColumnarError)) throw new Error(`expected ColumnParseError, got ${err === undefined ? JSON.stringify(got) : err}: ${ctx()}`);
    return;
  }
  const columnar = Array.isArray(expected) && expected.every((r) => r !== null && typeof r === "object" && !Array.isArray(r));
  if (!columnar) {
    if (!(err instanceof NotColumnarError)) throw new Error(`expected NotColumnarError, got ${err ?? JSON.stringify(got)}: ${ctx()}`);
    return;
  }
  if (err !== undefined) throw new Error(`unexpected ${err}: ${ctx()}`);
  const d = same(got, expected);
  if (d) throw new Error(`mismatch ${d}: ${ctx()}`);
}

const junk = fc.array(fc.constantFrom(...'"}],{:0123456789 \\\nabtrue'.split("")), { maxLength: 6 }).map((a) => a.join(""));

describe("byte parser fuzz", () => {
  it("array in a sub-range with junk around", () => {
    fc.assert(
      fc.property(arrayText, junk, junk, (t, pre, post) => {
        const buf = enc(pre + t + post);
        const s = Buffer.byteLength(pre), e = s + Buffer.byteLength(t);
        check(buf, s, e, "array");
      }),
      { numRuns: RUNS.subRange },
    );
  });
  it("truncations and mutations of arrays", () => {
    fc.assert(
      fc.property(arrayText, fc.nat(), fc.nat(255), junk, (t, at, byte, post) => {
        const full = enc(t + post);
        const n = Buffer.byteLength(t);
        check(full, 0, at % (n + 1), "array");
        const m = Buffer.from(full);
        m[at % n] = byte;
        check(m, 0, n, "array");
        const m2 = Buffer.from(full);
        m2[at % n] = [0x22, 0x5c, 0x7d, 0x2c, 0x3a, 0x20, 0x30, 0x2e, 0x65, 0x2d][byte % 10]!;
        check(m2, 0, n, "array");
      }),
      { numRuns: RUNS.mutations },
    );
  });
  it("ndjson in a sub-range", () => {
    fc.assert(
      fc.property(fc.array(recordText, { maxLength: 10 }), junk, junk, fc.nat(), (rs, pre, post, cut) => {
        const t = rs.join("\n");
        const buf = enc(pre + t + post);
        const s = Buffer.byteLength(pre), e = s + Buffer.byteLength(t);
        check(buf, s, e, "lines");
        check(buf, s, s + (cut % (e - s + 1)), "lines");
      }),
      { numRuns: RUNS.ndjson },
    );
  });
});

describe("byte parser fuzz: repeating columns", () => {
  const strPool = fc.array(fc.tuple(str, fc.boolean(), fc.array(fc.nat(), { minLength: 1, maxLength: 3 })).map(([s, e, r]) => escapeStr(s, e, r)), { minLength: 1, maxLength: 4 });
  const pools = fc.array(fc.tuple(fc.constantFrom(...keyPool), fc.oneof(strPool, fc.array(valueText, { minLength: 1, maxLength: 3 }))), { minLength: 1, maxLength: 5 });
  const body = fc.tuple(pools, fc.array(fc.array(fc.nat(), { minLength: 6, maxLength: 6 }), { maxLength: 25 }), ws).map(([cols, picks, w]) =>
    picks.map((pk) => "{" + cols.filter((_, j) => pk[j % 6]! % 7 !== 0).map(([k, vs], j) => `"${k.replace(/["\\]/g, "_").replace(/[\u0000-\u001f]/g, "_")}":${w}${vs[pk[j % 6]! % vs.length]}`).join(",") + "}"),
  );
  it("arrays, ndjson and pages of records that repeat keys and values", () => {
    fc.assert(
      fc.property(body, junk, junk, fc.nat(), fc.nat(255), (recs, pre, post, at, byte) => {
        const t = `[${recs.join(",")}]`;
        const buf = enc(pre + t + post);
        const s = Buffer.byteLength(pre), e = s + Buffer.byteLength(t);
        check(buf, s, e, "array");
        const lines = recs.join("\n");
        const lb = enc(pre + lines + post);
        check(lb, s, s + Buffer.byteLength(lines), "lines");
        check(lb, s, s + (at % (Buffer.byteLength(lines) + 1)), "lines");
        const m = Buffer.from(buf);
        m[s + (at % (e - s))] = byte;
        check(m, s, e, "array");
        // pages through one parser
        const p = new ColumnParser();
        const half = Math.floor(recs.length / 2);
        const a = enc(`[${recs.slice(0, half).join(",")}]`), b = enc(`[${recs.slice(half).join(",")}]`);
        p.parseArray(a);
        p.parseArray(b);
        const d = same(p.finish().toRecords(), JSON.parse(t));
        if (d) throw new Error(`pages mismatch ${d}: ${t}`);
      }),
      { numRuns: RUNS.repeating },
    );
  });
});

describe("byte parser fuzz: big dictionaries", () => {
  it("thousands of distinct and repeated strings (rehash), lookups after rehash", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom("a", "é", "😀", "b", "\\", '"'), maxLength: 9 }), { minLength: 100, maxLength: 400 }), fc.array(fc.nat(), { minLength: 500, maxLength: 3000 }), (pool, picks) => {
        const recs = picks.map((k) => ({ s: pool[k % pool.length], t: pool[(k * 7) % pool.length], n: k % 3 === 0 ? null : pool[k % 5] }));
        const t = JSON.stringify(recs);
        check(enc(t), 0, t.length === Buffer.byteLength(t) ? t.length : Buffer.byteLength(t), "array");
      }),
      { numRuns: 60 },
    );
  });
});
