import { describe, expect, expectTypeOf, it } from "vitest";
import { DataError } from "../../src/errors";
import { unitsOf } from "../../src/frame/units";
import { columnsFromRecords, COLUMN_SOURCE, Result, Table, type RecordSchema, type ResultMeta } from "../../src/table";
import { frameColumns } from "../helpers/frame-columns";
// Table's view methods are installed by the modules that implement them (the root module loads them all).
import "../../src/frame/table-to-frame";

interface Prod {
  date: string;
  region: string;
  gas_daily: number | null;
  volume?: number;
  volume_unit?: string;
}

const schema: RecordSchema = {
  name: "test.production",
  fields: [
    { name: "date", type: "date" },
    { name: "region", type: "string" },
    { name: "gas_daily", type: "float", unit: "BCF/day" },
  ],
};

const records: Prod[] = [
  { date: "2024-01-03", region: "Permian", gas_daily: 0.5 },
  { date: "2024-01-01", region: "Bakken", gas_daily: null },
  { date: "2024-01-02", region: "Permian", gas_daily: 0.25 },
  { date: "2024-01-01", region: "Haynesville", gas_daily: 0.5 },
  { date: "2024-01-04", region: "Eagle Ford", gas_daily: 0.1 },
];

const meta: ResultMeta = {
  service: "natgas",
  apiVersion: "v3",
  endpoint: "production",
  method: "POST",
  url: "http://127.0.0.1/v3/production",
  params: {},
  fetchedAt: "2025-06-01T00:00:00.000Z",
  pages: 1,
  rows: 5,
  bytes: 0,
  attempts: 1,
  durationMs: 0,
  fromCache: false, source: "live" as const, synthetic: false,
  requestIds: [],
};

/** The same records, once held as row objects and once as columns. */
const both = (): [string, Table<Prod>][] => [
  ["records", Table.fromRecords<Prod>(records.map((r) => ({ ...r })), { schema })],
  ["columns", Table.fromColumns<Prod>(columnsFromRecords(records)!, { schema })],
];

function caught(f: () => unknown): DataError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(DataError);
    return e as DataError;
  }
  throw new Error("expected a DataError");
}

describe("Table rows", () => {
  it("types rows, get, column and iteration by the record type", () => {
    const t = Table.fromRecords<Prod>(records, { schema });
    expectTypeOf(t.rows()).toEqualTypeOf<Prod[]>();
    expectTypeOf(t.get(0)).toEqualTypeOf<Prod>();
    expectTypeOf(t.column("gas_daily")).toEqualTypeOf<(number | null)[]>();
    expectTypeOf(t.select("region", "date")).toEqualTypeOf<Table<{ region: string; date: string }>>();
    // @ts-expect-error a name that is not a field of the record type does not compile
    expect(() => t.column("gas_dialy")).toThrow(DataError);
    for (const row of t) expectTypeOf(row).toEqualTypeOf<Prod>();
  });

  for (const [kind, make] of [
    ["records", () => both()[0]![1]],
    ["columns", () => both()[1]![1]],
  ] as const) {
    it(`reads rows, get, column, names, length and iteration (${kind})`, () => {
      const t = make();
      expect(t.length).toBe(5);
      expect(t.names).toEqual(["date", "region", "gas_daily"]);
      expect(t.rows()).toEqual(records);
      expect(t.get(1)).toEqual({ date: "2024-01-01", region: "Bakken", gas_daily: null });
      expect(t.get(4).region).toBe("Eagle Ford");
      expect(t.column("gas_daily")).toEqual([0.5, null, 0.25, 0.5, 0.1]);
      expect(t.column("region")).toEqual(["Permian", "Bakken", "Permian", "Haynesville", "Eagle Ford"]);
      expect([...t].map((r) => r.date)).toEqual(records.map((r) => r.date));
      expect(JSON.parse(JSON.stringify(t))).toEqual(records);
    });
  }

  it("refuses a row out of range with a DataError naming the range", () => {
    for (const [, t] of both()) {
      expect(caught(() => t.get(5)).message).toMatch(/row 5 is out of range: the table has 5 rows \(0 to 4\)/);
      expect(caught(() => t.get(-1)).message).toMatch(/row -1 is out of range/);
      expect(caught(() => t.get(1.5)).message).toMatch(/row 1\.5 is out of range/);
    }
    expect(caught(() => Table.fromRecords([]).get(0)).message).toMatch(/the table has 0 rows$/);
  });

  it("refuses a misspelt column with a DataError naming the close names", () => {
    for (const [, t] of both()) {
      const e = caught(() => t.column("gas_dialy" as "gas_daily"));
      expect(e.message).toContain('no column "gas_dialy"');
      expect(e.message).toContain('did you mean "gas_daily"');
      expect(e.message).toContain("its columns: date, region, gas_daily");
      expect(caught(() => t.sortBy("regoin" as "region")).message).toContain('did you mean "region"');
      expect(caught(() => t.select("date", "Region" as "region")).message).toContain('did you mean "region"');
    }
  });

  it("knows a record field that the schema does not list, and a schema field no record has", () => {
    const t = Table.fromRecords<Record<string, unknown>>([{ a: 1 }, { a: 2, b: "x" }], { schema: { name: "s", fields: [{ name: "z", type: "int" }] } });
    expect(t.names).toEqual(["z", "a", "b"]);
    expect(t.column("b")).toEqual([null, "x"]);
    expect(t.column("z")).toEqual([null, null]);
  });
});

