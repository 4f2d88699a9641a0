import { describe, expect, it } from "vitest";
import { LinesInPlace } from "../../src/decode/columnar/lines-in-place";
import { ColumnParseError, parseLineColumns } from "../../src/decode/columnar/parse-columns";

const enc = new TextEncoder();

/** `text` cut into chunks of the given sizes, in turn (cuts fall anywhere: inside keys, numbers, UTF-8). */
function chunksOf(text: string, sizes: readonly number[]): Uint8Array[] {
  const bytes = enc.encode(text);
  const out: Uint8Array[] = [];
  for (let at = 0, k = 0; at < bytes.length; k++) {
    const n = sizes[k % sizes.length]!;
    out.push(bytes.slice(at, at + n));
    at += n;
  }
  return out;
}

function inPlace(chunks: readonly Uint8Array[], bodyBytes?: number) {
  const lines = new LinesInPlace(bodyBytes);
  for (const c of chunks) lines.push(c);
  return lines.end();
}

const row = (i: number) => ({
  well: `W-${i % 37}`,
  region: ["Permian", "Bakken", "Ünïcode ☃ 𝄞"][i % 3],
  gas: i % 7 === 0 ? null : i / 8,
  big: i * 1e15 + 0.5,
  ...(i % 11 === 0 ? { sparse: i } : {}),
  note: i % 5 === 0 ? 'q"uote\n' : "plain",
});

describe("LinesInPlace: NDJSON parsed chunk by chunk into one set of columns", () => {
  const records = Array.from({ length: 2000 }, (_, i) => row(i));
  const text = `${records.map((r) => JSON.stringify(r)).join("\n")}\n`;

  it.each([[[1]], [[7, 3, 64]], [[4096]], [[65536]], [[text.length * 4]]])("gives the records a whole-body parse gives, chunks of %j bytes", (sizes) => {
    const parsed = inPlace(chunksOf(text, sizes), enc.encode(text).byteLength);
    expect("columns" in parsed).toBe(true);
    if (!("columns" in parsed)) return;
    expect(parsed.columns.length).toBe(records.length);
    expect(parsed.columns.toRecords()).toEqual(parseLineColumns(enc.encode(text)).toRecords());
    expect(parsed.columns.toRecords()).toEqual(records.map((r) => JSON.parse(JSON.stringify(r))));
  });

  it("sizes the columns from the stated length and keeps no more than a sixteenth spare", () => {
    const parsed = inPlace(chunksOf(text, [1000]), enc.encode(text).byteLength);
    if (!("columns" in parsed)) throw new Error("expected columns");
    const gas = parsed.columns.columns.get("gas")!;
    if (gas.kind !== "number") throw new Error("expected a number column");
    expect(gas.values.length).toBe(records.length);
    expect(gas.values.buffer.byteLength).toBeLessThanOrEqual(Math.ceil((records.length * 8 * 17) / 16));
  });

  it("keeps dictionary codes at the narrowest width, as a paged answer's", () => {
    const wide = Array.from({ length: 300 }, (_, i) => JSON.stringify({ id: `well-${i}`, region: i % 2 ? "a" : "b" })).join("\n");
    const parsed = inPlace(chunksOf(wide, [97]));
    if (!("columns" in parsed)) throw new Error("expected columns");
    expect(parsed.columns.coded("region")!.codes).toBeInstanceOf(Uint8Array);
    expect(parsed.columns.coded("id")!.codes).toBeInstanceOf(Uint16Array);
    expect(parsed.columns.toRecords()[299]).toEqual({ id: "well-299", region: "a" });
  });

  it("takes blank lines, CRLF line ends and a last line without a line end", () => {
    const body = '{"a":1}\r\n\r\n  \n{"a":2,"b":"x"}\n{"a":3}';
    for (const sizes of [[1], [2, 5], [100]]) {
      const parsed = inPlace(chunksOf(body, sizes));
      if (!("columns" in parsed)) throw new Error("expected columns");
      expect(parsed.columns.toRecords()).toEqual([{ a: 1 }, { a: 2, b: "x" }, { a: 3 }]);
    }
  });

  it("an empty body is no records", () => {
    const parsed = inPlace([]);
    expect("columns" in parsed && parsed.columns.length).toBe(0);
  });

  it("a line that is not an object turns the answer into values, every line kept in order", () => {
    const body = '{"a":1}\n{"a":2}\n[1,2]\n"x"\n{"a":3}\n';
    for (const sizes of [[1], [3], [9, 2], [1000]]) {
      const parsed = inPlace(chunksOf(body, sizes));
      expect(parsed).toEqual({ values: [{ a: 1 }, { a: 2 }, [1, 2], "x", { a: 3 }] });
    }
  });

  it("a last line cut inside a record is a ColumnParseError, as is malformed JSON after a bare value", () => {
    expect(() => inPlace(chunksOf('{"a":1}\n{"a":2}\n{"a":', [4]))).toThrow(ColumnParseError);
    expect(() => inPlace(chunksOf('{"a":1}\n2\n{"a":', [4]))).toThrow(ColumnParseError);
    expect(() => inPlace(chunksOf('{"a":1}\n{"a":\u0001}\n', [3]))).toThrow(ColumnParseError);
  });

  it("invalid UTF-8 is a ColumnParseError, whichever chunk holds it", () => {
    const good = enc.encode('{"a":"ok"}\n{"a":"');
    const bytes = new Uint8Array([...good, 0xff, 0xfe, ...enc.encode('"}\n')]);
    for (const n of [1, 2, 5, bytes.length]) {
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += n) chunks.push(bytes.slice(i, i + n));
      expect(() => inPlace(chunks)).toThrow(ColumnParseError);
    }
  });

  it("believes a stated length only up to 2,000,000 rows (a wrong one reserves no gigabytes)", () => {
    const lines = new LinesInPlace(100_000_000_000);
    const before = process.memoryUsage().arrayBuffers;
    // The first chunk's lines size the columns: 100 GB at about 360 bytes a row would be 280 million.
    lines.push(enc.encode(text));
    // Six columns of at most 8 bytes for 2,000,000 rows, with room for the dictionaries' codes.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(2_000_000 * 8 * 7);
    const parsed = lines.end();
    expect("columns" in parsed && parsed.columns.length).toBe(records.length);
  });

  it("refuses a bare-value body nested deeper than the parser's limit, before JSON.parse meets it", () => {
    const deep = `"2024-01-01"\n{"a":${"[".repeat(200_000)}${"]".repeat(200_000)}}\n`;
    for (const sizes of [[65536], [deep.length]]) expect(() => inPlace(chunksOf(deep, sizes))).toThrow(/nested deeper than 1000 levels/);
  });

  it("drops the body's leading byte-order mark, as a whole-body decode does", () => {
    const body = "\uFEFF" + '{"a":1,"b":"x"}\n{"a":2,"b":"y"}\n';
    for (const sizes of [[1], [2], [100]]) expect(inPlace(chunksOf(body, sizes))).toEqual({ values: [{ a: 1, b: "x" }, { a: 2, b: "y" }] });
    // Not at the body's start, the mark is text: JSON.parse refuses it.
    expect(() => inPlace(chunksOf('"x"\n\uFEFF{"a":1}\n', [3]))).toThrow(ColumnParseError);
  });

  it("names the byte offset in the body, not in the chunk", () => {
    const body = `${'{"a":1}\n'.repeat(1000)}{"a":,}\n`;
    for (const sizes of [[7], [64], [5000]]) expect(() => inPlace(chunksOf(body, sizes))).toThrow(/expected a value at byte 8005$/);
  });
});
