/**
 * The one read of a caller's parameters: a plain copy taken at the entry point, so that validation and
 * the request both see the same values (a getter or a Proxy is read once, never again), and so that a
 * value of any shape becomes an InvalidParamsError instead of an error escaping from inside the client.
 */
import { InvalidParamsError, type ParamIssue } from "../errors";

/** Deeper than any parameter the services take (polygons are 4 levels): a deeper value is refused, not walked. */
const MAX_DEPTH = 32;

/** A plain copy of request parameters: own enumerable string keys, values copied deeply. */
export type ParamsSnapshot = Record<string, unknown>;

/**
 * Reads `params` exactly once into a plain object and returns it.
 *
 * - `undefined` and `null` mean "no parameters": `{}`.
 * - Accepted: an object whose prototype is `Object.prototype` or `null`, frozen or not. Its own
 *   enumerable string keys are read once each (symbol keys are not parameters and are skipped).
 * - Values are copied deeply: strings, finite or not numbers, booleans, null, undefined, lists and
 *   plain objects, and `Date` (copied by its time).
 * - Refused, every problem at once, as {@link InvalidParamsError} naming the parameter: a params value
 *   that is not an object (a number, a string, a list, a function...), an instance of a class (a Map,
 *   a class of your own: its prototype's properties would be silently missed), an object whose reading
 *   throws (a Proxy, a getter), and values that are functions, symbols, BigInts, cyclic or nested more
 *   than 32 levels deep.
 *
 * @param label how the endpoint is named in the error (`natgas.v3.rigs`)
 */
export function snapshotParams(label: string, params: unknown): ParamsSnapshot {
  const read = readOwnValues(label, params, "(params)", "named parameters");
  const issues: ParamIssue[] = [];
  const out: ParamsSnapshot = {};
  for (const [key, value] of Object.entries(read)) define(out, key, copyValue(key, value, [], issues));
  if (issues.length > 0) throw new InvalidParamsError(label, issues);
  return out;
}

/**
 * The first, shallow half of {@link snapshotParams}, shared with call options: the object's own
 * enumerable string keys, each value read once and kept as it is. `undefined` and `null` give `{}`.
 *
 * @param param how the whole object is named in an issue (`(params)`, `(options)`)
 * @param noun what the object holds, for the message (`named parameters`)
 */
export function readOwnValues(label: string, input: unknown, param: string, noun: string): Record<string, unknown> {
  if (input === undefined || input === null) return {};
  const shape = describeShape(input, true);
  if (shape !== undefined) {
    throw new InvalidParamsError(label, [{ param, value: printable(input), expected: `an object of ${noun} (got ${shape})` }]);
  }
  let entries: Entry[];
  try {
    entries = readEntries(input as object);
  } catch (err) {
    throw new InvalidParamsError(label, [{ param, expected: `an object whose ${noun} can be read (reading it threw: ${reason(err)})` }]);
  }
  const issues: ParamIssue[] = [];
  const out: Record<string, unknown> = {};
  for (const { key, value, failure } of entries) {
    if (failure !== undefined) issues.push({ param: key, expected: `a value that can be read (reading it threw: ${failure})` });
    else define(out, key, value);
  }
  if (issues.length > 0) throw new InvalidParamsError(label, issues);
  return out;
}

/**
 * `undefined` when `value` may be a params object (a plain object, frozen or not, or with a null
 * prototype); otherwise what it is, for the message. With `top`, a list is refused too.
 */
function describeShape(value: unknown, top: boolean): string | undefined {
  if (typeof value === "bigint") return "a BigInt";
  if (typeof value === "symbol") return "a symbol";
  if (typeof value === "function") return "a function";
  if (typeof value !== "object" || value === null) return top ? `a ${typeof value}` : undefined;
  try {
    if (Array.isArray(value)) return top ? "a list" : undefined;
    const proto = Object.getPrototypeOf(value) as object | null;
    if (proto === null || proto === Object.prototype) return undefined;
    if (!top && value instanceof Date) return undefined;
    const name = (proto as { constructor?: { name?: unknown } }).constructor?.name;
    return typeof name === "string" && name !== "" ? `an instance of ${name}` : "an object that is not a plain object";
  } catch (err) {
    return `an object that cannot be inspected (${reason(err)})`;
  }
}

/** One own property as read: its value, or why reading it threw. Never tested with `instanceof` (the value may be a Proxy). */
type Entry = { key: string; value: unknown; failure?: undefined } | { key: string; value?: undefined; failure: string };

/** Own enumerable string keys, each value read once; a getter that throws is recorded, not rethrown. */
function readEntries(obj: object): Entry[] {
  const out: Entry[] = [];
  for (const key of Reflect.ownKeys(obj)) {
    if (typeof key !== "string") continue;
    const desc = Reflect.getOwnPropertyDescriptor(obj, key);
    if (desc === undefined || !desc.enumerable) continue;
    if ("value" in desc) out.push({ key, value: desc.value });
    else {
      try {
        out.push({ key, value: desc.get === undefined ? undefined : desc.get.call(obj) });
      } catch (err) {
        out.push({ key, failure: reason(err) });
      }
    }
  }
  return out;
}

function copyValue(path: string, value: unknown, stack: object[], issues: ParamIssue[]): unknown {
  const shape = describeShape(value, false);
  if (shape !== undefined) {
    issues.push({ param: path, value: printable(value), expected: `a string, number, boolean, list or plain object (got ${shape})` });
    return undefined;
  }
  if (value === null || typeof value !== "object") return value;
  if (stack.includes(value)) {
    issues.push({ param: path, expected: "a value without cycles (it contains itself)" });
    return undefined;
  }
  if (stack.length >= MAX_DEPTH) {
    issues.push({ param: path, expected: `a value nested at most ${MAX_DEPTH} levels deep` });
    return undefined;
  }
  const before = issues.length;
  try {
    if (value instanceof Date) return new Date(Date.prototype.getTime.call(value));
    stack.push(value);
    if (Array.isArray(value)) {
      const length = (value as unknown[]).length;
      const copy = new Array<unknown>(length);
      for (let i = 0; i < length; i++) copy[i] = copyValue(`${path}[${i}]`, (value as unknown[])[i], stack, issues);
      return issues.length === before ? copy : undefined;
    }
    const copy: Record<string, unknown> = {};
    for (const { key, value: read, failure } of readEntries(value)) {
      if (failure !== undefined) issues.push({ param: `${path}.${key}`, expected: `a value that can be read (reading it threw: ${failure})` });
      else define(copy, key, copyValue(`${path}.${key}`, read, stack, issues));
    }
    return issues.length === before ? copy : undefined;
  } catch (err) {
    issues.push({ param: path, expected: `a value that can be read (reading it threw: ${reason(err)})` });
    return undefined;
  } finally {
    if (stack[stack.length - 1] === value) stack.pop();
  }
}

/** Sets an own data property, also for a key such as `__proto__` (plain assignment would set the prototype). */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A value safe to keep in an issue: primitives as they are, anything else by its kind only (it may be hostile). */
function printable(value: unknown): unknown {
  if (typeof value === "bigint") return `${value.toString()}n`;
  if (typeof value === "symbol") return "(a symbol)";
  if (typeof value === "function") return "(a function)";
  if (typeof value === "object" && value !== null) return undefined;
  return value;
}

function reason(err: unknown): string {
  try {
    const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    return text.length > 120 ? `${text.slice(0, 117)}...` : text;
  } catch {
    return "an error that cannot be shown";
  }
}
