/** How rows are grouped: the implicit date column, the chosen dimension columns, the summed measures. */
export interface AggregateSpec {
  readonly dateField: string;
  readonly groupFields: readonly string[];
  readonly sumFields: readonly string[];
  /** Name of a count-of-rows column to add, if any. */
  readonly countField?: string;
  /** Extra fields copied from the first row of each group (e.g. forecast_run_date). */
  readonly carryFields?: readonly string[];
}

interface Group {
  row: Record<string, unknown>;
  sums: (number | null)[];
  count: number;
  sortKey: unknown[];
}

/** A level of the grouping: the next key value's children, objects apart by their JSON text. */
interface Level {
  values: Map<unknown, Level | Group>;
  objects?: Map<string, Level | Group>;
}

/**
 * Groups rows by date plus the chosen columns and sums the measures. A measure that is null in every
 * row of a group stays null (no data is not zero); otherwise nulls are skipped. Output is ordered by
 * date, then by the group values. Two rows are in one group when their key values have the same JSON text
 * (so undefined, null, NaN and the infinities are one value, and 0 is -0).
 */
export function aggregateRows(rows: Iterable<Record<string, unknown>>, spec: AggregateSpec): Record<string, unknown>[] {
  const { dateField, groupFields, sumFields } = spec;
  const carry = spec.carryFields ?? [];
  const depth = groupFields.length;
  const sumCount = sumFields.length;
  // Nested maps, one level per key column, in place of a JSON key per row: a report's answers group hundreds
  // of thousands of rows, and building and hashing a new string for each was most of the grouping's time.
  const root: Level = { values: new Map() };
  const groups: Group[] = [];
  for (const row of rows) {
    let level = root;
    let group: Group | undefined;
    for (let i = 0; i <= depth; i++) {
      const value = row[i === 0 ? dateField : groupFields[i - 1]!];
      const isObject = typeof value === "object" && value !== null;
      const key = isObject ? JSON.stringify(value) : primitiveKey(value);
      const map = isObject ? (level.objects ??= new Map()) : level.values;
      let next = map.get(key);
      if (next === undefined) {
        if (i < depth) {
          next = { values: new Map() };
        } else {
          const out: Record<string, unknown> = {};
          for (const f of groupFields) out[f] = row[f];
          out[dateField] = row[dateField];
          for (const f of carry) out[f] = row[f];
          next = { row: out, sums: new Array<number | null>(sumCount).fill(null), count: 0, sortKey: [row[dateField], ...groupFields.map((f) => row[f])] };
          groups.push(next);
        }
        map.set(key, next);
      }
      if (i < depth) level = next as Level;
      else group = next as Group;
    }
    group!.count++;
    const sums = group!.sums;
    for (let i = 0; i < sumCount; i++) {
      const v = row[sumFields[i]!];
      if (typeof v === "number") sums[i] = (sums[i] ?? 0) + v;
    }
  }
  const out = groups.sort((a, b) => compareKeys(a.sortKey, b.sortKey));
  return out.map((g) => {
    sumFields.forEach((f, i) => {
      const s = g.sums[i]!;
      g.row[f] = s === null ? null : Number.isInteger(s) ? s : Number(s.toPrecision(10));
    });
    if (spec.countField) g.row[spec.countField] = g.count;
    return g.row;
  });
}

/** A primitive's identity as JSON.stringify of it in an array sees it: undefined, NaN and the infinities are null. */
function primitiveKey(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === "number" && !Number.isFinite(value)) return null;
  if (typeof value === "function" || typeof value === "symbol") return null;
  return value;
}

function compareKeys(a: unknown[], b: unknown[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? "";
    const y = b[i] ?? "";
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}
