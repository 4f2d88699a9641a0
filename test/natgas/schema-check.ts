import { expect } from "vitest";
import type { RecordSchema } from "../../src/table/schema";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Asserts every record carries every schema field, each null or of the schema's type. */
export function expectRecordsMatchSchema(records: readonly Record<string, unknown>[], schema: RecordSchema): void {
  for (const record of records) {
    for (const f of schema.fields) {
      expect(f.name in record, `${schema.name}: field ${f.name} in ${JSON.stringify(record)}`).toBe(true);
      const v = record[f.name];
      if (v === null) continue;
      const where = `${schema.name}.${f.name} = ${JSON.stringify(v)}`;
      switch (f.type) {
        case "int":
          expect(Number.isInteger(v), where).toBe(true);
          break;
        case "float":
          expect(typeof v === "number" && Number.isFinite(v), where).toBe(true);
          break;
        case "string":
          expect(typeof v, where).toBe("string");
          break;
        case "date":
          expect(typeof v === "string" && DATE.test(v), where).toBe(true);
          break;
        case "timestamp":
          expect(typeof v, where).toBe("string");
          break;
        case "bool":
          expect(typeof v, where).toBe("boolean");
          break;
        case "json":
          break;
      }
    }
  }
}
