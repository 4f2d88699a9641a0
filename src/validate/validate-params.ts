/**
 * The validation engine shared by every client: a request's parameters checked against the endpoint's
 * catalog entry before anything is sent.
 */
import { InvalidParamsError, type ParamIssue } from "../errors";
import type { EndpointSpec, ParamSpec } from "../catalog/types";
import { checkParam } from "./check-param";
import { closest } from "./closest";
import { timestampMs } from "./dates";
import { snapshotParams } from "./snapshot-params";

/** Parameters ready for the wire, and warnings that do not stop the request. */
export interface ValidatedParams {
  /** The request body: only the parameters given, each normalised (single strings -> lists, ids -> strings, timestamps -> UTC). */
  body: Record<string, unknown>;
  /** Problems that do not stop the request (an IMO number with a wrong check digit). */
  warnings: string[];
}

/** `natgas.v3.rigs`: how an endpoint is named in errors and warnings. */
export function endpointLabel(spec: EndpointSpec): string {
  return `${spec.service}.${spec.version}.${spec.method}`;
}

/**
 * Validates `params` for `spec` and returns the request body.
 *
 * Throws {@link InvalidParamsError} listing every problem at once: unknown parameters (with the
 * closest valid name), wrong types, values outside the documented sets (with the closest valid value),
 * dates that are not real YYYY-MM-DD calendar dates, timestamps that are not ISO 8601, malformed
 * polygons, unknown country codes, missing required parameters (with how to get a value), and ranges
 * whose start is after their end.
 *
 * `null` and `undefined` mean "absent": the parameter is not sent. An unknown name whose value is
 * null or undefined is ignored too (it could not change the answer). `params` itself may be
 * undefined or null (no parameters). `params` is read exactly once, into a plain copy
 * (`snapshotParams`): a Proxy, a throwing getter, a class instance or a value that is a function,
 * symbol, BigInt or cyclic is an InvalidParamsError too, and a getter cannot change what is sent.
 * `options.clock` (epoch ms, default `Date.now`) is today for the checks relative to it.
 */
export function validateParams(spec: EndpointSpec, params: unknown, options: { clock?: () => number } = {}): ValidatedParams {
  const now = (options.clock ?? Date.now)();
  const label = endpointLabel(spec);
  const given = snapshotParams(label, params);
  const known = new Map<string, ParamSpec>(spec.params.map((p) => [p.name, p]));
  const issues: ParamIssue[] = [];
  const warnings: string[] = [];
  const body: Record<string, unknown> = {};

  for (const [name, value] of Object.entries(given)) {
    if (value === undefined || value === null) continue;
    const p = known.get(name);
    if (p === undefined) {
      const suggestion = closest(name, known.keys());
      const expected = spec.params.length === 0 ? `no parameters (${label} takes none)` : `one of the parameters ${[...known.keys()].join(", ")}`;
      issues.push({ param: name, value, expected, ...(suggestion === undefined ? {} : { suggestion }) });
      continue;
    }
    const checked = checkParam(p, value, now);
    issues.push(...checked.issues);
    warnings.push(...checked.warnings);
    if (checked.issues.length === 0) body[name] = checked.value;
  }

  for (const p of spec.params) {
    if (p.required && (given[p.name] === undefined || given[p.name] === null)) {
      issues.push({ param: p.name, expected: `a value: ${p.name} is required${p.requiredHint ? ` (${p.requiredHint})` : ""}` });
    }
  }

  for (const range of spec.ranges ?? []) {
    const start = body[range.start];
    const end = body[range.end];
    let inOrder: boolean;
    if (typeof start === "number" && typeof end === "number") inOrder = start <= end;
    else if (typeof start === "string" && typeof end === "string") {
      const isTimestamp = known.get(range.start)?.type.kind === "timestamp";
      inOrder = isTimestamp ? timestampMs(start) <= timestampMs(end) : start <= end;
    } else continue;
    if (!inOrder) {
      issues.push({ param: range.start, value: given[range.start], expected: `${range.start} <= ${range.end} (${range.end} = ${JSON.stringify(given[range.end])})` });
    }
  }

  if (issues.length > 0) throw new InvalidParamsError(label, issues);
  return { body, warnings };
}
