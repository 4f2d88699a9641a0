import type { RecordSchema } from "../../table/schema";

/** Exactly the schema's fields, in schema order; those the record lacks (v4 does not return them) are null. */
export function padToSchema(record: Record<string, unknown>, schema: RecordSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of schema.fields) out[f.name] = f.name in record ? record[f.name] : null;
  return out;
}
