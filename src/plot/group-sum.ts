/** Sums of a measure per group key, keeping "no value" apart from zero. */
export class GroupSum<K> {
  private readonly sums = new Map<string, { key: K; sum: number | null; rows: number }>();

  /** Adds `value` to the group of `key` (its identity is `id`). A null value counts the row but not the sum. */
  add(id: string, key: K, value: number | null): void {
    const cur = this.sums.get(id) ?? { key, sum: null, rows: 0 };
    cur.rows += 1;
    if (value !== null) cur.sum = (cur.sum ?? 0) + value;
    this.sums.set(id, cur);
  }

  /** Every group: its key, the sum (null when every value was missing) and the rows it holds. */
  groups(): { key: K; sum: number | null; rows: number }[] {
    return [...this.sums.values()];
  }
}