describe("Table units", () => {
  it("takes units from the options, then the schema, then field names", () => {
    const t = Table.fromRecords([{ gas_daily: 1, oil_monthly: 2, depth: 3, x: 4 }], {
      schema: { name: "s", fields: [{ name: "gas_daily", type: "float", unit: "MMCF/day" }] },
      units: { depth: "ft" },
    });
    expect(t.units).toEqual({ gas_daily: "MMCF/day", oil_monthly: "BBL", depth: "ft" });
  });

  it("reads a volume's unit from its unit column: one unit, or mixed", () => {
    const same = Table.fromRecords([{ volume: 1, volume_unit: "gas_Bcf" }, { volume: 2, volume_unit: "bcf" }]);
    expect(same.units).toEqual({ volume: "gas_Bcf" });
    const mixed = Table.fromColumns(columnsFromRecords([{ volume: 1, volume_unit: "bcf" }, { volume: 2, volume_unit: "m3" }])!);
    expect(mixed.units).toEqual({ volume: "mixed" });
    // Filtering to one unit's rows gives that unit, though the columns share the dictionary.
    expect(mixed.filter((r) => r.volume_unit === "m3").units).toEqual({ volume: "m3" });
    const bySchema = Table.fromRecords([{ cargo: 5, cargo_unit: "tonnes" }], {
      schema: { name: "s", fields: [{ name: "cargo", type: "float", unitField: "cargo_unit" }, { name: "cargo_unit", type: "string" }] },
    });
    expect(bySchema.units).toEqual({ cargo: "tonnes" });
  });

  it("keeps schema and units through filter, sortBy and select", () => {
    for (const [, t] of both()) {
      const units = { gas_daily: "BCF/day" };
      const f = t.filter((r) => r.region === "Permian");
      expect(f.rows()).toEqual([records[0], records[2]]);
      expect(f.schema).toBe(schema);
      expect(f.units).toEqual(units);
      const s = t.sortBy("gas_daily");
      expect(s.units).toEqual(units);
      expect(s.schema).toBe(schema);
      const p = t.select("gas_daily", "region");
      expect(p.names).toEqual(["gas_daily", "region"]);
      expect(p.units).toEqual(units);
      expect(p.rows()[0]).toEqual({ gas_daily: 0.5, region: "Permian" });
      expect(Object.keys(p.rows()[0]!)).toEqual(["gas_daily", "region"]);
      expect(p.schema?.fields.map((x) => x.name)).toEqual(["gas_daily", "region"]);
    }
  });

  it("keeps units given in the options through filter, sortBy and select, and records them on the frame", () => {
    const t = Table.fromColumns(columnsFromRecords([{ d: 2, w: 1 }, { d: 1, w: 2 }])!, { units: { d: "ft" } });
    expect(t.filter(() => true).units).toEqual({ d: "ft" });
    expect(t.sortBy("d").units).toEqual({ d: "ft" });
    expect(t.select("d").units).toEqual({ d: "ft" });
    expect(t.select("w").units).toEqual({});
    expect(unitsOf(t.sortBy("d").toFrame())).toEqual({ d: "ft" });
  });
});

describe("Table.filter", () => {
  it("keeps the column names when no row passes, whether the table holds rows or columns", () => {
    const records = [{ region: "a", gas_daily: 1 }, { region: "b", gas_daily: 2 }];
    const byRows = Table.fromRecords(records);
    byRows.rows();
    const byColumns = Table.fromColumns(columnsFromRecords(records)!);
    for (const t of [byRows, byColumns] as Table[]) {
      const none = t.filter(() => false);
      expect(none.length).toBe(0);
      expect(none.names).toEqual(["region", "gas_daily"]);
      expect(none.units).toEqual({ gas_daily: "BCF/day" });
      expect(none.column("gas_daily")).toEqual([]);
    }
  });
});

