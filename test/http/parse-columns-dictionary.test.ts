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
