/**
 * A frame's rows as danfo reads a few of them (`head()`, `iloc`, printing): an array whose rows are made
 * as each is read, until the reads are many or not by position.
 */

/** Reads by position past which every row is made at once (a row made alone costs more than in bulk). */
export const FEW_ROWS = 4096;

/** The position a property key names, or -1 (`"7"` is 7; `"07"`, `"-1"`, `"1.5"`, `"length"` are not). */
function positionOf(key: string | symbol, n: number): number {
  if (typeof key !== "string" || key.length === 0 || key.length > 16) return -1;
  const c = key.charCodeAt(0);
  if (c < 48 || c > 57) return -1;
  const i = Number(key);
  return Number.isInteger(i) && i < n && String(i) === key ? i : -1;
}

/**
 * An array of `n` rows (`Array.isArray` holds) whose row i is `rowAt(i)`, made each time it is read.
 * Anything else asked of it (a method, iteration, a key list, a change, more than a few thousand rows
 * read) is answered by the array `allRows()` returns, asked once: the caller's rows, made whole.
 * @param n the number of rows.
 * @param rowAt makes row i.
 * @param allRows makes (or gives) all the rows.
 */
export function lazyRows(n: number, rowAt: (i: number) => unknown[], allRows: () => unknown[]): unknown[] {
  let whole: unknown[] | undefined;
  let reads = 0;
  const rows = (): unknown[] => (whole ??= allRows());
  return new Proxy<unknown[]>([], {
    get(_, key) {
      if (whole === undefined) {
        if (key === "length") return n;
        const i = positionOf(key, n);
        if (i >= 0 && ++reads <= FEW_ROWS) return rowAt(i);
      }
      const all = rows();
      const value: unknown = Reflect.get(all, key);
      // A method runs on the rows themselves, not through this proxy a row at a time.
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(all) : value;
    },
    set: (_, key, value) => Reflect.set(rows(), key, value),
    has: (_, key) => Reflect.has(rows(), key),
    ownKeys: () => Reflect.ownKeys(rows()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(rows(), key),
    defineProperty: (_, key, desc) => Reflect.defineProperty(rows(), key, desc),
    deleteProperty: (_, key) => Reflect.deleteProperty(rows(), key),
  });
}