describe("Table.sortBy", () => {
  it("is stable, puts nulls last in either direction, and sorts by several keys", () => {
    for (const [, t] of both()) {
      expect(t.sortBy("gas_daily").column("region")).toEqual(["Eagle Ford", "Permian", "Permian", "Haynesville", "Bakken"]);
      // Ties (0.5) keep their order when descending too; the null stays last.
      expect(t.sortBy("gas_daily", { descending: true }).column("region")).toEqual(["Permian", "Haynesville", "Permian", "Eagle Ford", "Bakken"]);
      expect(t.sortBy(["date", "region"]).column("region")).toEqual(["Bakken", "Haynesville", "Permian", "Permian", "Eagle Ford"]);
      expect(t.sortBy(["region", "date"]).column("date")).toEqual(["2024-01-01", "2024-01-04", "2024-01-01", "2024-01-02", "2024-01-03"]);
    }
  });

  it("puts missing values (absent, undefined, NaN) last and numbers before text", () => {
    const t = Table.fromRecords<{ k?: unknown; i: number }>([{ k: "b", i: 0 }, { i: 1 }, { k: NaN, i: 2 }, { k: 10, i: 3 }, { k: 9, i: 4 }, { k: "a", i: 5 }, { k: null, i: 6 }]);
    expect(t.sortBy("k").column("i")).toEqual([4, 3, 5, 0, 1, 2, 6]);
    expect(t.sortBy("k", { descending: true }).column("i")).toEqual([0, 5, 3, 4, 1, 2, 6]);
  });

  it("leaves the table it sorts unchanged", () => {
    for (const [, t] of both()) {
      t.sortBy("date");
      expect(t.rows()).toEqual(records);
    }
  });
});

describe("column-backed and record-backed tables agree", () => {
  it("give the same rows, columns, units, frame and derived tables", () => {
    const [[, a], [, b]] = both() as [[string, Table<Prod>], [string, Table<Prod>]];
    expect(b.isColumnar).toBe(true);
    const views = (t: Table<Prod>) => ({
      names: t.names,
      units: t.units,
      length: t.length,
      gets: [0, 1, 2, 3, 4].map((i) => t.get(i)),
      columns: t.names.map((n) => t.column(n as keyof Prod & string)),
      filtered: t.filter((r, i) => i % 2 === 0 && r.gas_daily !== null).rows(),
      sorted: t.sortBy(["region", "gas_daily"], { descending: true }).rows(),
      selected: t.select("region").rows(),
      frame: frameColumns(t.toFrame()),
      frameUnits: unitsOf(t.toFrame()),
      source: t[COLUMN_SOURCE]().toRecords(),
    });
    const fromColumns = views(b);
    // Reading through get, column, filter, sortBy, select and toFrame builds no row objects.
    expect(b.isColumnar).toBe(true);
    expect(fromColumns).toEqual(views(a));
    expect(fromColumns.frame.date).toEqual(["2024-01-03", "2024-01-01", "2024-01-02", "2024-01-01", "2024-01-04"]);
    expect(fromColumns.frameUnits).toEqual({ gas_daily: "BCF/day" });
    expect(b.filter(() => true).isColumnar).toBe(true);
  });

  it("keep their columns as their content: changing a row object changes neither table", () => {
    for (const [, t] of both()) {
      const before = t.column("region");
      t.rows()[0]!.region = "Delaware";
      expect(t.isColumnar).toBe(false);
      expect(t.rows()).toBe(t.rows());
      expect(t.get(0).region).toBe("Delaware");
      expect(t.column("region")).toEqual(before);
      expect(frameColumns(t.toFrame()).region).toEqual(before);
      expect(t.filter(() => true).column("region")).toEqual(before);
    }
  });

  it("are made of one Column per field, with length, type and at(i)", () => {
    for (const [, t] of both()) {
      const region = t.columnOf("region")!;
      expect(region.length).toBe(t.length);
      expect(region.type).toBe("string");
      expect(region.at(1)).toBe(t.column("region")[1]);
      expect(t.columnOf("gas_daily")!.type).toBe("float");
      expect(t.columnOf("no such column")).toBeUndefined();
    }
  });

  it("keep records that are not objects as they are", () => {
    const t = Table.fromRecords<unknown>(["2024-01-01", 2]);
    expect(t.length).toBe(2);
    expect(t.names).toEqual([]);
    expect(t.rows()).toEqual(["2024-01-01", 2]);
    expect(t.filter((r) => typeof r === "number").rows()).toEqual([2]);
  });
});

describe("Result is a Table", () => {
  it("has the Table API and keeps records, meta and toJSON", () => {
    const r = Result.fromColumns<Prod>(columnsFromRecords(records)!, meta, schema);
    expect(r).toBeInstanceOf(Table);
    expect(r).toBeInstanceOf(Result);
    expect(r.meta).toBe(meta);
    expect(r.units).toEqual({ gas_daily: "BCF/day" });
    expect(r.sortBy("date").get(0).region).toBe("Bakken");
    expect(r.records).toBe(r.rows());
    expect(JSON.parse(JSON.stringify(r))).toEqual({ records, meta });
    const plain = new Result<Prod>(records, meta);
    expect(plain.column("region")).toEqual(records.map((x) => x.region));
  });
});
