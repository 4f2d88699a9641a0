/** A table prints as a table: `console.log(table)`, `table.print(n)` and `table.toText()` (issue 31). */
import { inspect } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Table, type RecordSchema } from "../../src/table";
import { inferFieldType } from "../../src/table/normalise";

const schema: RecordSchema = {
  name: "natgas.v3.example",
  fields: [
    { name: "date", type: "date" },
    { name: "region", type: "string" },
    { name: "gas_daily", type: "float", unit: "BCF/day" },
    { name: "seen", type: "timestamp" },
  ],
};
const records = [
  { date: "2024-01-01", region: "Permian", gas_daily: 21.123456, seen: "2024-01-01T14:05:00.000Z" },
  { date: "2024-01-02", region: "Haynesville", gas_daily: 1234.5, seen: "2024-01-02T00:00:00Z" },
];

const SMALL = [
  "date        region           gas_daily  seen",
  "date        string       float [Bcf/d]  timestamp",
  "----------  -----------  -------------  -----------------",
  "2024-01-01  Permian             21.123  2024-01-01 14:05Z",
  "2024-01-02  Haynesville        1,234.5  2024-01-02",
  "(natgas.v3.example: 2 rows × 4 columns)",
].join("\n");

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a table as text", () => {
  it("aligns names, types with units, a rule and the rows, rounds floats and shows instants in the codec's display form", () => {
    expect(Table.fromRecords(records, { schema }).toText()).toBe(SMALL);
  });

  it("is what console.log and util.inspect show, not the table's internals, for rows and columns alike", () => {
    const t = Table.fromRecords(records, { schema });
    expect(inspect(t)).toBe(SMALL);
    expect(inspect(Table.fromColumns(t.columns(), { schema }))).toBe(SMALL);
    expect(inspect(t)).not.toMatch(/heldRows|heldColumns|RecordColumns/);
  });

  it("keeps the data as they were: only the display rounds", () => {
    const t = Table.fromRecords(records, { schema });
    t.toText();
    expect(t.column("gas_daily")).toEqual([21.123456, 1234.5]);
    expect(t.column("seen")).toEqual(["2024-01-01T14:05:00.000Z", "2024-01-02T00:00:00Z"]);
  });

  it("shows a long table's first and last rows around a … row, and the row count", () => {
    const long = Table.fromRecords(Array.from({ length: 25 }, (_, i) => ({ i, v: i / 3 })));
    expect(long.toText({ rows: 4 })).toBe(
      [
        "  i      v",
        "int  float",
        "---  -----",
        "  0      0",
        "  1  0.333",
        "  …      …",
        " 23  7.667",
        " 24      8",
        "(25 rows × 2 columns (first 2 and last 2 shown))",
      ].join("\n"),
    );
    expect(long.toText().split("\n")).toHaveLength(3 + 10 + 1 + 1);
  });

  it("leaves out the middle columns of a wide table, keeping the first and last", () => {
    const wide = Table.fromRecords([Object.fromEntries(Array.from({ length: 30 }, (_, j) => [`column_${j}`, j * 1000.5]))]);
    expect(wide.toText({ width: 80 })).toBe(
      [
        "column_0  column_1  column_2  column_3  …  column_27  column_28  column_29",
        "     int     float       int     float  …      float        int      float",
        "--------  --------  --------  --------  …  ---------  ---------  ---------",
        "       0   1,000.5     2,001   3,001.5  …   27,013.5     28,014   29,014.5",
        "(1 row × 30 columns)",
      ].join("\n"),
    );
    for (const line of wide.toText({ width: 80 }).split("\n")) expect(line.length).toBeLessThanOrEqual(80);
  });

  it("shows units given to the table and those known from field names, in analysts' spelling", () => {
    const t = Table.fromRecords([{ volume: 3.25, volume_unit: "gas_Bcf", depth: 1200 }], { units: { depth: "ft" } });
    const [names, types] = t.toText().split("\n");
    expect(names).toBe("     volume  volume_unit     depth");
    expect(types).toBe("float [Bcf]  string       int [ft]");
  });

  it("prints to standard output, at most n rows", () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const long = Table.fromRecords(Array.from({ length: 25 }, (_, i) => ({ i })));
    long.print(2);
    expect(written.join("")).toBe(["  i", "int", "---", "  0", "  …", " 24", "(25 rows × 1 column (first 1 and last 1 shown))", ""].join("\n"));
  });

  it("prints an empty table as its shape", () => {
    expect(Table.fromRecords([]).toText()).toBe("(0 rows × 0 columns)");
    expect(Table.fromRecords([], { schema }).toText().split("\n").pop()).toBe("(natgas.v3.example: 0 rows × 4 columns)");
  });

  it("types a column without a schema field by the date codec: a date that is no calendar day is text", () => {
    const types = (v: unknown) => Table.fromRecords([{ v }]).toText().split("\n")[1]!.trim();
    expect(types("2024-02-29")).toBe("date");
    expect(types("2023-02-29")).toBe("string");
    expect(types("2024-05-01 12:30:05.123456+00")).toBe("timestamp");
    expect(inferFieldType(["2023-02-29"])).toBe("string");
    expect(inferFieldType(["2024-02-29", null])).toBe("date");
    expect(inferFieldType(["2024-05-01T25:00:00Z"])).toBe("string");
    expect(inferFieldType(["2024-05-01 12:30:05.123456+00"])).toBe("timestamp");
  });
});
