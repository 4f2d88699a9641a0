import { describe, expect, it } from "vitest";
import { ColumnParser } from "../../src/decode/columnar/parse-columns";

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

/** A body's records by a parser of its own. */
function fresh(kind: "array" | "envelope" | "lines", text: string): Record<string, unknown>[] {
  const p = new ColumnParser();
  parse(p, kind, text);
  return p.finish().toRecords();
}

function parse(p: ColumnParser, kind: "array" | "envelope" | "lines", text: string): void {
  if (kind === "array") p.parseArray(bytes(text));
  else if (kind === "envelope") p.parseEnvelope(bytes(text));
  else p.parseLines(bytes(text));
}

// finish() empties the parser's maps and the dictionaries' lists in place rather than replacing them
// (a field written again deoptimizes the parser: docs/performance.md, "v3: tenth round"): a parser used
// again after finish() must give what a new one gives, whatever the bodies before it held.
describe("a ColumnParser used again after finish()", () => {
  const bodies: ["array" | "envelope" | "lines", string][] = [
    ["envelope", '{"data":[{"a":1,"s":"Permian","t":"x"},{"a":2,"s":"Bakken","t":"y"},{"a":null,"s":"Permian"}],"pagination":{"total":3}}'],
    ["envelope", '{"data":[{"s":"Bakken","b":true},{"s":"Eagle Ford","a":"text now"},{"b":false,"s":"Bakken"}],"pagination":{"total":3}}'],
    ["array", '[{"t":"only t"},{"t":"only t"},{"z":[1,2]}]'],
    ["lines", '{"s":"Permian","a":1.5}\n{"s":"Anadarko","a":-2}\n\n{"s":"Permian"}\n'],
    ["envelope", '{"data":[],"pagination":{"total":0}}'],
    ["array", '[{"s":"Permian","a":1,"t":"x"},{"s":"Haynesville","a":3,"t":"w"}]'],
  ];

  it("gives each body's own columns: fields, their order, kinds, strings and absent rows", () => {
    const p = new ColumnParser();
    for (const [kind, text] of bodies) {
      parse(p, kind, text);
      const got = p.finish();
      const want = fresh(kind, text);
      expect(got.toRecords()).toEqual(want);
      expect(got.length).toBe(want.length);
      expect(p.length).toBe(0);
    }
  });

  it("gives the same after a body that failed part way", () => {
    const p = new ColumnParser();
    expect(() => p.parseArray(bytes('[{"s":"Permian","a":1},{"s":"Bak'))).toThrow(/at byte/);
    p.finish();
    const [kind, text] = bodies[1]!;
    parse(p, kind, text);
    expect(p.finish().toRecords()).toEqual(fresh(kind, text));
  });
});
