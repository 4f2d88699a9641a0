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

/**
 * Groups rows by date plus the chosen columns and sums the measures. A measure that is null in every
 * row of a group stays null (no data is not zero); otherwise nulls are skipped. Output is ordered by
 * date, then by the group values.
 */
export function aggregateRows(rows: Iterable<Record<string, unknown>>, spec: AggregateSpec): Record<string, unknown>[] {
  const groups = new Map<string, { row: Record<string, unknown>; sums: (number | null)[]; count: number; sortKey: unknown[] }>();
  for (const row of rows) {
    const keyValues = [row[spec.dateField], ...spec.groupFields.map((f) => row[f])];
    const key = JSON.stringify(keyValues);
    let group = groups.get(key);
    if (!group) {
      const out: Record<string, unknown> = {};
      for (const f of spec.groupFields) out[f] = row[f];
      out[spec.dateField] = row[spec.dateField];
      for (const f of spec.carryFields ?? []) out[f] = row[f];
      group = { row: out, sums: spec.sumFields.map(() => null), count: 0, sortKey: keyValues };
      groups.set(key, group);
    }
    group.count++;
    spec.sumFields.forEach((f, i) => {
      const v = row[f];
      if (typeof v === "number") group.sums[i] = (group.sums[i] ?? 0) + v;
    });
  }
  const out = [...groups.values()].sort((a, b) => compareKeys(a.sortKey, b.sortKey));
  return out.map((g) => {
    spec.sumFields.forEach((f, i) => {
      const s = g.sums[i];
      g.row[f] = s === null ? null : Number.isInteger(s) ? s : Number(s.toPrecision(10));
    });
    if (spec.countField) g.row[spec.countField] = g.count;
    return g.row;
  });
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
