/**
 * Records made to follow their schema, whatever the service: what a service sends inconsistently is
 * fixed on the columns of a whole answer (each distinct value once), or in place on a streamed batch,
 * by one plan read from the catalog entry. Nothing is dropped and null stays null.
 */
import type { RecordSchema } from "../table/schema";
import { sameVolumeUnit } from "../table/volume-unit";
import type { RecordColumns } from "../table/record-columns";
import { isoFromDay, parseDateText, tryParseServiceTimestamp } from "../table/dates";

/**
 * `M/D/YYYY` (as in the aggregated completions and rigs samples) to `YYYY-MM-DD`, read by the table's
 * date codec; any other value, and text that is no real date (`2/30/2024`), is returned unchanged (a
 * date column's reader then refuses it rather than take a made-up day).
 */
export function normaliseDate(value: unknown): unknown {
  if (typeof value !== "string" || !value.includes("/")) return value;
  const day = parseDateText(value);
  return Number.isNaN(day) ? value : isoFromDay(day);
}

/**
 * What is done to the records of one endpoint, derived from its catalog entry:
 * - `renames`: a field the service labels differently (service label -> schema name, `state_ab` ->
 *   `state_code`) gets the schema's name (not when the record already has that name);
 * - every `date` field written M/D/YYYY becomes YYYY-MM-DD;
 * - every `timestamp` field becomes ISO 8601 UTC (`2024-05-01T00:00:00.000Z`; the service's `+00`
 *   and microsecond forms included); a value that is not a timestamp is kept as sent, and reported;
 * - the unit columns (`unitField` of a measure, e.g. `volume_unit`) are read, and a mixture of units
 *   in one answer is reported (each row keeps its own unit: never converted silently).
 */
export interface RecordPlan {
  readonly schema: RecordSchema;
  readonly renames: Readonly<Record<string, string>>;
  readonly dateFields: readonly string[];
  readonly timestampFields: readonly string[];
  readonly unitFields: readonly string[];
}

/** The plan of records of `schema`, with the service's labels `renames` (service label -> schema name). */
export function recordPlan(schema: RecordSchema, renames: Readonly<Record<string, string>> = {}): RecordPlan {
  const ofType = (type: string) => schema.fields.filter((f) => f.type === type).map((f) => f.name);
  const unitFields = [...new Set(schema.fields.flatMap((f) => (f.unitField === undefined ? [] : [f.unitField])))];
  return { schema, renames, dateFields: ofType("date"), timestampFields: ofType("timestamp"), unitFields };
}

/**
 * Applies a {@link RecordPlan} to one answer, a whole one (columns or records) or a stream's batches
 * one after the other, and collects what the user should be told.
 */
export class RecordShaper {
  /** The first value of each timestamp field that is not a timestamp. */
  readonly #badTimestamps = new Map<string, unknown>();
  /** Distinct unit labels seen, per unit column. */
  readonly #units = new Map<string, unknown[]>();

  constructor(readonly plan: RecordPlan) {}

  /** Whether the plan changes anything at all (when not, records are handed on untouched). */
  get #changes(): boolean {
    const p = this.plan;
    return Object.keys(p.renames).length > 0 || p.dateFields.length > 0 || p.timestampFields.length > 0;
  }

  /** A whole answer's columns, shaped: renamed, then each date and timestamp column mapped once per distinct value. */
  columns(columns: RecordColumns): RecordColumns {
    let out = Object.keys(this.plan.renames).length > 0 ? columns.renamed(this.plan.renames) : columns;
    for (const f of this.plan.dateFields) out = out.mapped(f, normaliseDate);
    for (const f of this.plan.timestampFields) out = out.mapped(f, (v) => this.#timestamp(f, v));
    for (const f of this.plan.unitFields) this.#seeUnits(f, distinctValues(out, f));
    return out;
  }

  /** Records shaped in place (a stream's batch, or an answer that has no columns); returns them. */
  records<R>(records: R[]): R[] {
    const { renames, dateFields, timestampFields, unitFields } = this.plan;
    const renamePairs = Object.entries(renames);
    const changes = this.#changes;
    if (!changes && unitFields.length === 0) return records;
    const units = unitFields.map(() => new Set<unknown>());
    for (const raw of records as unknown[]) {
      if (raw === null || typeof raw !== "object") continue;
      const record = raw as Record<string, unknown>;
      if (changes) {
        for (const [from, to] of renamePairs) {
          if (from in record && !(to in record)) {
            record[to] = record[from];
            delete record[from];
          }
        }
        for (const f of dateFields) {
          const v = record[f];
          if (typeof v === "string" && v.includes("/")) record[f] = normaliseDate(v);
        }
        for (const f of timestampFields) if (f in record) record[f] = this.#timestamp(f, record[f]);
      }
      for (let i = 0; i < unitFields.length; i++) {
        const v = record[unitFields[i]!];
        if (v !== undefined && v !== null) units[i]!.add(v);
      }
    }
    unitFields.forEach((f, i) => this.#seeUnits(f, units[i]!));
    return records;
  }

  /**
   * What to tell the user about the records shaped so far: each timestamp field that held a value
   * that is not a timestamp (the first such value), and each unit column that held several units.
   * @param what how the records are named (`records` for a whole answer, `stream` for a stream's batches)
   */
  warnings(what: "records" | "stream" = "records"): string[] {
    const name = this.plan.schema.name;
    const out: string[] = [];
    for (const [field, value] of this.#badTimestamps) out.push(`${name}: ${field} = ${JSON.stringify(value)} is not a timestamp; kept as sent`);
    for (const [field, units] of this.#units) {
      if (units.length < 2) continue;
      const carrier = what === "stream" ? "the stream carries" : "the records carry";
      out.push(`${name}: ${carrier} several volume units (${units.join(", ")}); each row keeps its own ${field}: convert before adding volumes`);
    }
    return out;
  }

  #timestamp(field: string, value: unknown): unknown {
    const parsed = tryParseServiceTimestamp(value);
    if (!parsed.ok && !this.#badTimestamps.has(field)) this.#badTimestamps.set(field, value);
    return parsed.value;
  }

  /** Adds unit labels; one unit has several spellings (`gas_Bcf`, `bcf`): a label is a new unit only if its key is new. */
  #seeUnits(field: string, labels: Iterable<unknown>): void {
    let units = this.#units.get(field);
    if (units === undefined) this.#units.set(field, (units = []));
    for (const label of labels) {
      if (typeof label !== "string" || units.some((u) => sameVolumeUnit(u, label))) continue;
      units.push(label);
    }
  }
}

/** The distinct values of a column (a coded column's dictionary: no pass over the rows). */
function distinctValues(columns: RecordColumns, name: string): Iterable<unknown> {
  if (!columns.names.includes(name)) return [];
  const coded = columns.coded(name);
  return coded !== undefined ? coded.dict : new Set(columns.values(name));
}
