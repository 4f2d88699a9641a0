/**
 * One parameter against its kind: returns the wire value, or every problem with it.
 */
import type { ParamIssue } from "../errors";
import type { ParamSpec } from "../catalog/types";
import { closest } from "./closest";
import { COUNTRY_CODE_ALIASES, COUNTRY_CODES } from "./country-codes";
import { isCalendarDate, normaliseTimestamp } from "./dates";
import { isValidImo } from "./imo";
import { checkPolygons } from "./polygons";

/** The outcome of checking one parameter. `value` is what goes on the wire when `issues` is empty. */
export interface ParamCheck {
  value: unknown;
  issues: ParamIssue[];
  warnings: string[];
}

/**
 * Checks one present (non-null) value against its parameter spec. `now` (epoch ms, default
 * `Date.now()`) is today for the kinds that are relative to it (`keptMonths`).
 */
export function checkParam(spec: ParamSpec, input: unknown, now: number = Date.now()): ParamCheck {
  const name = spec.name;
  const t = spec.type;
  const fail = (expected: string, suggestion?: string, value: unknown = input): ParamCheck => ({
    value: undefined,
    issues: [{ param: name, value, expected, ...(suggestion === undefined ? {} : { suggestion }) }],
    warnings: [],
  });
  switch (t.kind) {
    case "str": {
      if (t.orList === true && Array.isArray(input)) return checkStrList(name, input, t.values);
      if (typeof input !== "string") return fail(t.orList === true ? describeStrArr(t.values) : describeStr(t.values));
      if (t.values && !t.values.includes(input)) return fail(describeStr(t.values), closest(input, t.values));
      return ok(input);
    }
    case "strArr":
      return checkStrList(name, input, t.values);
    case "date": {
      if (typeof input !== "string" || !isCalendarDate(input)) {
        const why = input instanceof Date ? " (a string, not a Date: a Date's calendar day depends on the time zone)" : "";
        return fail(`a real calendar date written YYYY-MM-DD${why}`);
      }
      if (t.notBefore !== undefined && input < t.notBefore.date) return fail(`a date on or after ${t.notBefore.date}: ${t.notBefore.why}`);
      if (t.keptMonths !== undefined) {
        const oldest = monthsBefore(now, t.keptMonths.months);
        if (input < oldest) {
          return { value: input, issues: [], warnings: [`${name} ${input} is before ${oldest}, ${t.keptMonths.months} months before today: ${t.keptMonths.why}`] };
        }
      }
      return ok(input);
    }
    case "timestamp": {
      const parsed = normaliseTimestamp(input);
      if (!parsed.ok) return fail(`a UTC ISO 8601 timestamp or YYYY-MM-DD (${parsed.reason})`);
      return ok(parsed.value);
    }
    case "idArr": {
      if (t.asIntegers === true) return checkIntegerIds(name, input);
      const checked = checkList(name, input, "well identifiers (API numbers) as strings or integers, or a list of them", (item, path) => {
        if (typeof item === "string" && /^\S+$/.test(item)) return undefined;
        if (typeof item === "number" && Number.isSafeInteger(item) && item >= 0) return undefined;
        return { param: path, value: item, expected: "a well identifier: a string without spaces or a non-negative integer" };
      });
      if (checked.issues.length === 0) checked.value = (checked.value as unknown[]).map((v) => padId(String(v), t.width));
      return checked;
    }
    case "intArr": {
      const checked = checkList(name, input, "an integer or a list of integers", (item, path) =>
        typeof item === "number" && Number.isSafeInteger(item) ? undefined : { param: path, value: item, expected: "an integer" },
      );
      if (checked.issues.length === 0 && t.check === "imo") {
        for (const imo of checked.value as number[]) {
          if (!isValidImo(imo)) checked.warnings.push(`${name}: ${imo} is not a valid IMO number (7 digits with a check digit); sent anyway`);
        }
      }
      return checked;
    }
    case "countryCodes": {
      const checked = checkList(name, input, "ISO 3166-1 alpha-2 country codes (e.g. US, GB, JP)", (item, path) => {
        if (typeof item !== "string") return { param: path, value: item, expected: "an ISO 3166-1 alpha-2 code" };
        const upper = item.toUpperCase();
        if (COUNTRY_CODES.has(upper)) return undefined;
        return withSuggestion({ param: path, value: item, expected: "an ISO 3166-1 alpha-2 country code" }, COUNTRY_CODE_ALIASES[upper]);
      });
      if (checked.issues.length === 0) checked.value = (checked.value as string[]).map((v) => v.toUpperCase());
      return checked;
    }
    case "polygons": {
      const issues = checkPolygons(name, input);
      return issues.length > 0 ? { value: undefined, issues, warnings: [] } : ok(input);
    }
    case "int":
      return typeof input === "number" && Number.isSafeInteger(input) ? ok(input) : fail("an integer");
    case "bool":
      return typeof input === "boolean" ? ok(input) : fail("true or false");
    case "pyBool":
      if (typeof input === "boolean") return ok(input ? "True" : "False");
      if (input === "True" || input === "False") return ok(input);
      return fail('true or false (or the strings "True"/"False")', typeof input === "string" ? closest(input, ["True", "False"]) : undefined);
  }
}

