import { describe, expect, it } from "vitest";
import { rollup } from "../../src/analysis/rollup";
import { resampleFlows } from "../../src/analysis/resample-flows";
import { ColumnsAccumulator } from "../../src/table/columns-accumulator";
import { columnsFromRecords } from "../../src/table/columns-from-records";
import { codesFor, narrowedCodes, widenedCodes } from "../../src/table/narrow-codes";
import { CodedColumn, RecordColumns, type Codes, type Column } from "../../src/table/record-columns";
import { Result } from "../../src/table/result";
import type { ResultMeta } from "../../src/table/provenance";
import { Table } from "../../src/table/table";
import { frameColumns } from "../helpers/frame-columns";
import { expectSameRecords } from "../helpers/same-records";
// Table's view methods are installed by the modules that implement them (the root module loads them all).
import "../../src/frame/table-to-frame";
import "../../src/io";

const meta: ResultMeta = {
  service: "natgas",
  apiVersion: "v3",
  method: "POST",
  endpoint: "productionByCountyAndOperator",
  params: {},
  url: "http://127.0.0.1/v3/production",
  pages: 1,
  rows: 0,
  bytes: 0,
  fetchedAt: "2024-01-01T00:00:00Z",
  attempts: 1,
  durationMs: 0,
  fromCache: false, source: "live" as const, synthetic: false,
  requestIds: [],
};

/** Page p of a download: `small` keeps 200 values, `mid` reaches 1,000, `big` a new value per row. */
function page(p: number, rows: number): Record<string, unknown>[] {
  return Array.from({ length: rows }, (_, i) => {
    const row = p * rows + i;
    const r: Record<string, unknown> = { small: `s${row % 200}`, mid: row % 7 === 0 ? null : `m${row % (p === 0 ? 250 : 1000)}`, big: `b${row}`, n: row };
    // A field some pages lack (absent there) and one that first comes in the third page.
    if (p !== 1) r.sometimes = `t${row % 300}`;
    if (p >= 2) r.late = row % 2 === 0 ? `l${row % 3}` : null;
    return r;
  });
}

describe("narrow dictionary codes in a downloaded Result", () => {
  it("keeps every value while dictionaries cross 256 and 65,536 entries between pages", () => {
    const rows = 20_000;
    const pages = Array.from({ length: 5 }, (_, p) => page(p, rows));
    const all = new ColumnsAccumulator();
    all.reserve(5 * rows);
    for (const p of pages) all.append(columnsFromRecords(p)!);
    const result = Result.fromColumns(all.finish(), meta);
    expect(result.length).toBe(5 * rows);
    const cols = result.columns();
    expect(cols.coded("small")!.codes).toBeInstanceOf(Uint8Array);
    expect(cols.coded("late")!.codes).toBeInstanceOf(Uint8Array);
    expect(cols.coded("mid")!.codes).toBeInstanceOf(Uint16Array);
    expect(cols.coded("sometimes")!.codes).toBeInstanceOf(Uint16Array);
    expect(cols.coded("big")!.codes).toBeInstanceOf(Int32Array);
    expect(cols.coded("big")!.dict.length).toBe(5 * rows);
    expectSameRecords(result.rows(), pages.flat().map(withoutAbsent));
  });

  it("keeps the null code for rows of a field missing from a page, past a widening", () => {
    const all = new ColumnsAccumulator(2);
    all.append(columnsFromRecords([{ k: "a" }, { k: "b" }])!);
    all.append(columnsFromRecords([{ other: 1 }])!);
    all.append(columnsFromRecords(Array.from({ length: 300 }, (_, i) => ({ k: `v${i}` })))!);
    const out = all.finish();
    expect(out.coded("k")!.codes).toBeInstanceOf(Uint16Array);
    const records = out.toRecords();
    expect(records.slice(0, 3)).toEqual([{ k: "a" }, { k: "b" }, { other: 1 }]);
    expect(records[302]).toEqual({ k: "v299" });
  });

  it("filters into the narrowest codes the dictionary allows", () => {
    const t = Table.fromColumns<{ k: string; n: number }>(columnsFromRecords(Array.from({ length: 1000 }, (_, i) => ({ k: `v${i % 300}`, n: i })))!);
    const kept = t.filter((r) => r.n % 3 === 0);
    expect(kept.columns().coded("k")!.codes.BYTES_PER_ELEMENT).toBeLessThanOrEqual(2);
    expect(kept.rows()).toEqual(t.rows().filter((r) => r.n % 3 === 0));
  });
});

