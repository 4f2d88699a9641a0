/**
 * v3's aggregation, rebuilt on the client for v3 queries run on v4 endpoints whose grouping differs:
 * rows grouped by their date and the chosen columns, measures summed.
 */

/** How rows are grouped. */
export interface GroupSpec {
  /** The date column; rows are always grouped by it (spec convention 6). */
  readonly dateField: string;
  /** The other grouping columns, in aggregate_by order. */
  readonly groupFields: readonly string[];
  /** Summed columns. */
  readonly sumFields: readonly string[];
  /** Columns copied from a group's first row (e.g. forecast_run_date). */
  readonly carryFields?: readonly string[];
}

/**
 * Groups rows incrementally (feed batches with `add`, memory bounded by the number of groups) and
 * returns them ordered by date, then by the grouping columns. A measure null in every row of a group
 * stays null (no data is not zero); otherwise nulls are skipped. Sums are rounded to 15 significant
 * digits to drop binary noise.
 */
export class RowGrouper {
  private readonly groups = new Map<string, { row: Record<string, unknown>; sortKey: string[] }>();

  constructor(private readonly spec: GroupSpec) {}

  /** Adds rows to their groups. */
  add(rows: Iterable<Record<string, unknown>>): void {
    const { dateField, groupFields, sumFields, carryFields = [] } = this.spec;
    for (const row of rows) {
      const keyValues = [row[dateField], ...groupFields.map((f) => row[f])].map((v) => (v === null || v === undefined ? "" : String(v)));
      const key = JSON.stringify(keyValues);
      let group = this.groups.get(key);
      if (!group) {
        const out: Record<string, unknown> = {};
        for (const f of groupFields) out[f] = row[f] ?? null;
        out[dateField] = row[dateField] ?? null;
        for (const f of carryFields) out[f] = row[f] ?? null;
        for (const f of sumFields) out[f] = null;
        group = { row: out, sortKey: keyValues };
        this.groups.set(key, group);
      }
      for (const f of sumFields) {
        const v = row[f];
        if (typeof v === "number") group.row[f] = ((group.row[f] as number | null) ?? 0) + v;
      }
    }
  }

  /** The grouped rows, ordered by date then grouping columns. */
  rows(): Record<string, unknown>[] {
    const sorted = [...this.groups.values()].sort((a, b) => compare(a.sortKey, b.sortKey));
    return sorted.map(({ row }) => {
      for (const f of this.spec.sumFields) if (typeof row[f] === "number") row[f] = Number((row[f] as number).toPrecision(15));
      return row;
    });
  }
}

function compare(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i]! < b[i]!) return -1;
    if (a[i]! > b[i]!) return 1;
  }
  return 0;
}
