/**
 * A month file as other readers see it: rows sorted by the entity key then the date, row-group
 * statistics, units as plain Parquet key-value metadata (read by DuckDB's parquet_kv_metadata and by
 * hyparquet), and the dataset folder opened by nodejs-polars with its default options.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parquetMetadata, parquetReadObjects } from "hyparquet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budget } from "../helpers/budget";
import { readLakeManifest, syncDataset } from "../../src/lake";
import { lakeEntityKey, lakeSortKey, sortedRowOrder } from "../../src/lake/month-parquet";
import { CodedColumn, MixedColumn, NumberColumn, RecordColumns } from "../../src/table/record-columns";
import { lakeAxis } from "../../src/lake/lake-axis";
import { LNG_V1 } from "../../src/lng";
import { NatGasClient, NATGAS_V3, NATGAS_V4 } from "../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { loadDuckDb } from "../../src/util/duckdb";

const AS_OF = "2025-06-15";
let sandbox: SandboxHandle;
let root: string;
let datasetDir: string;
/** February's file, as the committed snapshot names it (files are named by their content's hash). */
let februaryFile: string;
const file = () => februaryFile;
const arrayBuffer = (b: Buffer): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

beforeAll(async () => {
  sandbox = await startSandbox({ asOf: AS_OF, pageSize: 5000 });
  const ng = NatGasClient.forSandbox(sandbox, { progress: false });
  root = mkdtempSync(join(tmpdir(), "gasframes-monthfile-"));
  const report = await syncDataset(ng, NATGAS_V4.productionByWell, { state_code: ["ND"] }, { dir: root, from: "2025-01", to: "2025-03", asOf: AS_OF });
  datasetDir = report.datasetDir;
  februaryFile = join(datasetDir, (await readLakeManifest(datasetDir))!.partitions["2025-02"]!.files[0]!);
}, budget(120_000));

