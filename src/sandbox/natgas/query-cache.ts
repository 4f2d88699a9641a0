/**
 * Recently built answers by query key, so the pages of one paginated query (and a benchmark fetching
 * 100 pages at once) do not re-scan the data for every page. Small and bounded: oldest entry evicted.
 */
export class QueryCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly capacity = 16) {}

  /** The cached value of `key`, or the value `build()` returns (then cached). */
  get(key: string, build: () => T): T {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const value = build();
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }
}