/** A string or a list of strings, each non-empty and, with `values`, one of them. */
function checkStrList(name: string, input: unknown, values: readonly string[] | undefined): ParamCheck {
  return checkList(name, input, describeStrArr(values), (item, path) => {
    if (typeof item !== "string" || item.length === 0) return { param: path, value: item, expected: "a non-empty string" };
    if (values && !values.includes(item)) {
      return withSuggestion({ param: path, value: item, expected: `one of ${values.join(", ")}` }, closest(item, values));
    }
    return undefined;
  });
}

function ok(value: unknown): ParamCheck {
  return { value, issues: [], warnings: [] };
}

function withSuggestion(issue: ParamIssue, suggestion: string | undefined): ParamIssue {
  return suggestion === undefined ? issue : { ...issue, suggestion };
}

/**
 * A list parameter: a single item is accepted and sent as a one-element list. An empty list is refused:
 * the services read it inconsistently (no filter, or no rows), so the caller must say which it means.
 */
function checkList(
  name: string,
  input: unknown,
  expected: string,
  checkItem: (item: unknown, path: string) => ParamIssue | undefined,
): ParamCheck {
  const list = Array.isArray(input) ? input : [input];
  if (list.length === 0) {
    return { value: undefined, issues: [{ param: name, value: input, expected: `${expected}; an empty list filters nothing useful: leave the parameter out (or null) for no filter` }], warnings: [] };
  }
  const issues: ParamIssue[] = [];
  list.forEach((item, i) => {
    const issue = checkItem(item, Array.isArray(input) ? `${name}[${i}]` : name);
    if (issue) issues.push(issue);
  });
  return { value: issues.length === 0 ? [...list] : undefined, issues, warnings: [] };
}

function describeStr(values: readonly string[] | undefined): string {
  return values ? `one of ${values.join(", ")}` : "a string";
}

function describeStrArr(values: readonly string[] | undefined): string {
  return values ? `one or a list of ${values.join(", ")}` : "a string or a list of strings";
}

/** The calendar day `months` months before the UTC day of `now`, YYYY-MM-DD (the 31st of a shorter month is its last day). */
function monthsBefore(now: number, months: number): string {
  const today = new Date(now);
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(today.getUTCDate(), lastDay))).toISOString().slice(0, 10);
}

/**
 * Well API numbers sent as JSON integers: an integer, or a string of digits (a 14-digit API number such
 * as "42123456780000" is exact as a string), each at most 2^53 - 1 so that the integer on the wire is
 * the number the caller wrote.
 */
function checkIntegerIds(name: string, input: unknown): ParamCheck {
  const expected = "a well API number: a non-negative integer or a string of digits, at most 9007199254740991 (2^53 - 1) so that it is sent exactly";
  const checked = checkList(name, input, `${expected}, or a list of them`, (item, path) => {
    if (typeof item === "number" && Number.isSafeInteger(item) && item >= 0) return undefined;
    if (typeof item === "string" && /^\d{1,20}$/.test(item) && BigInt(item) <= BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
    return { param: path, value: item, expected };
  });
  if (checked.issues.length === 0) checked.value = (checked.value as (number | string)[]).map((v) => Number(v));
  return checked;
}

/** Zero-pads an all-digit identifier to `width` digits; anything else is sent as given. */
function padId(id: string, width: number | undefined): string {
  return width !== undefined && /^\d+$/.test(id) ? id.padStart(width, "0") : id;
}
