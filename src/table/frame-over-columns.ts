/**
 * A danfo DataFrame made straight from column arrays, its row copy built only when something reads it.
 *
 * danfo 1.x keeps every frame twice: as rows (`$data`: `values`, `groupby`, `toJSON`, printing, `head`
 * and most operations read it) and as columns (`$dataIncolumnFormat`: column access such as `df["a"]`
 * reads it). For a million rows of twelve values the rows are a million small arrays and a boxed number
 * per float cell, about 200 MB of fresh memory: most of what building a frame costs. Until the rows are
 * read the frame answers `shape` from its columns; the first read of `$data` (through any danfo
 * operation) builds them from the columns as they are then, and from there on the frame is exactly
 * what danfo's own constructor would have made.
 */
import type { DataFrame } from "danfojs-node";
import { loadDanfo } from "./load-danfo";
import { rowsOfColumns } from "./rows-of-columns";

/** The danfo 1.x internals this relies on (pinned by test/table/frame-over-columns.test.ts). */
interface DanfoStore {
  $data: unknown;
  $dataIncolumnFormat: unknown[][];
  $index: unknown[];
  $config?: { isLowMemoryMode?: boolean };
}

/** Frames whose rows are not built yet, with their row count. */
const pendingRows = new WeakMap<object, number>();

/** Frames with a column of these names get their own property of that name from danfo: no deferral. */
const OWN_PROPERTIES = new Set(["$data", "shape"]);

/** `$data` becomes the plain property danfo's constructor makes, and `shape` danfo's again. */
function settle(frame: object, rows: unknown): void {
  pendingRows.delete(frame);
  delete (frame as { shape?: unknown }).shape;
  Object.defineProperty(frame, "$data", { value: rows, writable: true, enumerable: true, configurable: true });
}

const deferredData: PropertyDescriptor = {
  configurable: true,
  enumerable: true,
  get(this: DanfoStore): unknown {
    const n = pendingRows.get(this);
    // Built from the columns as they are now: danfo changes both copies only through `$data`'s setter
    // (`$setValues`) or after reading `$data` (`$setColumnData`), so the columns are still the frame's data.
    const rows = n === undefined ? [] : rowsOfColumns(this.$dataIncolumnFormat, n);
    settle(this, rows);
    return rows;
  },
  set(this: object, rows: unknown): void {
    settle(this, rows);
  },
};

const deferredShape: PropertyDescriptor = {
  configurable: true,
  enumerable: false,
  get(this: DanfoStore): number[] {
    return [pendingRows.get(this) ?? 0, this.$dataIncolumnFormat.length];
  },
};

/** 0..n-1, as danfo's default index (its own `range` pushes one at a time). */
function rangeIndex(n: number): number[] {
  const index = new Array<number>(n);
  for (let i = 0; i < n; i++) index[i] = i;
  return index;
}

function isDanfoStore(x: object): x is DanfoStore {
  const f = x as Partial<DanfoStore>;
  return Array.isArray(f.$data) && f.$data.length === 0 && Array.isArray(f.$dataIncolumnFormat) && Array.isArray(f.$index) && f.$config?.isLowMemoryMode === false;
}

/**
 * A DataFrame holding these columns as its column copy (no copy made: the arrays become the frame's) and
 * building its rows on first use. The caller guarantees `n > 0`, plain arrays of length `n`, distinct
 * names and danfo dtype labels.
 * @param names the column names, in order.
 * @param columns one plain array per name.
 * @param dtypes danfo's dtype label per column.
 * @param n the number of rows.
 */
export function frameOverColumns(names: readonly string[], columns: unknown[][], dtypes: string[], n: number): DataFrame {
  const dfd = loadDanfo();
  if (names.some((name) => OWN_PROPERTIES.has(name))) return frameWithRows(names, columns, dtypes, n);
  // An empty frame has danfo check the names and dtypes and define the column accessors (`df.a`); the
  // data goes in afterwards.
  const df = new dfd.DataFrame([], { columns: [...names], dtypes: [...dtypes] });
  const store: object = df;
  if (!isDanfoStore(store)) return frameWithRows(names, columns, dtypes, n);
  store.$index = rangeIndex(n);
  store.$dataIncolumnFormat = columns;
  pendingRows.set(store, n);
  Object.defineProperty(store, "shape", deferredShape);
  Object.defineProperty(store, "$data", deferredData);
  return df;
}

/** Whether the frame's rows are still to be built (for tests and the bench). */
export function rowsPending(frame: object): boolean {
  return pendingRows.has(frame);
}

interface Patchable {
  $dataIncolumnFormat?: unknown;
  $config?: { lowMemoryMode?: unknown };
}

/**
 * The same frame with its rows built now (when the internals are not where expected, or a column name
 * would clash with the deferral).
 */
export function frameWithRows(names: readonly string[], columns: unknown[][], dtypes: string[], n: number): DataFrame {
  const dfd = loadDanfo();
  const df = new dfd.DataFrame(rowsOfColumns(columns, n), { columns: [...names], dtypes: [...dtypes], config: { lowMemoryMode: true } });
  const internals = df as unknown as Patchable;
  // Low memory mode skips danfo's transpose; the columns already made are then handed over. When the
  // internals are not where expected the frame stays in low memory mode, which danfo supports publicly.
  if ("$dataIncolumnFormat" in internals && internals.$config !== undefined && "lowMemoryMode" in internals.$config) {
    internals.$dataIncolumnFormat = columns;
    internals.$config.lowMemoryMode = false;
  }
  return df;
}
