/**
 * The one read of a call's options (`{ signal, ndjson, batchSize }`), checked like parameters: a value
 * of any other shape is an InvalidParamsError before anything is sent.
 */
import { InvalidParamsError, type ParamIssue } from "../errors";
import { closest } from "./closest";
import { readOwnValues } from "./snapshot-params";

/** The options every client method takes (streams also take `batchSize`). */
export interface CallOptionsSnapshot {
  signal?: AbortSignal;
  ndjson?: boolean;
  batchSize?: number;
}

/** Which options a method takes. */
export type CallOptionName = keyof CallOptionsSnapshot;

/**
 * Reads a method's options once into a plain object. `undefined` and `null` mean none. Refused, as
 * {@link InvalidParamsError}: options that are not a plain object, an option the method does not take
 * (with the closest name; a method without parameters, such as `liveStatus`, says so), a `signal` that
 * is not an `AbortSignal`, an `ndjson` that is not a boolean, a `batchSize` that is not a positive integer.
 * Options set to `undefined` or `null` are left out.
 *
 * @param label how the method is named in the error (`legacy.liveStatus`)
 * @param allowed the options the method takes; default `signal` and `ndjson`
 */
export function snapshotCallOptions(
  label: string,
  options: unknown,
  allowed: readonly CallOptionName[] = ["signal", "ndjson"],
): CallOptionsSnapshot {
  const given = readOwnValues(label, options, "(options)", "call options");
  const issues: ParamIssue[] = [];
  const out: CallOptionsSnapshot = {};
  for (const [name, value] of Object.entries(given)) {
    if (value === undefined || value === null) continue;
    if (!(allowed as readonly string[]).includes(name)) {
      const suggestion = closest(name, allowed);
      issues.push({
        param: name,
        value,
        expected: `one of the options ${allowed.join(", ")} (parameters go in the first argument; a method without parameters takes only options)`,
        ...(suggestion === undefined ? {} : { suggestion }),
      });
      continue;
    }
    if (name === "signal") {
      if (isAbortSignal(value)) out.signal = value;
      else issues.push({ param: name, expected: "an AbortSignal (e.g. AbortSignal.timeout(60_000) or an AbortController's signal)" });
    } else if (name === "ndjson") {
      if (typeof value === "boolean") out.ndjson = value;
      else issues.push({ param: name, value, expected: "true or false" });
    } else if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) out.batchSize = value;
    else issues.push({ param: name, value, expected: "a positive integer" });
  }
  if (issues.length > 0) throw new InvalidParamsError(label, issues);
  return out;
}

function isAbortSignal(value: unknown): value is AbortSignal {
  try {
    return value instanceof AbortSignal;
  } catch {
    return false; // a Proxy whose getPrototypeOf trap throws
  }
}
