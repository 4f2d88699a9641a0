/**
 * A small JSON Schema (draft-07) checker covering the keywords the Vega-Lite v5 schema uses:
 * $ref, anyOf, type, properties, additionalProperties, required, enum, const, items, minItems, maxItems,
 * minimum, maximum, minLength, maxLength, minProperties. (`format` and `description` are annotations.)
 */
type Schema = boolean | Record<string, unknown>;

export interface SchemaIssue {
  path: string;
  message: string;
}

export function validateAgainst(root: Record<string, unknown>, value: unknown): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  check(root, root, value, "$", issues);
  return issues;
}

function resolveRef(root: Record<string, unknown>, ref: string): Schema {
  if (!ref.startsWith("#/")) throw new Error(`unsupported $ref ${ref}`);
  let node: unknown = root;
  for (const part of ref.slice(2).split("/")) node = (node as Record<string, unknown>)[decodeURIComponent(part.replace(/~1/g, "/").replace(/~0/g, "~"))];
  if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
  return node as Schema;
}

function typeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

function typeMatches(expected: string, v: unknown): boolean {
  const actual = typeOf(v);
  return expected === actual || (expected === "number" && actual === "integer");
}

function check(root: Record<string, unknown>, schema: Schema, v: unknown, path: string, issues: SchemaIssue[]): void {
  if (schema === true) return;
  if (schema === false) {
    issues.push({ path, message: "not allowed" });
    return;
  }
  if (typeof schema.$ref === "string") {
    check(root, resolveRef(root, schema.$ref), v, path, issues);
    return;
  }
  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf.map((s) => {
      const sub: SchemaIssue[] = [];
      check(root, s as Schema, v, path, sub);
      return sub;
    });
    if (!branches.some((b) => b.length === 0)) {
      const best = branches.reduce((a, b) => (b.length < a.length ? b : a));
      issues.push({ path, message: `matches no anyOf branch (closest: ${best.map((i) => `${i.path} ${i.message}`).slice(0, 3).join("; ")})` });
    }
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((t) => typeMatches(t, v))) {
      issues.push({ path, message: `expected ${types.join("|")}, got ${typeOf(v)}` });
      return;
    }
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(v))) {
    issues.push({ path, message: `not one of ${JSON.stringify(schema.enum).slice(0, 80)}` });
  }
  if ("const" in schema && JSON.stringify(schema.const) !== JSON.stringify(v)) {
    issues.push({ path, message: `expected const ${JSON.stringify(schema.const)}` });
  }
  if (typeof v === "number") {
    if (typeof schema.minimum === "number" && v < schema.minimum) issues.push({ path, message: `below minimum ${schema.minimum}` });
    if (typeof schema.maximum === "number" && v > schema.maximum) issues.push({ path, message: `above maximum ${schema.maximum}` });
  }
  if (typeof v === "string") {
    if (typeof schema.minLength === "number" && v.length < schema.minLength) issues.push({ path, message: "too short" });
    if (typeof schema.maxLength === "number" && v.length > schema.maxLength) issues.push({ path, message: "too long" });
  }
  if (Array.isArray(v)) {
    if (typeof schema.minItems === "number" && v.length < schema.minItems) issues.push({ path, message: `fewer than ${schema.minItems} items` });
    if (typeof schema.maxItems === "number" && v.length > schema.maxItems) issues.push({ path, message: `more than ${schema.maxItems} items` });
    if (schema.items !== undefined) {
      if (Array.isArray(schema.items)) schema.items.forEach((s, i) => i < v.length && check(root, s as Schema, v[i], `${path}[${i}]`, issues));
      else v.forEach((item, i) => check(root, schema.items as Schema, item, `${path}[${i}]`, issues));
    }
  }
  if (typeOf(v) === "object") {
    const obj = v as Record<string, unknown>;
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    for (const req of (schema.required ?? []) as string[]) if (!(req in obj)) issues.push({ path, message: `missing required ${req}` });
    if (typeof schema.minProperties === "number" && Object.keys(obj).length < schema.minProperties) issues.push({ path, message: "too few properties" });
    for (const [k, item] of Object.entries(obj)) {
      if (k in props) check(root, props[k]!, item, `${path}.${k}`, issues);
      else if (schema.additionalProperties === false) issues.push({ path, message: `unexpected property ${k}` });
      else if (typeof schema.additionalProperties === "object") check(root, schema.additionalProperties as Schema, item, `${path}.${k}`, issues);
    }
  }
}
