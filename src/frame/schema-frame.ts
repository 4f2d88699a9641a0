/**
 * The fast path of `toFrame` when a schema is given: one compiled pass over the records that reads
 * each field by its literal name, normalises it, and writes it into its column (numbers into a
 * Float64Array; danfo's plain arrays and rows are made when first read, see `frameOverColumns`).
 * Returns undefined (the caller takes the general path) when some record has a field the schema does
 * not list, so no data is ever dropped.
 */
import type { DataFrame } from "danfojs-node";
import { DataError } from "../errors";
import { isoFromDay, toDayNumber, toIsoTimestamp } from "../table/dates";
import { danfoDtype } from "./frame-from-columns";
import { frameOverColumns } from "./frame-over-columns";
import type { FieldType, RecordSchema } from "../table/schema";
import { withUnits } from "./frame-units";
import { unitForField } from "../table/units";

interface Helpers {
  num(v: unknown, name: string, row: number): number;
  str(v: unknown): string | null;
  date(v: unknown, name: string, row: number): string | null;
  stamp(v: unknown, name: string, row: number): string | null;
  bool(v: unknown, name: string, row: number): boolean | null;
  describe(v: unknown): string;
}

type Pass = (records: readonly Record<string, unknown>[], n: number, cols: (Float64Array | unknown[])[], h: Helpers) => boolean;
const passes = new Map<string, Pass>();

function shown(v: unknown): string {
  try {
    return (JSON.stringify(v) ?? String(v)).slice(0, 80);
  } catch {
    return String(v);
  }
}

function makeHelpers(): Helpers {
  const dates = new Map<string, string>();
  const stamps = new Map<string, string>();
  const bad = (name: string, row: number, v: unknown, what: string): DataError =>
    new DataError(`column "${name}" row ${row}: ${shown(v)} is not ${what}`);
  return {
    num(v, name, row) {
      if (v === null || v === undefined || v === "") return NaN;
      const x = typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
      if (Number.isNaN(x)) throw bad(name, row, v, "a number");
      return x;
    },
    str(v) {
      if (v === null || v === undefined || (typeof v === "number" && Number.isNaN(v))) return null;
      return typeof v === "object" ? JSON.stringify(v) : String(v);
    },
    date(v, name, row) {
      if (v === null || v === undefined || v === "") return null;
      if (typeof v === "string") {
        let s = dates.get(v);
        if (s === undefined) {
          const d = toDayNumber(v);
          if (Number.isNaN(d)) throw bad(name, row, v, "a date (YYYY-MM-DD, M/D/YYYY or a timestamp)");
          s = isoFromDay(d);
          if (dates.size < 100_000) dates.set(v, s);
        }
        return s;
      }
      const d = toDayNumber(v);
      if (Number.isNaN(d)) throw bad(name, row, v, "a date");
      return isoFromDay(d);
    },
    stamp(v, name, row) {
      if (v === null || v === undefined || v === "") return null;
      let s = typeof v === "string" ? stamps.get(v) : undefined;
      if (s === undefined) {
        s = toIsoTimestamp(v);
        if (s === undefined) throw bad(name, row, v, "a timestamp");
        if (typeof v === "string" && stamps.size < 100_000) stamps.set(v, s);
      }
      return s;
    },
    bool(v, name, row) {
      if (typeof v === "boolean") return v;
      if (v === null || v === undefined || v === "") return null;
      if (v === "true" || v === "True" || v === 1 || v === "1") return true;
      if (v === "false" || v === "False" || v === 0 || v === "0") return false;
      throw bad(name, row, v, "a boolean");
    },
    describe: shown,
  };
}

function statement(type: FieldType, name: string, j: number): string {
  const q = JSON.stringify(name);
  const read = `let v = r[${q}]; if (v !== undefined) p++;`;
  switch (type) {
    case "int":
    case "float":
      return `${read} if (typeof v !== "number") v = h.num(v, ${q}, i);`;
    case "string":
      return `${read} if (typeof v !== "string") v = h.str(v);`;
    // Rows come sorted or grouped, so a date is most often the previous row's: compared, not looked up.
    case "date":
      return `${read} if (v === D${j}) v = E${j}; else { D${j} = v; v = E${j} = h.date(v, ${q}, i); }`;
    case "timestamp":
      return `${read} if (v === D${j}) v = E${j}; else { D${j} = v; v = E${j} = h.stamp(v, ${q}, i); }`;
    case "bool":
      return `${read} if (typeof v !== "boolean") v = h.bool(v, ${q}, i);`;
    default:
      return `${read} if (v === undefined) v = null;`;
  }
}

function compile(fields: readonly { name: string; type: FieldType }[]): Pass {
  const key = JSON.stringify(fields);
  let pass = passes.get(key);
  if (pass === undefined) {
    const body = fields.map((f, j) => `{ ${statement(f.type, f.name, j)} C${j}[i] = v; }`).join("\n");
    const locals = fields.map((_, j) => `const C${j} = cols[${j}]; let D${j} = NONE, E${j} = null;`).join("\n");
    // Counting a record's own keys is how an unlisted field is noticed (then the general path runs).
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    pass = new Function("DataError", `return function pass(records, n, cols, h) {
      const NONE = {};
      ${locals}
      let p, c;
      for (let i = 0; i < n; i++) {
        const r = records[i];
        if (r === null || typeof r !== "object") throw new DataError("record " + i + " is " + h.describe(r) + ", not an object");
        p = 0;
        ${body}
        c = 0;
        for (const key in r) c++;
        if (c !== p) return false;
      }
      return true;
    };`)(DataError) as Pass;
    if (passes.size < 256) passes.set(key, pass);
  }
  return pass;
}

/**
 * The schema fast path of `toFrame`, or undefined when a record has a field outside the schema (or
 * a schema repeats a field name): the caller then uses the general path.
 */
export function schemaFrame(records: readonly Record<string, unknown>[], schema: RecordSchema): DataFrame | undefined {
  const fields = schema.fields.map((f) => ({ name: f.name, type: f.type }));
  if (new Set(fields.map((f) => f.name)).size !== fields.length || records.length === 0) return undefined;
  const n = records.length;
  // Numbers go into Float64Arrays: no plain array (holes written first, a second one when the first float
  // arrives) is made until danfo reads the column.
  const numeric = fields.map((f) => f.type === "int" || f.type === "float");
  const cols = fields.map((_, j): Float64Array | unknown[] => (numeric[j] ? new Float64Array(n) : new Array<unknown>(n)));
  if (!compile(fields)(records, n, cols, makeHelpers())) return undefined;
  const dtypes = fields.map((f, j) => danfoDtype(f.type, cols[j]!));
  const units: Record<string, string> = {};
  for (const f of schema.fields) {
    const u = f.unit ?? unitForField(f.name);
    if (u !== undefined) units[f.name] = u;
  }
  return withUnits(frameOverColumns(fields.map((f) => f.name), cols, dtypes, n), units);
}
