import { expect } from "vitest";
import type { RecordSchema } from "../../src/table/schema";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Why `v` is not a value of schema type `type` (null is always one), or undefined when it is. */
function typeProblem(type: RecordSchema["fields"][number]["type"], v: unknown): string | undefined {
  if (v === null) return undefined;
  switch (type) {
    case "int":
      return Number.isInteger(v) ? undefined : "not an integer";
    case "float":
      return typeof v === "number" && Number.isFinite(v) ? undefined : "not a finite number";
    case "string":
    case "timestamp":
      return typeof v === "string" ? undefined : "not a string";
    case "date":
      return typeof v === "string" && DATE.test(v) ? undefined : "not a YYYY-MM-DD date";
    case "bool":
      return typeof v === "boolean" ? undefined : "not a boolean";
    default:
      return undefined;
  }
}

/**
 * Asserts every record carries every schema field, each null or of the schema's type. The checks run in
 * plain code and one expect() reports the first few misfits: an expect() per cell (and the message built
 * for each) cost seconds on the 16,000-row answers of the natgas tests.
 */
export function expectRecordsMatchSchema(records: readonly Record<string, unknown>[], schema: RecordSchema): void {
  const misfits: string[] = [];
  for (const record of records) {
    for (const f of schema.fields) {
      const problem = f.name in record ? typeProblem(f.type, record[f.name]) : "missing";
      if (problem !== undefined) misfits.push(`${schema.name}.${f.name} ${problem} in ${JSON.stringify(record)}`);
    }
    if (misfits.length >= 5) break;
  }
  expect(misfits).toEqual([]);
}
