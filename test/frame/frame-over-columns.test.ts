/**
 * Frames built from columns (rows deferred until danfo reads them) against frames built by danfo's own
 * constructor from the same records: values, dtypes, shape, index, and what danfo operations give.
 */
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DataFrame } from "danfojs-node";
import { frameWithRows, rowsPending } from "../../src/frame/frame-over-columns";
import { loadDanfo } from "../../src/frame/load-danfo";
import { columnsOf } from "../../src/frame/columns";
import { unitsOf } from "../../src/frame/units";
import { NatGasClient } from "../../src/natgas/natgas-client";
import { startSandbox, type SandboxHandle } from "../../src/sandbox/start-sandbox";
import { builders, danfoFrame, DTYPES, N, NAMES } from "./frame-over-columns-fixture";

describe.each(Object.entries(builders))("%s against new DataFrame(records)", (_, build) => {
  it("has the same shape, columns, dtypes, index and values, with the rows built only when read", () => {
    const df = build();
    const ref = danfoFrame();
    expect(rowsPending(df)).toBe(true);
    expect(df.shape).toEqual([N, NAMES.length]);
    expect(df.columns).toEqual(ref.columns);
    expect(df.dtypes).toEqual(DTYPES);
    expect(df.dtypes).toEqual(ref.dtypes);
    expect(df.index).toEqual(ref.index);
    for (const name of NAMES) {
      expect(df.column(name).values, name).toEqual(ref.column(name).values);
      expect((df[name] as { values: unknown[] }).values, name).toEqual((ref[name] as { values: unknown[] }).values);
      expect(df.column(name).dtypes).toEqual(ref.column(name).dtypes);
    }
    expect(rowsPending(df)).toBe(true);
    expect(df.values).toEqual(ref.values);
    expect(rowsPending(df)).toBe(false);
    expect(Object.getOwnPropertyDescriptor(df, "$data")).toMatchObject({ writable: true, enumerable: true });
    expect(Object.prototype.hasOwnProperty.call(df, "shape")).toBe(false);
    expect(df.shape).toEqual(ref.shape);
    expect(unitsOf(df).gas).toBe("MCF");
  });

  it("keeps its rows apart from its column arrays, as danfo's frame does, when danfo changes a column in place first", () => {
    const df = build();
    const ref = danfoFrame();
    expect(rowsPending(df)).toBe(true);
    for (const name of ["county", "gas", "wells"]) {
      // dropDuplicates({ keep: "last" }) reverses the frame's own column array in place (danfo 1.x).
      for (const f of [df, ref]) (f[name] as unknown as { dropDuplicates(o: object): unknown }).dropDuplicates({ keep: "last" });
    }
    expect(rowsPending(df)).toBe(true);
    expect(df.values).toEqual(ref.values);
    for (const name of ["county", "gas", "wells"]) expect((df[name] as { values: unknown[] }).values, name).toEqual((ref[name] as { values: unknown[] }).values);
  });

  it("gives its columns to the analysis functions (columnsOf, as rollup reads a frame) without building its rows", () => {
    const df = build();
    const ref = danfoFrame();
    expect(rowsPending(df)).toBe(true);
    const got = columnsOf(df, ["gas", "county"]);
    expect(rowsPending(df)).toBe(true);
    const want = columnsOf(ref, ["gas", "county"]);
    expect(got.length).toBe(N);
    expect(got.names).toEqual(want.names);
    for (const name of ["gas", "county"]) expect([...got.values(name)], name).toEqual([...want.values(name)]);
  });

  it("makes a column's plain array when it is first read, and shows as danfo's frame does", () => {
    const df = build();
    const store = (df as unknown as { $dataIncolumnFormat: unknown[][] }).$dataIncolumnFormat;
    const deferred = (j: number): boolean => Object.getOwnPropertyDescriptor(store, j)!.get !== undefined;
    const gas = NAMES.indexOf("gas");
    expect(deferred(gas)).toBe(true);
    expect(df.column("gas").values).toEqual(danfoFrame().column("gas").values);
    expect(deferred(gas)).toBe(false);
    expect(deferred(NAMES.indexOf("wells"))).toBe(true);
    const ref = danfoFrame();
    // Rows are read from the numbers themselves: the column's plain array is still to be made.
    const rowsFirst = build();
    const rowsFirstStore = (rowsFirst as unknown as { $dataIncolumnFormat: unknown[][] }).$dataIncolumnFormat;
    expect(rowsFirst.values).toEqual(ref.values);
    expect(Object.getOwnPropertyDescriptor(rowsFirstStore, gas)!.get).toBeDefined();
    expect(rowsFirst.column("gas").values).toEqual(ref.column("gas").values);
    expect(Object.getOwnPropertyDescriptor(rowsFirstStore, gas)!.get).toBeUndefined();
    const eager = frameWithRows(NAMES, NAMES.map((n) => ref.column(n).values as unknown[]), DTYPES, N);
    expect(inspect(build().getColumnData)).toBe(inspect(eager.getColumnData));
    expect(inspect({ nested: { df: build() } }, { depth: 2 })).toBe(inspect({ nested: { df: eager } }, { depth: 2 }));
    expect(inspect(df, { depth: 4 })).toBe(inspect(eager, { depth: 4 }));
    expect(rowsPending(df)).toBe(false);
    expect(NAMES.some((_, j) => deferred(j))).toBe(false);
  });

  it("gives what danfo gives for groupby/sum, sort, query, head, toJSON, sums and isNa", () => {
    const dfd = loadDanfo();
    const ops: Record<string, (f: DataFrame) => unknown> = {
      groupby: (f) => {
        const g = f.groupby(["region"]).agg({ gas: "sum", wells: "sum" });
        return [g.columns, g.values];
      },
      sort: (f) => {
        const s = f.sortValues("wells", { ascending: false });
        return [s.index, s.values];
      },
      query: (f) => f.query(f.column("wells").gt(25)).values,
      head: (f) => [f.head(5).values, f.tail(3).index],
      toJSON: (f) => dfd.toJSON(f),
      sum: (f) => [f.column("gas").sum(), f.column("wells").mean()],
      isNa: (f) => f.isNa().values,
      gasframesColumns: (f) => ["gas", "county", "date"].map((n) => columnsOf(f).values(n)),
    };
    for (const [name, op] of Object.entries(ops)) expect(op(build()), name).toEqual(op(danfoFrame()));
  });

  it("changes in place like danfo's own frame, before and after its rows are built", () => {
    const gas2 = Array.from({ length: N }, (_, i) => i / 4);
    const changes: Record<string, (f: DataFrame) => void> = {
      addColumn: (f) => f.addColumn("extra", Array.from({ length: N }, (_, i) => `e${i}`), { inplace: true }),
      setColumn: (f) => {
        (f as unknown as Record<string, unknown>).gas = gas2;
      },
      drop: (f) => f.drop({ columns: ["county"], inplace: true }),
      fillNa: (f) => f.fillNa([0], { columns: ["gas"], inplace: true }),
      rename: (f) => f.rename({ wells: "n" }, { inplace: true }),
    };
    for (const [name, change] of Object.entries(changes)) {
      for (const rowsFirst of [false, true]) {
        const df = build();
        const ref = danfoFrame();
        if (rowsFirst) expect(df.values.length).toBe(N);
        change(df);
        change(ref);
        expect([df.shape, df.columns, df.dtypes, df.values], `${name}, rows built first: ${rowsFirst}`).toEqual([ref.shape, ref.columns, ref.dtypes, ref.values]);
        for (const c of ref.columns) expect(df.column(c).values, `${name} ${c}`).toEqual(ref.column(c).values);
      }
    }
  });
});

