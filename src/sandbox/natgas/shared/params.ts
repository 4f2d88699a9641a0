import { parseDay } from "../../core/dates";
import { SandboxHttpError } from "../../core/types";

/** How a request parameter is read. */
export type ParamDef =
  | { readonly kind: "strArr"; readonly values?: readonly string[] }
  /**
   * Well API numbers: JSON integers (the v3 pages' "integer array"), or strings of digits (what older
   * clients, gasframes' own included, sent); one value or a list. Matched as numbers, leading zeros ignored.
   */
  | { readonly kind: "apiArr" }
  | { readonly kind: "str"; readonly values?: readonly string[] }
  | { readonly kind: "date" }
  | { readonly kind: "int"; readonly min?: number }
  | { readonly kind: "bool" }
  /** A flag as the vendor's Python client sends it, "True"/"False" (any case), or a JSON boolean. */
  | { readonly kind: "pyBool" };

/** The parameters one endpoint takes. */
export type ParamTable = Readonly<Record<string, ParamDef>>;

/** Parsed filters: string lists are lower-cased sets for matching; dates are day numbers. */
export interface ParsedParams {
  readonly lists: ReadonlyMap<string, ReadonlySet<string>>;
  /** Original spelling of list values, in request order (aggregate_by keeps its order). */
  readonly listOrder: ReadonlyMap<string, readonly string[]>;
  readonly dates: ReadonlyMap<string, number>;
  readonly ints: ReadonlyMap<string, number>;
  /** true/false filters (JSON booleans, or the strings "true"/"false"). */
  readonly bools: ReadonlyMap<string, boolean>;
  /** v3 pagination start (0 when absent). */
  readonly start: number;
}

/**
 * Reads a JSON body against an endpoint's table. Absent or null = no filter, also for names the endpoint
 * does not take (the service's Python client sends every field it knows, null where unused); a non-null
 * unknown name, a wrong type, a bad date or a value outside an allowed set answers 400 naming it.
 * An empty list is no filter. String matching is case-insensitive.
 */
export function parseParams(endpoint: string, body: unknown, table: ParamTable, options: { pagination: boolean }): ParsedParams {
  if (body !== undefined && (body === null || typeof body !== "object" || Array.isArray(body))) {
    throw new SandboxHttpError(400, `${endpoint}: the request body must be a JSON object of parameters`);
  }
  const lists = new Map<string, Set<string>>();
  const listOrder = new Map<string, string[]>();
  const dates = new Map<string, number>();
  const ints = new Map<string, number>();
  const bools = new Map<string, boolean>();
  let start = 0;
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (value === null || value === undefined) continue;
    if (name === "pagination" && options.pagination) {
      start = parsePagination(endpoint, value);
      continue;
    }
    const def = Object.hasOwn(table, name) ? table[name] : undefined;
    if (!def) {
      const accepted = Object.keys(table).concat(options.pagination ? ["pagination"] : []).join(", ");
      throw new SandboxHttpError(400, `${endpoint}: unknown parameter "${name}"; this endpoint takes: ${accepted || "no parameters"}`);
    }
    if (def.kind === "date") {
      const day = typeof value === "string" ? parseDay(value) : undefined;
      if (day === undefined) throw new SandboxHttpError(400, `${endpoint}: parameter "${name}" must be a date YYYY-MM-DD, got ${show(value)}`);
      dates.set(name, day);
    } else if (def.kind === "int") {
      const n = typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : value;
      if (typeof n !== "number" || !Number.isSafeInteger(n) || n < (def.min ?? -Infinity)) {
        throw new SandboxHttpError(400, `${endpoint}: parameter "${name}" must be an integer${def.min !== undefined ? ` >= ${def.min}` : ""}, got ${show(value)}`);
      }
      ints.set(name, n);
    } else if (def.kind === "pyBool") {
      const text = typeof value === "string" ? value.toLowerCase() : value;
      const b = text === true || text === "true" ? true : text === false || text === "false" ? false : undefined;
      if (b === undefined) throw new SandboxHttpError(400, `${endpoint}: parameter "${name}" must be true or false ("True"/"False"), got ${show(value)}`);
      bools.set(name, b);
    } else if (def.kind === "bool") {
      const b = value === true || value === "true" ? true : value === false || value === "false" ? false : undefined;
      if (b === undefined) throw new SandboxHttpError(400, `${endpoint}: parameter "${name}" must be true or false, got ${show(value)}`);
      bools.set(name, b);
    } else if (def.kind === "apiArr") {
      const items = Array.isArray(value) ? value : [value];
      const apis = items.map((item) => {
        if (typeof item === "number" && Number.isSafeInteger(item) && item >= 0) return String(item);
        if (typeof item === "string" && /^\s*\d{1,20}\s*$/.test(item)) return BigInt(item.trim()).toString();
        throw new SandboxHttpError(400, `${endpoint}: parameter "${name}" must be a list of well API numbers (integers), got ${show(value)}`);
      });
      if (apis.length === 0) continue;
      lists.set(name, new Set(apis));
      listOrder.set(name, apis);
    } else {
      const items = Array.isArray(value) ? value : [value];
      if (def.kind === "str" && items.length > 1) throw new SandboxHttpError(400, `${endpoint}: parameter "${name}" takes one string, got ${show(value)}`);
      const texts: string[] = [];
      for (const item of items) {
        const text = typeof item === "number" && Number.isFinite(item) ? String(item) : item;
        if (typeof text !== "string" || text.trim() === "") {
          throw new SandboxHttpError(400, `${endpoint}: parameter "${name}" must be ${def.kind === "str" ? "a string" : "a list of strings"}, got ${show(value)}`);
        }
        if (def.values && !def.values.includes(text.toLowerCase())) {
          throw new SandboxHttpError(400, `${endpoint}: parameter "${name}" has unknown value ${show(text)}; allowed: ${def.values.join(", ")}`);
        }
        texts.push(text.trim());
      }
      if (texts.length === 0) continue;
      lists.set(name, new Set(texts.map((t) => t.toLowerCase())));
      listOrder.set(name, texts);
    }
  }
  return { lists, listOrder, dates, ints, bools, start };
}

function parsePagination(endpoint: string, value: unknown): number {
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new SandboxHttpError(400, `${endpoint}: "pagination" must be an object like {"start": 0}, got ${show(value)}`);
  }
  const start = (value as Record<string, unknown>).start ?? 0;
  if (typeof start !== "number" || !Number.isSafeInteger(start) || start < 0) {
    throw new SandboxHttpError(400, `${endpoint}: "pagination.start" must be an integer >= 0, got ${show(start)}`);
  }
  return start;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? text.slice(0, 77) + "..." : text;
}

/** Allowed values of `frac_class`, `rig_class`, `completion_class`. */
export const CLASS_VALUES = ["oil", "gas"] as const;

/** A stable key of parsed parameters (pagination excluded), for caching a query's matches. */
export function paramsKey(endpoint: string, seedAndDay: string, params: ParsedParams): string {
  const lists = [...params.lists].map(([k, v]) => [k, [...v].sort()]).sort();
  const dates = [...params.dates].sort();
  const ints = [...params.ints].sort();
  const bools = [...params.bools].sort();
  return JSON.stringify([endpoint, seedAndDay, lists, dates, ints, bools]);
}