describe("narrow-codes helpers", () => {
  it("choose the kind by dictionary size and widen or narrow keeping the codes written", () => {
    expect(codesFor(256, 1)).toBeInstanceOf(Uint8Array);
    expect(codesFor(257, 1)).toBeInstanceOf(Uint16Array);
    expect(codesFor(65_536, 1)).toBeInstanceOf(Uint16Array);
    expect(codesFor(65_537, 1)).toBeInstanceOf(Int32Array);
    const small = Uint8Array.of(255, 1, 2, 9);
    expect(widenedCodes(small, 256)).toBe(small);
    const wide = widenedCodes(small, 300, 3);
    expect(wide).toBeInstanceOf(Uint16Array);
    expect(Array.from(wide)).toEqual([255, 1, 2, 0]);
    expect(Array.from(widenedCodes(Uint16Array.of(65_535, 3), 70_000))).toEqual([65_535, 3]);
    const narrow = narrowedCodes(Int32Array.of(0, 299, 4), 300);
    expect(narrow).toBeInstanceOf(Uint16Array);
    expect(Array.from(narrow)).toEqual([0, 299, 4]);
    const same = Uint8Array.of(1);
    expect(narrowedCodes(same, 70_000)).toBe(same);
  });
});

/** Flows over 60 days of four origins (one null), two spellings of one unit, nulls in measures. */
function flows(): Record<string, unknown>[] {
  return Array.from({ length: 240 }, (_, i) => ({
    timestamp: new Date(Date.UTC(2024, 0, 1 + (i % 60))).toISOString(),
    date: `2024-01-${String(1 + (i % 28)).padStart(2, "0")}`,
    origin: ["US", "QA", "AU", null][Math.floor(i / 60)],
    region: ["Permian", "Bakken", "Haynesville", "Anadarko"][i % 4],
    volume: i % 13 === 0 ? null : (i % 17) * 0.5,
    count: 1,
    volume_unit: i % 2 === 0 ? "gas_Bcf" : "bcf",
    volume_std: 0.1,
    count_std: 0.2,
  }));
}

/** The same columns with every code array made of one kind. */
function withCodes(cols: RecordColumns, make: (codes: Codes) => Codes): RecordColumns {
  const columns = new Map<string, Column>();
  for (const name of cols.names) {
    const c = cols.columns.get(name)!;
    columns.set(name, c.kind === "coded" ? new CodedColumn(make(c.codes), c.dict, c.absent) : c);
  }
  return new RecordColumns(cols.names, columns, cols.length);
}

describe("analysis over Uint8, Uint16 and Int32 codes", () => {
  const base = columnsFromRecords(flows())!;
  const variants = {
    int32: withCodes(base, (c) => Int32Array.from(c)),
    uint16: withCodes(base, (c) => Uint16Array.from(c)),
    uint8: withCodes(base, (c) => Uint8Array.from(c)),
  };
  const answers = (cols: RecordColumns) => {
    const t = Result.fromColumns(cols, meta);
    return {
      rollup: frameColumns(rollup(t, { by: ["date", "region"], measures: ["volume"] }).toFrame()),
      rollupOne: rollup(t, { by: "origin", measures: ["volume", "count"], countAs: "rows" }).rows(),
      rollupMonth: rollup(t, { by: [{ column: "date", freq: "week" }, "origin"], measures: ["volume"] }).rows(),
      resample: resampleFlows(t, { freq: "week", by: ["origin"] }).rows(),
      frame: frameColumns(t.toFrame()),
      arrow: t.toArrow().toArray().map((r: { toJSON(): unknown }) => r.toJSON()),
    };
  };
  it("gives the same rollup, resampleFlows, toFrame and toArrow answers whatever the width", () => {
    expect(variants.uint8.coded("origin")!.codes).toBeInstanceOf(Uint8Array);
    const want = answers(variants.int32);
    expect(want.rollupOne.length).toBe(4);
    expect(want.resample.length).toBeGreaterThan(8);
    expect(answers(variants.uint16)).toEqual(want);
    expect(answers(variants.uint8)).toEqual(want);
    // And the same as the records themselves.
    expect(rollup(flows(), { by: "origin", measures: ["volume", "count"], countAs: "rows" }).rows()).toEqual(want.rollupOne);
  });
});

/** A record as the Result gives it back: fields that were undefined are absent. */
function withoutAbsent(r: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined));
}
