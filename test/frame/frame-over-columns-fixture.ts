/**
 * The frames test/table/frame-over-columns*.test.ts compare: records of every field kind, made into a
 * frame by gasframes (rows deferred) and by danfo's own constructor.
 */
import type { DataFrame } from "danfojs-node";
import { toFrame } from "../../src/frame/to-frame";
import { Result } from "../../src/table/result";
import { columnsFromRecords } from "../../src/table/columns-from-records";
import { loadDanfo } from "../../src/frame/load-danfo";
import type { RecordSchema } from "../../src/table/schema";
// Table's view methods are installed by the modules that implement them (the root module loads them all).
import "../../src/frame/table-to-frame";

export const schema: RecordSchema = {
  name: "test.every-kind",
  fields: [
    { name: "wells", type: "int" },
    { name: "api", type: "int" },
    { name: "gas", type: "float", unit: "MCF" },
    { name: "county", type: "string" },
    { name: "region", type: "string" },
    { name: "date", type: "date" },
    { name: "seen_at", type: "timestamp" },
    { name: "active", type: "bool" },
  ],
};
export const NAMES = schema.fields.map((f) => f.name);
/** ints within int32 are int32; ints beyond it (api) and floats are float32; text, dates, timestamps string. */
export const DTYPES = ["int32", "float32", "float32", "string", "string", "string", "string", "boolean"];
export const N = 240;
export const meta = { endpoint: "test" } as never;

/** Records as a service sends them: some dates as M/D/YYYY, timestamps with offsets, nulls in most columns. */
export function records(): Record<string, unknown>[] {
  let seed = 7;
  const next = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  return Array.from({ length: N }, (_, i) => {
    const day = 1 + (i % 28);
    return {
      wells: Math.floor(next() * 50),
      api: 42_000_000_000_000 + i,
      gas: i % 9 === 4 ? null : Math.round(next() * 1e6) / 100,
      county: i % 7 === 3 ? null : ["Reeves", "Loving", "Ward", "Webb"][i % 4],
      region: ["Permian", "Haynesville", "Appalachia"][i % 3],
      date: i % 11 === 5 ? null : i % 2 === 0 ? `2024-03-${String(day).padStart(2, "0")}` : `3/${day}/2024`,
      seen_at: i % 13 === 6 ? null : `2024-03-${String(day).padStart(2, "0")} 0${i % 10}:30:00+02`,
      active: i % 5 === 2 ? null : i % 2 === 0,
    };
  });
}

/** The same records as toFrame documents its values (written out here, not through gasframes' codecs). */
export function expectedRecords(): Record<string, unknown>[] {
  return records().map((r) => {
    const day = typeof r.date === "string" && r.date.includes("/") ? Number(r.date.split("/")[1]) : Number(String(r.date).slice(8));
    return {
      wells: r.wells,
      api: r.api,
      gas: r.gas ?? NaN,
      county: r.county,
      region: r.region,
      date: r.date === null ? null : `2024-03-${String(day).padStart(2, "0")}`,
      seen_at: r.seen_at === null ? null : new Date(String(r.seen_at).replace(" ", "T") + ":00").toISOString(),
      active: r.active,
    };
  });
}

/** danfo's own constructor from records, given the dtypes the schema says. */
export function danfoFrame(): DataFrame {
  return new (loadDanfo().DataFrame)(expectedRecords(), { columns: NAMES, dtypes: DTYPES });
}

/** The two ways gasframes makes a frame with its rows deferred. */
export const builders: Record<string, () => DataFrame> = {
  "toFrame(records, schema)": () => toFrame(records(), schema),
  "Result.toFrame() of columns": () => Result.fromColumns(columnsFromRecords(records())!, meta, schema).toFrame(),
};
