/**
 * fast-check arbitraries of parameters for one endpoint: valid values of each parameter's kind mixed
 * with adversarial ones (wrong types, huge strings, NaN, invalid dates, broken polygons, deeply nested
 * arrays, prototype-pollution keys, unknown keys, non-object params).
 */
import fc from "fast-check";
import type { EndpointSpec, ParamKind } from "../../../src/catalog";

const HUGE = "x".repeat(100_000);

/** An array nested `depth` deep: [[[...["west"]...]]]. */
function nested(depth: number): unknown {
  let v: unknown = ["west"];
  for (let i = 0; i < depth; i++) v = [v];
  // fast-check would recurse as deep to print a counterexample; give it a short name instead.
  Object.defineProperty(v, fc.toStringMethod, { value: () => `nested(${depth})`, enumerable: false });
  return v;
}

const closedRing = [
  [-95, 29],
  [-94, 29],
  [-94, 30],
  [-95, 29],
];

/** Values that are wrong for almost any parameter. */
export const adversarial: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    NaN,
    Infinity,
    -Infinity,
    -0,
    null,
    undefined,
    "",
    " ",
    HUGE,
    "2023-02-29",
    "2024-13-01",
    "2024-00-10",
    "0000-00-00",
    "2024-1-1",
    "2024-02-30T00:00:00Z",
    "not a date",
    "\u0000",
    "\ud800",
    "🔥",
    "<script>alert(1)</script>",
    "'; DROP TABLE wells; --",
    "../../etc/passwd",
    "__proto__",
    { __proto__: { polluted: true } },
    JSON.parse('{"__proto__": {"polluted": true}}'),
    Object.create(null),
    new Date("invalid"),
    new Date(0),
    BigInt(12345),
    Symbol("s"),
    () => "f",
    new Map([["a", 1]]),
    nested(10_000),
    [[["a"]]],
    [NaN],
    [Infinity, -1, 2 ** 60],
    [[[[NaN, 29], [-94, 29], [-94, 30], [NaN, 29]]]],
    [[[[-95, 29], [-94, 29], [-94, 30]]]],
    [[[[-500, 29], [-94, 95], [-94, 30], [-500, 29]]]],
    [[closedRing, "ring"]],
    [[]],
    [],
    new Array(5),
    Array.from({ length: 5_000 }, (_, i) => `v${i}`),
  ),
  fc.anything({ maxDepth: 3, withBigInt: true, withNullPrototype: true, withObjectString: true, withSparseArray: true, withBoxedValues: true }),
  fc.string({ maxLength: 40 }),
  fc.double(),
  fc.integer(),
);

/** Values that are valid, or nearly so, for a parameter of this kind. */
function plausible(kind: ParamKind): fc.Arbitrary<unknown> {
  switch (kind.kind) {
    case "strArr":
      return kind.values && kind.values.length > 0
        ? fc.oneof(fc.constantFrom(...kind.values), fc.uniqueArray(fc.constantFrom(...kind.values), { maxLength: 3 }))
        : fc.oneof(fc.constantFrom("west", "Reeves", "Texas"), fc.array(fc.string({ maxLength: 12 }), { maxLength: 3 }));
    case "str":
      return kind.values && kind.values.length > 0 ? fc.constantFrom(...kind.values, kind.values[0]!.toUpperCase()) : fc.string({ maxLength: 12 });
    case "date":
      return fc.oneof(
        fc.date({ min: new Date("2019-01-01"), max: new Date("2027-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
        fc.constantFrom("2024-02-29", "2023-02-28"),
      );
    case "timestamp":
      return fc.oneof(
        fc.date({ min: new Date("2019-01-01"), max: new Date("2027-12-31"), noInvalidDate: true }).map((d) => d.toISOString()),
        fc.constantFrom("2024-06-01", "2024-06-01T12:00:00+02:00", "2024-06-01 12:00:00+00"),
      );
    case "idArr":
      return fc.oneof(fc.constantFrom("42123456780000", 4212345678), fc.array(fc.stringMatching(/^\d{10,14}$/), { maxLength: 3 }));
    case "intArr":
      return fc.oneof(fc.constantFrom([9321483], 9321483), fc.array(fc.integer({ min: 1_000_000, max: 9_999_999 }), { maxLength: 3 }));
    case "countryCodes":
      return fc.oneof(fc.constantFrom("US", "QA", ["US", "AU"], "us", "XX"), fc.array(fc.stringMatching(/^[A-Z]{2}$/), { maxLength: 3 }));
    case "polygons":
      return fc.constantFrom([[closedRing]], [closedRing]);
    case "int":
      return fc.integer({ min: -5, max: 100_000 });
    case "bool":
      return fc.boolean();
    case "pyBool":
      return fc.oneof(fc.boolean(), fc.constantFrom("True", "False", "true"));
  }
}

const STRANGE_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "pagination", "", "region ", "REGION"];

/** Params for `spec`: usually an object of known and strange keys, sometimes not an object at all. */
export function paramsFor(spec: EndpointSpec): fc.Arbitrary<unknown> {
  const names = spec.params.map((p) => p.name);
  const entry: fc.Arbitrary<[string, unknown]> =
    names.length > 0
      ? fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...spec.params).chain((p) => fc.oneof({ weight: 3, arbitrary: plausible(p.type) }, adversarial).map((v): [string, unknown] => [p.name, v])) },
          { weight: 1, arbitrary: fc.tuple(fc.oneof(fc.constantFrom(...STRANGE_KEYS), fc.string({ maxLength: 10 })), adversarial) },
        )
      : fc.tuple(fc.oneof(fc.constantFrom(...STRANGE_KEYS), fc.string({ maxLength: 10 })), adversarial);
  const object = fc.array(entry, { maxLength: 5 }).map(ownObject);
  return fc.oneof({ weight: 6, arbitrary: object }, { weight: 1, arbitrary: adversarial }, { weight: 1, arbitrary: fc.constantFrom(undefined, null, {}) });
}

/** An object with these own enumerable properties; `__proto__` stays an own key, never the prototype. */
function ownObject(entries: [string, unknown][]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  return o;
}
