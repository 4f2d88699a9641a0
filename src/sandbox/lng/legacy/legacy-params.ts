/**
 * Parameters of the old LNG API (the sandbox's documented choices: the spec does not list them).
 * Absent or null means "no filter"; an unknown non-null parameter is a 400 naming it.
 */
import { SandboxHttpError } from "../../core/types";
import { parseDate, parseTimestamp } from "../model/time";

export type LegacyParamKind = "string" | "strings" | "integers" | "date";

export type LegacyParams = Map<string, string | string[] | number[] | number>;

function bad(message: string): SandboxHttpError {
  return new SandboxHttpError(400, message);
}

/**
 * Reads `body` against the accepted parameters of one report or query.
 * @param ignore names handled elsewhere (such as `req_report`).
 */
export function readLegacyParams(where: string, body: unknown, accepted: Readonly<Record<string, LegacyParamKind>>, ignore: readonly string[] = []): LegacyParams {
  if (body === undefined || body === null) body = {};
  if (typeof body !== "object" || Array.isArray(body)) throw bad(`the request body of ${where} must be a JSON object`);
  const out: LegacyParams = new Map();
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (value === null || value === undefined || ignore.includes(name)) continue;
    const kind = Object.hasOwn(accepted, name) ? accepted[name] : undefined;
    if (!kind) {
      const names = Object.keys(accepted);
      throw bad(`unknown parameter "${name}" for ${where}; it takes: ${names.length > 0 ? names.join(", ") : "no parameters"}`);
    }
    out.set(name, readValue(name, value, kind));
  }
  return out;
}

function readValue(name: string, value: unknown, kind: LegacyParamKind): string | string[] | number[] | number {
  switch (kind) {
    case "string":
      if (typeof value !== "string") throw bad(`${name} expects a string; got ${JSON.stringify(value)}`);
      return value;
    case "strings": {
      const list = Array.isArray(value) ? value : [value];
      for (const item of list) if (typeof item !== "string") throw bad(`${name} expects a list of strings; ${JSON.stringify(item)} is not a string`);
      return list as string[];
    }
    case "integers": {
      const list = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [value];
      const out: number[] = [];
      for (const item of list) {
        const n = typeof item === "string" && /^\s*\d+\s*$/.test(item) ? Number(item) : item;
        if (typeof n !== "number" || !Number.isSafeInteger(n)) throw bad(`${name} expects a list of integers; ${JSON.stringify(item)} is not an integer`);
        out.push(n);
      }
      return out;
    }
    case "date": {
      const ms = typeof value === "string" ? (parseDate(value) ?? parseTimestamp(value)) : undefined;
      if (ms === undefined) throw bad(`${name} expects a date YYYY-MM-DD; got ${JSON.stringify(value)}`);
      return ms;
    }
  }
}

/**
 * Turns a GET query string into a body (comma-separated lists allowed). The body has no prototype, so
 * `?__proto__=x` is an ordinary (unknown) parameter, not a prototype assignment.
 */
export function legacyQueryToBody(query: URLSearchParams): Record<string, unknown> {
  const body: Record<string, unknown> = Object.create(null);
  for (const name of new Set(query.keys())) {
    const values = query.getAll(name);
    body[name] = values.length === 1 ? values[0] : values.join(",");
  }
  return body;
}
