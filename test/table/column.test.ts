// The one Column: three kinds behind length, type and at(i), with the arrays a hot loop reads.
import { describe, expect, it } from "vitest";
import { CodedColumn, columnOfType, MixedColumn, NumberColumn, revivedColumn, type Column } from "../../src/table/column";
import { columnsFromRecords, denseColumnsFromRecords } from "../../src/table/columns-from-records";
import { Table } from "../../src/table/table";

const absent = Uint8Array.from([0, 1, 0]);

describe("Column", () => {
  it("reads a cell as a record shows it: undefined where absent, null for null (NaN in numbers)", () => {
    const cases: [Column, unknown[]][] = [
      [new NumberColumn(Float64Array.from([1.5, 2, NaN]), absent), [1.5, undefined, null]],
      [new CodedColumn(Uint8Array.from([1, 0, 2]), ["TX", "NM", null], absent), ["NM", undefined, null]],
      [new MixedColumn(["a", 2, null], absent), ["a", undefined, null]],
      [new MixedColumn([{ x: 1 }, true, "b"]), [{ x: 1 }, true, "b"]],
    ];
    for (const [col, cells] of cases) {
      expect(col.length).toBe(3);
      expect(Array.from({ length: 3 }, (_, i) => col.at(i))).toEqual(cells);
    }
  });

  it("is typed from its values, once", () => {
    expect(new NumberColumn(Float64Array.from([1, 2, NaN])).type).toBe("int");
    expect(new NumberColumn(Float64Array.from([1, 2.5])).type).toBe("float");
    expect(new NumberColumn(new Float64Array([NaN])).type).toBe("float");
    expect(new CodedColumn(Uint8Array.from([0, 1]), ["2024-01-01", null]).type).toBe("date");
    expect(new CodedColumn(Uint8Array.from([0, 1]), ["Permian", "Bakken"]).type).toBe("string");
    expect(new MixedColumn([new Date(0), null]).type).toBe("timestamp");
    expect(new MixedColumn([{ a: 1 }]).type).toBe("json");
    const dict = ["a"];
    const coded = new CodedColumn(new Uint8Array(1), dict);
    expect(coded.type).toBe("string");
    expect(coded.type).toBe(coded.type);
  });

  it("keeps only kind and its arrays as own fields (absent when some row lacks the field)", () => {
    expect(Object.keys(new NumberColumn(new Float64Array(2))).sort()).toEqual(["kind", "values"]);
    expect(Object.keys(new CodedColumn(new Uint8Array(2), [null], new Uint8Array(2))).sort()).toEqual(["absent", "codes", "dict", "kind"]);
  });

  it("comes back from a structured clone (a worker's answer) as the same kind of column", () => {
    for (const col of [new NumberColumn(Float64Array.from([1, NaN])), new CodedColumn(Uint8Array.from([0, 0]), ["x"], Uint8Array.from([0, 1])), new MixedColumn([1, "a"])]) {
      const back = revivedColumn(structuredClone(col));
      expect(back).toBeInstanceOf(col.constructor);
      expect([back.at(0), back.at(1)]).toEqual([col.at(0), col.at(1)]);
      expect(revivedColumn(col)).toBe(col);
    }
  });

  it("is made of an analysis answer's values by their type", () => {
    const ints = columnOfType("n", [1, null, 3], "int");
    expect(ints.kind).toBe("number");
    expect([ints.at(0), ints.at(1)]).toEqual([1, null]);
    const text = columnOfType("k", ["a", 7, undefined], "string");
    expect(text.kind).toBe("mixed");
    expect([text.at(0), text.at(1), text.at(2)]).toEqual(["a", "7", null]);
    const kept = ["2024-01-01"];
    expect(columnOfType("d", kept, "date").kind === "mixed" && (columnOfType("d", kept, "date") as MixedColumn).values).toBe(kept);
  });
});

describe("a Table made from records", () => {
  it("holds them as columns, built once, and keeps the array as its rows", () => {
    const rows = [{ region: "Permian", gas: 1 }, { region: "Bakken" }];
    const t = Table.fromRecords(rows);
    expect(t.rows()).toBe(rows);
    expect(t.get(1)).toBe(rows[1]);
    expect(t.columnOf("region")!.kind).toBe("coded");
    expect(t.columnOf("gas")!.at(1)).toBeUndefined();
    expect(t.column("gas")).toEqual([1, null]);
    expect(t.columns()).toBe(t.columns());
  });

  it("keeps records too sparse for columns as records (a new field in every record), without asking for their columns' memory", () => {
    const sparse = Array.from({ length: 8_000 }, (_, i) => ({ [`k${i}`]: i }));
    expect(denseColumnsFromRecords(sparse)).toBeUndefined();
    const t = Table.fromRecords(sparse);
    expect(t.length).toBe(8_000);
    expect(t.get(7_999)).toEqual({ k7999: 7_999 });
    expect(t.filter((_, i) => i === 3).rows()).toEqual([{ k3: 3 }]);
    // A real answer's optional fields stay columns.
    const optional = Array.from({ length: 2_000 }, (_, i) => Object.fromEntries(Array.from({ length: 5 }, (_, j) => [`opt${(i * 7 + j * 13) % 60}`, i + j])));
    expect(denseColumnsFromRecords(optional)?.toRecords()).toEqual(columnsFromRecords(optional)!.toRecords());
  });
});
