/**
 * v3 <-> v4 conversions of request parameters and records, driven by the rename table.
 */
import { InvalidParamsError, type ParamIssue } from "../../errors";
import { validateParams } from "../../validate/validate-params";
import { daysInMonth } from "../../validate/dates";
import { v3 as v3Catalog } from "../catalog/v3";
import { V3_TO_V4, type EndpointMigration, type MigratedEndpoint, type Rename } from "./renames";

type Row = Record<string, unknown>;

function migrationOf(endpoint: string): EndpointMigration {
  const m = (V3_TO_V4 as Record<string, EndpointMigration>)[endpoint];
  if (m === undefined) {
    throw new InvalidParamsError(`natgas.migrate`, [
      { param: "endpoint", value: endpoint, expected: `a v3 endpoint with a v4 counterpart: ${Object.keys(V3_TO_V4).join(", ")}` },
    ]);
  }
  return m;
}

/**
 * v3 request parameters to v4 (`region` -> `region_natgas`, `start_date`/`end_date` -> the
 * endpoint's `*_min`/`*_max`, `api` -> `well_id`, `aggregate_by` values renamed too).
 * The v3 parameters are validated first with v3 names (typos are reported as the user wrote them),
 * so lists come back as lists and API numbers as strings.
 * @throws InvalidParamsError for invalid v3 parameters or an endpoint without a v4 counterpart.
  * @example
  * v3ParamsToV4("rigs", { region: ["permian"] }); // { region_natgas: ["permian"] }
 */
export function v3ParamsToV4(endpoint: MigratedEndpoint, params: unknown): Record<string, unknown> {
  const m = migrationOf(endpoint);
  const spec = (v3Catalog as Record<string, (typeof v3Catalog)[keyof typeof v3Catalog]>)[endpoint];
  const body = spec ? validateParams(spec, params).body : { ...((params ?? {}) as Row) };
  return renameParams(body, m.params, m.aggregateBy, "v3", "v4", `natgas.migrate.${endpoint}`);
}

/**
 * v4 request parameters back to v3 names. A v4 parameter with no v3 counterpart (completions
 * `date_completion_start_max`, say) is refused with InvalidParamsError, never silently dropped.
  * @example
  * v4ParamsToV3("rigs", { region_natgas: ["permian"] }); // { region: ["permian"] }
 */
export function v4ParamsToV3(endpoint: MigratedEndpoint, params: Row): Record<string, unknown> {
  const m = migrationOf(endpoint);
  const out = renameParams(params, m.params, m.aggregateBy, "v4", "v3", `natgas.migrate.${endpoint}`);
  const v3Spec = (v3Catalog as Record<string, { params: readonly { name: string }[] }>)[endpoint];
  if (v3Spec) {
    const known = new Set(v3Spec.params.map((p) => p.name));
    const issues: ParamIssue[] = Object.keys(out)
      .filter((k) => !known.has(k) && out[k] !== null && out[k] !== undefined)
      .map((k) => ({ param: k, value: out[k], expected: `a parameter with a v3 counterpart (v3 ${endpoint} takes ${[...known].join(", ")})` }));
    if (issues.length > 0) throw new InvalidParamsError(`natgas.migrate.${endpoint}`, issues);
  }
  return out;
}

function renameParams(params: Row, renames: readonly Rename[], aggregateBy: readonly Rename[], from: "v3" | "v4", to: "v3" | "v4", label: string): Row {
  const byName = new Map(renames.map((r) => [r[from], r]));
  const values = new Map(aggregateBy.map((r) => [r[from], r[to]]));
  const out: Row = {};
  const issues: ParamIssue[] = [];
  for (const [key, value] of Object.entries(params)) {
    const rename = byName.get(key);
    const target = rename ? rename[to] : key;
    if (target in out) issues.push({ param: key, value, expected: `only one of the parameters that become ${target}` });
    if (key === "aggregate_by") out[target] = renameAggregateBy(value, values);
    else if (to === "v4" && rename?.convert === "id" && value !== null && value !== undefined) out[target] = padWellId(value);
    else if (rename?.convert === "pyBool") out[target] = to === "v4" ? (value === "True" ? true : value === "False" ? false : value) : value === true ? "True" : value === false ? "False" : value;
    else out[target] = value;
  }
  if (issues.length > 0) throw new InvalidParamsError(label, issues);
  return out;
}

