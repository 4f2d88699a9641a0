// The byte parser's text dictionaries on the lake's kind of answer (issue 30, fifth round): columns of
// ids new on every row, columns that repeat only now and then (whose repeat test the builder stops
// trying for a while), and runs of repeats after them; the word-wise checks of a new string for control
// characters and non-ASCII bytes, wherever they fall in its words.
import { describe, expect, it } from "vitest";
import { ColumnParser } from "../../src/decode/columnar/parse-columns";

function parseLines(text: string) {
  const parser = new ColumnParser();
  parser.parseLines(Buffer.from(text, "utf8"));
  return parser.finish();
}

/** A 10-digit id of `i` (distinct for distinct i), scrambled so that neighbours differ in every word. */
const id = (i: number) => String((i * 2654435761) % 9_999_999_967).padStart(10, "0");

describe("byte parser dictionaries", () => {
  it("give JSON.parse's values and one code per distinct text for unique, rare-repeat and repeating columns", () => {
    const counties = ["Weld", "Natchitoches", "Reeves", "Webb", "Karnes", "Loving", "Ward", "Dimmit", "Caddo"];
    const lines: string[] = [];
    for (let i = 0; i < 6000; i++) {
      // Unique ids for 4,000 rows, then a run of one id, then ids seen before, in another order.
      const well = i < 4000 ? id(i) : i < 5000 ? id(7) : id((i * 7) % 4000);
      // A county that changes on almost every row; then a long run of one county.
      const county = i < 5000 ? counties[(i * 5 + (i >> 3)) % counties.length]! : "Reeves";
      lines.push(JSON.stringify({ well_id: well, county, name: `WELL ${i % 4500} é`, n: i }));
    }
    const text = lines.join("\n");
    const want = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const columns = parseLines(text);
    expect(columns.toRecords()).toEqual(want);
    for (const name of ["well_id", "county", "name"]) {
      const coded = columns.coded(name)!;
      expect(new Set(coded.dict).size).toBe(coded.dict.length);
      expect(coded.dict.length).toBe(new Set(want.map((r) => r[name])).size);
    }
  });

  it("refuse a raw control character at any place of a new string's words, at its byte", () => {
    for (let at = 0; at < 13; at++) {
      const value = "abcdefghijklm".slice(0, at) + "\u0001" + "nopqrstuvwxyz".slice(at);
      const head = `{"a":"x"}\n{"a":"`;
      const text = `${head}${value}"}\n`;
      expect(() => parseLines(text)).toThrow(`a control character inside a string at byte ${head.length + at}`);
    }
  });

  it("decode non-ASCII text at any place of a new string's words, and refuse invalid UTF-8 there", () => {
    for (let at = 0; at < 13; at++) {
      const value = "abcdefghijklm".slice(0, at) + "ü€" + "nopqrstuvwxyz".slice(at);
      const text = `{"a":"x"}\n{"a":${JSON.stringify(value)}}\n`;
      expect(parseLines(text).toRecords()).toEqual([{ a: "x" }, { a: value }]);
      const bytes = Buffer.concat([Buffer.from(`{"a":"x"}\n{"a":"${"abcdefghijklm".slice(0, at)}`), Buffer.from([0xc3, 0x28]), Buffer.from(`"}\n`)]);
      const parser = new ColumnParser();
      expect(() => parser.parseLines(bytes)).toThrow(/invalid UTF-8/);
    }
  });
});

/** The parser's hash of a string's bytes, as `Dictionary.stringCode` documents it (before its final mix). */
function wordHash(bytes: Buffer): number {
  let h = 0;
  let i = 0;
  for (; i + 4 <= bytes.length; i += 4) h = Math.imul(h ^ bytes.readInt32LE(i), 0x9e3779b1);
  for (; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x9e3779b1);
  return h;
}

const plain = (w: number) => [0, 8, 16, 24].every((s) => ((w >>> s) & 0xff) >= 0x20 && ((w >>> s) & 0xff) < 0x7f && ((w >>> s) & 0xff) !== 0x22 && ((w >>> s) & 0xff) !== 0x5c);

/**
 * Pairs of 8-byte ASCII strings with the same hash: h(a b) = imul(imul(a, k) ^ b, k), so for any first
 * word c the second word imul(a, k) ^ imul(c, k) ^ b gives the same h, kept when it is plain ASCII.
 */
function collidingPairs(count: number): [string, string][] {
  const pairs: [string, string][] = [];
  const word = (w: number) => {
    const b = Buffer.alloc(4);
    b.writeInt32LE(w | 0);
    return b;
  };
  for (let i = 0; pairs.length < count; i++) {
    const a = 0x41414141 + (i % 26) * 0x01000000 + ((i >> 5) % 26);
    const b = 0x61616161 + (i % 13) * 0x00010000;
    const c = 0x30303030 + ((i * 7919) % 0x0a0a0a);
    const d = Math.imul(a, 0x9e3779b1) ^ Math.imul(c, 0x9e3779b1) ^ b;
    if (!plain(a) || !plain(b) || !plain(c) || !plain(d)) continue;
    const x = Buffer.concat([word(a), word(b)]);
    const y = Buffer.concat([word(c), word(d)]);
    if (x.equals(y) || wordHash(x) !== wordHash(y)) continue;
    pairs.push([x.toString("latin1"), y.toString("latin1")]);
  }
  return pairs;
}

describe("byte parser dictionaries, hash collisions", () => {
  it("give two different strings of the same hash two codes, and each its own text, in a small and in a large dictionary", () => {
    const pairs = collidingPairs(40);
    expect(pairs.length).toBe(40);
    const lines: string[] = [];
    // Each pair twice, in both orders, between unique fillers that grow the dictionary past several rehashes.
    for (let round = 0; round < 2; round++) {
      for (const [k, [x, y]] of pairs.entries()) {
        lines.push(JSON.stringify({ s: round === 0 ? x : y }), JSON.stringify({ s: round === 0 ? y : x }));
        for (let f = 0; f < 50 * round; f++) lines.push(JSON.stringify({ s: `filler ${k} ${f}` }));
      }
    }
    const columns = parseLines(lines.join("\n"));
    const want = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(columns.toRecords()).toEqual(want);
    const coded = columns.coded("s")!;
    expect(coded.dict.length).toBe(new Set(want.map((r) => r.s)).size);
    expect(new Set(coded.dict).size).toBe(coded.dict.length);
  });

  it("keep codes and texts when an escaped string makes the dictionary find strings by value mid-answer", () => {
    const lines: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const s = i === 1500 ? "tab\there" : i % 3 === 0 ? `id ${i % 700}` : `name ${(i * 7) % 2000} long enough to be sliced`;
      lines.push(JSON.stringify({ s }));
    }
    // The escaped string's text again, unescaped bytes this time: one value, one code.
    lines.push(JSON.stringify({ s: "id 5" }), '{"s":"id \\u0035"}');
    const columns = parseLines(lines.join("\n"));
    expect(columns.toRecords()).toEqual(lines.map((l) => JSON.parse(l) as Record<string, unknown>));
    const coded = columns.coded("s")!;
    expect(new Set(coded.dict).size).toBe(coded.dict.length);
  });
});
