/**
 * Record schemas: the field list of each record type, with the type and unit of each field, in the
 * spec's order. Catalogs (natgas, lng) declare them; the frame layer reads them to type columns.
 */

/**
 * How a field is typed in a frame:
 * - `int`, `float`: numbers (a numeric string from the service is converted).
 * - `string`: text.
 * - `date`: a calendar date, normalised to YYYY-MM-DD (the service also sends M/D/YYYY in aggregated rows).
 * - `timestamp`: an instant, normalised to ISO 8601 UTC (`2024-05-01T00:00:00.000Z`).
 * - `bool`: true or false.
 * - `json`: anything else, kept as given (nested objects such as polygons).
 */
export type FieldType = "int" | "float" | "string" | "date" | "timestamp" | "bool" | "json";

/** One field of a record. */
export interface FieldSpec {
  /** The service's own field name (`gas_daily`, `forecast_run_date`). */
  readonly name: string;
  readonly type: FieldType;
  /** Unit of a measure, as the spec states it: `BCF/day`, `MCF`, `BBL`, `BBL/day`, `ft`, `%`... */
  readonly unit?: string;
  /**
   * For a gas measure: whether it is stated on a dry or a wet basis (the vendor's pages say which; wet gas
   * includes the natural gas liquids, dry gas does not). Kept beside the unit, not folded into it.
   */
  readonly basis?: "dry" | "wet";
  /** For LNG volumes: the unit is not fixed but read from this column of the same row (`volume_unit`). */
  readonly unitField?: string;
  /** Whether the spec says the value may be null (every value may be null under convention 3). */
  readonly nullable?: boolean;
  /** One line from the spec. */
  readonly description?: string;
}

/** The fields of one record type, in the spec's order. */
export interface RecordSchema {
  /** A name for messages and metadata, e.g. `natgas.v3.rigs` or `natgas.v3.rigs.aggregated`. */
  readonly name: string;
  readonly fields: readonly FieldSpec[];
}

/**
 * The columns of a frame built from records with this schema: the schema's fields first, in its order
 * (a field listed twice counts once), then the records' other names in their order; and each schema
 * field's type and unit.
 */
export function schemaColumnOrder(schema: RecordSchema | undefined, names: readonly string[]): { names: string[]; fields: Map<string, { type: FieldType; unit?: string }> } {
  const fields = new Map<string, { type: FieldType; unit?: string }>();
  const order: string[] = [];
  for (const f of schema?.fields ?? []) {
    if (fields.has(f.name)) continue;
    fields.set(f.name, f.unit === undefined ? { type: f.type } : { type: f.type, unit: f.unit });
    order.push(f.name);
  }
  for (const name of names) if (!fields.has(name)) order.push(name);
  return { names: order, fields };
}