afterAll(async () => {
  await sandbox?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("month files", () => {
  it("take the entity key from the catalog entry", () => {
    expect(lakeSortKey(NATGAS_V4.productionByWell, lakeAxis(NATGAS_V4.productionByWell))).toEqual(["well_id", "date_prod"]);
    expect(lakeEntityKey(NATGAS_V4.rigs)).toEqual(["wellpad_id"]);
    // No identifier: the text dimensions the endpoint filters on.
    expect(lakeEntityKey(NATGAS_V3.rigs).length).toBeGreaterThan(0);
    expect(lakeSortKey(NATGAS_V3.rigs, lakeAxis(NATGAS_V3.rigs)).at(-1)).toBe("date");
    expect(lakeSortKey(LNG_V1.volumeFlows, lakeAxis(LNG_V1.volumeFlows)).at(-1)).toBe("timestamp");
  });

  it("sort rows by numbers, coded text and mixed values, null and NaN last, ties in arrival order", () => {
    const columns = new Map<string, import("../../src/table/record-columns").Column>([
      ["id", new NumberColumn(Float64Array.from([3, NaN, 1, 3, 1, 2]))],
      ["day", new CodedColumn(Int32Array.from([0, 1, 2, 1, 0, 3]), ["2024-02-01", "2024-01-01", null, "2024-03-01"])],
      ["note", new MixedColumn(["b", "a", null, "a", "c", "a"])],
    ]);
    const rc = new RecordColumns(["id", "day", "note"], columns, 6);
    expect([...sortedRowOrder(rc, ["id", "day"])]).toEqual([4, 2, 5, 3, 0, 1]);
    expect([...sortedRowOrder(rc, ["note"])]).toEqual([1, 3, 5, 0, 4, 2]);
    expect([...sortedRowOrder(rc, ["missing"])]).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("sort by two keys alike whether their ranks are few (a counting sort) or many (the packed sort), ties in arrival order", () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const reference = (a: Float64Array, b: Float64Array) =>
      Array.from(a, (_, i) => i).sort((i, j) => {
        for (const v of [a, b]) {
          const x = Number.isNaN(v[i]!) ? Infinity : v[i]!;
          const y = Number.isNaN(v[j]!) ? Infinity : v[j]!;
          if (x !== y) return x - y;
        }
        return i - j;
      });
    // 2,000 rows: 3 x 5 ranks (counting), 2,000 x 1 (counting: a month of wells), about 1,000 x 1,000 (packed).
    for (const [da, db] of [[3, 5], [1e9, 1], [1000, 1000]] as const) {
      const n = 2000;
      const a = Float64Array.from({ length: n }, () => (next() < 0.02 ? NaN : Math.floor(next() * da)));
      const b = Float64Array.from({ length: n }, () => Math.floor(next() * db));
      const rc = new RecordColumns(["a", "b"], new Map([["a", new NumberColumn(a)], ["b", new NumberColumn(b)]]), n);
      expect([...sortedRowOrder(rc, ["a", "b"])]).toEqual(reference(a, b));
    }
  });

  it("sort ids of digits (of one width, or not, or with other texts) as text, ties in arrival order", () => {
    const textOrder = (values: (string | null)[]) =>
      values.map((_, i) => i).sort((a, b) => {
        const x = values[a]!;
        const y = values[b]!;
        if (x === null || y === null) return x === y ? a - b : x === null ? 1 : -1;
        return x < y ? -1 : x > y ? 1 : a - b;
      });
    const ids = Array.from({ length: 300 }, (_, i) => String((i * 2654435761) % 9_999_999_967).padStart(10, "0"));
    const cases: (string | null)[][] = [
      ids,
      [...ids, ids[5]!, ids[0]!],
      ["0990", "1000", "0099", "9999", "0000"],
      ["10", "9", "100", "09"],
      ["0512310000", "05123100a0", "0512310001"],
      ["0512310000", null, "0412310000"],
      ["9007199254740993", "9007199254740992"],
    ];
    for (const values of cases) {
      // A dictionary of the distinct texts, the rows in a scrambled order of codes (repeats included).
      const dict = [...new Set(values)];
      const codes = Int32Array.from(values.map((v) => dict.indexOf(v)));
      const rc = new RecordColumns(["id"], new Map([["id", new CodedColumn(codes, dict)]]), codes.length);
      expect([...sortedRowOrder(rc, ["id"])]).toEqual(textOrder(values));
    }
  });

  it("hold their rows sorted by the entity key, then the date", async () => {
    const rows = (await parquetReadObjects({ file: arrayBuffer(readFileSync(file())), columns: ["well_id", "date_prod"] })) as { well_id: unknown; date_prod: unknown }[];
    expect(rows.length).toBeGreaterThan(10);
    const keys = rows.map((r) => [String(r.well_id), String(r.date_prod)]);
    const sorted = [...keys].sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : a[1]! < b[1]! ? -1 : a[1]! > b[1]! ? 1 : 0));
    expect(keys).toEqual(sorted);
  });

  it("write row-group statistics and the units as plain key-value metadata (hyparquet)", () => {
    const meta = parquetMetadata(arrayBuffer(readFileSync(file())));
    const kv = new Map((meta.key_value_metadata ?? []).map((e) => [e.key, e.value]));
    expect(kv.has("ARROW:schema")).toBe(true);
    const units = JSON.parse(kv.get("gasframes.units") ?? "{}") as Record<string, string>;
    expect(units.prod_wet_gas_mcf_month).toBeDefined();
    expect(kv.get("gasframes.unit.prod_wet_gas_mcf_month")).toBe(units.prod_wet_gas_mcf_month);
    expect(JSON.parse(kv.get("gasframes.sort_key")!)).toEqual(["well_id", "date_prod"]);
    expect([...kv.keys()].join(" ")).not.toMatch(/token/i);
    const chunk = meta.row_groups[0]!.columns.find((c) => c.meta_data?.path_in_schema.join(".") === "date_prod")!;
    expect(chunk.meta_data?.statistics?.min_value).toBeDefined();
    expect(chunk.meta_data?.statistics?.max_value).toBeDefined();
    // A repeated text column keeps its Parquet dictionary, though the stored Arrow type is plain Utf8.
    const county = meta.row_groups[0]!.columns.find((c) => c.meta_data?.path_in_schema.join(".") === "county")!;
    expect(county.meta_data?.encodings).toContain("RLE_DICTIONARY");
  });

  it("show DuckDB the units through parquet_kv_metadata()", async () => {
    const duck = loadDuckDb("test");
    const instance = await duck.DuckDBInstance.create(":memory:");
    const c = await instance.connect();
    try {
      const reader = await c.runAndReadAll(`SELECT decode(key) AS key, decode(value) AS value FROM parquet_kv_metadata('${file()}') WHERE decode(key) LIKE 'gasframes.unit%'`);
      const [keys, values] = reader.getColumnsJson() as [string[], string[]];
      const kv = new Map(keys.map((k, i) => [k, values[i]]));
      expect(JSON.parse(kv.get("gasframes.units")!).prod_wet_gas_mcf_month).toBe(kv.get("gasframes.unit.prod_wet_gas_mcf_month"));
    } finally {
      c.closeSync();
      instance.closeSync();
    }
  });

  it("open in nodejs-polars: scanParquet on the month files (glob), and a file with readParquet, default options", async () => {
    const pl = (await import("nodejs-polars")).default;
    const total = Object.values((await readLakeManifest(datasetDir))!.partitions).reduce((s, p) => s + p.rows, 0);
    expect(pl.scanParquet(join(datasetDir, "*", "*.parquet")).collectSync().height).toBe(total);
    const one = pl.readParquet(file());
    expect(one.columns).toContain("well_id");
    expect(one.height).toBe((await readLakeManifest(datasetDir))!.partitions["2025-02"]!.rows);
    // Text is String, never Categorical: every file of a folder (compactLake's DuckDB files too) has one type per column.
    expect(String(one.getColumn("county").dtype)).toBe("DataType(String)");
    expect(Object.values(one.schema).map(String).join(" ")).not.toMatch(/Categorical/);
  });

  it("open in nodejs-polars from the dataset folder, hive month included, once only Parquet files sit under it", async () => {
    const pl = (await import("nodejs-polars")).default;
    // polars 0.25.2 lists every file under the folder, `_` and `.` names included, and refuses a folder
    // of mixed extensions: a copy of the folder with its Parquet files only stands for the layout the
    // lake must have (the manifest and temporary files outside the dataset folder).
    const copy = join(root, "parquet-only");
    for (const [month, p] of Object.entries((await readLakeManifest(datasetDir))!.partitions)) {
      for (const f of p.files) {
        mkdirSync(join(copy, `month=${month}`), { recursive: true });
        copyFileSync(join(datasetDir, f), join(copy, f));
      }
    }
    const frame = pl.scanParquet(copy).collectSync();
    expect(frame.columns).toContain("month");
    expect(frame.getColumn("month").unique().sort().toArray().map(String)).toEqual(["2025-01", "2025-02", "2025-03"]);
  });

  // polars 0.25.2 ignores no name under the folder: the lake keeps its log, manifest, lock and staging
  // under <dir>/_gasframes/, so the dataset folder holds Parquet files only.
  it("open in nodejs-polars from the synced dataset folder as it is, default options", async () => {
    const pl = (await import("nodejs-polars")).default;
    const manifest = (await readLakeManifest(datasetDir))!;
    const frame = pl.scanParquet(datasetDir).collectSync();
    expect(frame.height).toBe(Object.values(manifest.partitions).reduce((s, p) => s + p.rows, 0));
    expect(frame.getColumn("month").unique().sort().toArray().map(String)).toEqual(["2025-01", "2025-02", "2025-03"]);
  });

  it("after a revision, a polars read of the folder holds the superseded file too within retention, and exactly the current rows with retainDays 0", async () => {
    const pl = (await import("nodejs-polars")).default;
    // The month as an earlier run saw it (a sandbox five days behind), then revised by a full one.
    const partial = await startSandbox({ asOf: "2025-06-10" });
    try {
      const early = NatGasClient.forSandbox(partial, { progress: false });
      const full = NatGasClient.forSandbox(sandbox, { progress: false });
      const heights: Record<string, number> = {};
      for (const retainDays of [7, 0]) {
        const dir = join(root, `revised-${retainDays}`);
        // One fixed instant for both commits and the vacuum: retainDays 0 must drop the superseded snapshot even then.
        const options = { dir, from: "2025-06", to: "2025-06", asOf: AS_OF, retainDays, clock: () => Date.parse("2025-06-15T12:00:00Z") };
        const first = await syncDataset(early, NATGAS_V4.dailyProduction, null, options);
        const revised = await syncDataset(full, NATGAS_V4.dailyProduction, null, options);
        expect(revised.manifest.partitions["2025-06"]!.files).not.toEqual(first.manifest.partitions["2025-06"]!.files);
        const current = revised.manifest.partitions["2025-06"]!.rows;
        heights[retainDays] = pl.scanParquet(revised.datasetDir).collectSync().height;
        expect(heights[retainDays], `retainDays ${retainDays}`).toBe(retainDays === 0 ? current : current + first.manifest.partitions["2025-06"]!.rows);
      }
    } finally {
      await partial.close();
    }
  });
});
