/** A table holds its units in its schema, and only there (issue 29). */
import { describe, expect, it } from "vitest";
import { unitsOf, withUnits } from "../../src/frame/units";
import { Table, type RecordSchema } from "../../src/table";

const schema: RecordSchema = { name: "x", fields: [{ name: "d", type: "float", unit: "ft" }, { name: "w", type: "float" }] };

describe("units in the schema", () => {
  it("folds the units option into the schema's fields", () => {
    const t = Table.fromRecords([{ d: 1, w: 2 }], { schema, units: { w: "m" } });
    expect(t.schema).toEqual({ name: "x", fields: [{ name: "d", type: "float", unit: "ft" }, { name: "w", type: "float", unit: "m" }] });
    expect(t.units).toEqual({ d: "ft", w: "m" });
    expect(Object.keys(t).filter((k) => /unit/i.test(k))).toEqual([]);
  });

  it("gives a table without a schema one that lists its columns in order, typed from their values", () => {
    const t = Table.fromRecords([{ when: new Date(Date.UTC(2024, 0, 1)), name: "a", depth: 3, n: 1.5 }], { units: { depth: "ft" } });
    expect(t.schema).toEqual({
      name: "",
      fields: [
        { name: "when", type: "timestamp" },
        { name: "name", type: "string" },
        { name: "depth", type: "int", unit: "ft" },
        { name: "n", type: "float" },
      ],
    });
    expect(t.names).toEqual(["when", "name", "depth", "n"]);
  });

  it("withUnits(table) puts the units in the table's schema, where unitsOf and derived tables read them", () => {
    const t = Table.fromRecords([{ d: 1, w: 2 }], { schema });
    expect(withUnits(t, { w: "m" })).toBe(t);
    expect(t.schema!.fields.find((f) => f.name === "w")!.unit).toBe("m");
    expect(unitsOf(t)).toEqual({ d: "ft", w: "m" });
    expect(t.filter(() => true).units).toEqual({ d: "ft", w: "m" });
  });
});