function renameAggregateBy(value: unknown, values: Map<string, string>): unknown {
  if (typeof value === "string") return values.get(value) ?? value;
  if (Array.isArray(value)) return [...new Set(value.map((v) => (typeof v === "string" ? (values.get(v) ?? v) : v)))];
  return value;
}

/**
 * A v4 record with v3 field names and units (`well_id` "42..." -> `api` 42..., `operator` ->
 * `operator_name`, `count` -> `rigs_count`, MCF/day -> BCF/day ...). v3 fields v4 no longer returns
 * are rebuilt where the rename table says how (monthly from daily); fields without a rename keep
 * their name, so nothing is dropped. Nulls stay null.
  * @example
  * const v3Row = v4RecordToV3("rigs", v4Row);
 */
export function v4RecordToV3(endpoint: MigratedEndpoint, record: Row): Row {
  const m = migrationOf(endpoint);
  const byV4 = new Map(m.fields.map((r) => [r.v4, r]));
  const out: Row = {};
  for (const [key, value] of Object.entries(record)) {
    const r = byV4.get(key);
    out[r ? r.v3 : key] = r ? toV3(value, r) : value;
  }
  for (const d of m.derived) {
    // Nothing is rebuilt from a field the record does not have (a v3 record on its way back, say).
    if (d.v3 in out || !(d.from in out)) continue;
    const source = out[d.from];
    if (d.kind === "copy") out[d.v3] = source ?? null;
    else out[d.v3] = monthFromDaily(source, out[d.dateField ?? "date"], m.fields.find((r) => r.v3 === d.from));
  }
  return out;
}

/**
 * A v3 record with v4 field names and units: the inverse of {@link v4RecordToV3}. v3 fields that
 * v4 derives from others (monthly totals rebuilt from daily rates, ducsbyoperator `count`) are left
 * out; `county_name` is read as `county` where the spec records it so.
  * @example
  * const v4Row = v3RecordToV4("rigs", v3Row);
 */
export function v3RecordToV4(endpoint: MigratedEndpoint, record: Row): Row {
  const m = migrationOf(endpoint);
  const byV3 = new Map(m.fields.map((r) => [r.v3, r]));
  const derived = new Set(m.derived.map((d) => d.v3));
  const out: Row = {};
  for (const [key, value] of Object.entries(record)) {
    if (derived.has(key)) continue;
    const name = m.v3Aliases?.[key] ?? key;
    const r = byV3.get(name);
    out[r ? r.v4 : name] = r ? toV4(value, r) : value;
  }
  return out;
}

function toV4(value: unknown, r: Rename): unknown {
  if (value === null || value === undefined) return value;
  // An API number has at least 10 digits; as an integer it loses the state code's leading zero (05 = Colorado).
  if (r.convert === "id") return padWellId(value);
  if (typeof r.convert === "number" && typeof value === "number") return clean(value * r.convert);
  return value;
}

function toV3(value: unknown, r: Rename): unknown {
  if (value === null || value === undefined) return value;
  if (r.convert === "id") {
    // A well_id that is not a plain integer is kept as the string it is rather than lost.
    if (typeof value === "string" && /^\d+$/.test(value) && Number.isSafeInteger(Number(value))) return Number(value);
    return value;
  }
  if (typeof r.convert === "number" && typeof value === "number") return clean(value / r.convert);
  return value;
}

/** Removes the binary noise a unit scaling adds (0.1 * 3 = 0.30000000000000004): 15 significant digits are exact in a double. */
function clean(value: number): number {
  return Number(value.toPrecision(15));
}

function monthFromDaily(daily: unknown, date: unknown, rename: Rename | undefined): number | null {
  if (typeof daily !== "number" || typeof date !== "string") return null;
  const m = /^(\d{4})-(\d{2})/.exec(date);
  if (!m) return null;
  const perDay = typeof rename?.convert === "number" ? daily * rename.convert : daily;
  return Math.round(perDay * daysInMonth(Number(m[1]), Number(m[2])));
}

/** A v4 well_id: a 10-digit string. API numbers arrive as integers or as strings of digits (the v3 parameter form). */
function padWellId(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(padWellId);
  const text = String(value);
  return /^\d+$/.test(text) ? text.padStart(10, "0") : text;
}