describe("frames built with their rows at once", () => {
  it("are the same frame (the fallback when danfo's internals are not where expected)", () => {
    const ref = danfoFrame();
    const columns = NAMES.map((n) => ref.column(n).values as unknown[]);
    const df = frameWithRows(NAMES, columns, DTYPES, N);
    expect(rowsPending(df)).toBe(false);
    expect([df.shape, df.dtypes, df.values, df.index]).toEqual([ref.shape, ref.dtypes, ref.values, ref.index]);
    expect(df.groupby(["region"]).agg({ gas: "sum" }).values).toEqual(ref.groupby(["region"]).agg({ gas: "sum" }).values);
  });
});

describe("a client's Result (columns from the byte parser, sandbox on 127.0.0.1)", () => {
  let sandbox: SandboxHandle;
  beforeAll(async () => {
    sandbox = await startSandbox({ asOf: "2025-06-01", seed: 1 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it("makes the frame danfo makes from its records", async () => {
    const ng = NatGasClient.forSandbox(sandbox, { compression: false });
    const result = await ng.v3.productionByCountyAndOperator({ start_date: "2025-04-01" });
    expect(result.isColumnar).toBe(true);
    const df = result.toFrame();
    expect(rowsPending(df)).toBe(true);
    const fields = result.schema!.fields;
    // gasframes' rule: an int column is int32 when every value is a number within int32, else float32.
    const records = result.records as Record<string, unknown>[];
    const fitsInt32 = (name: string): boolean => records.every((r) => typeof r[name] === "number" && Math.abs(r[name] as number) <= 2_147_483_647);
    const dtypes = fields.map((f) => (f.type === "float" ? "float32" : f.type === "int" ? (fitsInt32(f.name) ? "int32" : "float32") : "string"));
    expect(dtypes.filter((d) => d === "float32").length).toBeGreaterThan(0);
    // toFrame's documented form of a missing number: NaN.
    const numeric = fields.filter((f) => f.type === "float" || f.type === "int").map((f) => f.name);
    const recs = records.map((r) => ({ ...r, ...Object.fromEntries(numeric.map((m) => [m, r[m] ?? NaN])) }));
    expect(recs.some((r) => numeric.some((m) => Number.isNaN(r[m])))).toBe(true);
    const ref = new (loadDanfo().DataFrame)(recs, { columns: fields.map((f) => f.name), dtypes });
    expect(result.length).toBeGreaterThan(1000);
    expect([df.shape, df.columns, df.dtypes]).toEqual([ref.shape, ref.columns, ref.dtypes]);
    expect(df.column("gas_daily").values).toEqual(ref.column("gas_daily").values);
    expect(df.groupby(["date", "region"]).agg({ gas_monthly: "sum" }).values).toEqual(ref.groupby(["date", "region"]).agg({ gas_monthly: "sum" }).values);
    expect(df.values).toEqual(ref.values);
  });
});
