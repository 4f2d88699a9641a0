/**
 * A danfo DataFrame made straight from columns, its plain-array copies made only when something reads them.
 *
 * danfo 1.x keeps every frame twice: as rows (`$data`: `values`, `groupby`, `toJSON`, printing, `head`
 * and most operations read it) and as plain column arrays (`$dataIncolumnFormat`: column access such as
 * `df["a"]` reads it). For a million rows of twelve values the rows are a million small arrays and a
 * boxed number per float cell (about 200 MB of fresh memory) and the columns another 100 MB: most of
 * what building a frame costs, even when a notebook then reads two columns. Here a column may be given
 * as a Float64Array or dictionary codes (already checked and converted), made into its plain array the
 * first time danfo reads that column, and the rows are built from the columns (read where they are) the
 * first time danfo reads `$data`. Until then the frame answers `shape` from the counts; from then on
 * `$data` and `shape` are danfo's own, as its constructor makes them. `head()`, `tail()`, `iloc`, `loc`,
 * `print()` and a notebook's display read only the rows they show, made one at a time, and leave the
 * frame without rows. `console.log` of the frame (or its column array) makes everything first, so it
 * shows as before.
 */
import { inspect } from "node:util";
import type { DataFrame } from "danfojs-node";
import { loadDanfo } from "./load-danfo";
import { arrayOfCodes, arrayOfDoubles } from "./plain-arrays";
import { rowOfColumns, rowsOfColumns, type RowSource } from "./rows-of-columns";
import type { CodedColumn } from "../table/column";
import { FEW_ROWS, lazyRows } from "./lazy-rows";
import { rowsAsked } from "./rows-asked";
import { JUPYTER_DISPLAY } from "../io/table-display";

/**
 * A column: its plain array, or the numbers or dictionary codes its plain array is made from on first
 * read (the values already checked and converted).
 */
export type FrameColumnData = unknown[] | Float64Array | Pick<CodedColumn, "codes" | "dict">;

/** The plain array of a column. */
function plain(c: FrameColumnData): unknown[] {
  if (Array.isArray(c)) return c;
  return c instanceof Float64Array ? arrayOfDoubles(c) : arrayOfCodes(c.codes, c.dict);
}

/** The danfo 1.x internals this relies on (pinned by test/table/frame-over-columns.test.ts). */
interface DanfoStore {
  $data: unknown;
  $dataIncolumnFormat: unknown[][];
  $index: unknown[];
  $config?: { isLowMemoryMode?: boolean };
}

/** Frames whose rows are not built yet: rows x columns. */
const pending = new WeakMap<object, readonly [number, number]>();

/**
 * Column arrays (danfo's `$dataIncolumnFormat`) of frames whose rows are not built yet, with the columns
 * the rows will be built from. The rows are read from these, never from the plain arrays danfo was
 * handed: danfo changes a column array in place in places (`dropDuplicates({ keep: "last" })` reverses
 * it), and its own constructor's rows are a copy such a change does not reach.
 */
const sources = new WeakMap<readonly unknown[], readonly FrameColumnData[]>();

/** The columns rows are read from (no plain array made for them). */
function rowSources(store: readonly unknown[]): RowSource[] {
  return (sources.get(store) ?? store) as RowSource[];
}

/** Frames with a column of these names get their own property of that name from danfo: no deferral. */
const OWN_PROPERTIES = new Set(["$data", "shape"]);

/**
 * danfo's methods that read a few rows (`head()`, `tail()`, `iloc`, `loc`, `print()`, a notebook's display):
 * on a frame whose rows are not built they read rows made one at a time (see `readingFewRows`).
 */
const FEW_ROW_READERS: readonly PropertyKey[] = ["iloc", "loc", "toString", JUPYTER_DISPLAY];

/** `$data` becomes the plain property danfo's constructor makes, and `shape` danfo's again. */
function settle(frame: object, rows: unknown): void {
  pending.delete(frame);
  for (const name of FEW_ROW_READERS) if (Object.getOwnPropertyDescriptor(frame, name)?.value === fewRowReaders.get(name)) Reflect.deleteProperty(frame, name);
  // The rows are built: the columns they were read from are held only by the getters of columns not made yet.
  const store = (frame as { $dataIncolumnFormat?: unknown }).$dataIncolumnFormat;
  if (Array.isArray(store)) sources.delete(store);
  const f = frame as { shape?: unknown; [inspect.custom]?: unknown };
  delete f.shape;
  delete f[inspect.custom];
  Object.defineProperty(frame, "$data", { value: rows, writable: true, enumerable: true, configurable: true });
}

/** Builds the frame's rows, which become danfo's own `$data`. */
function buildRows(frame: DanfoStore): unknown[][] {
  const n = pending.get(frame)?.[0] ?? 0;
  // Built from the columns the frame was made of: danfo replaces a column only through `$data`'s setter
  // (`$setValues`) or after reading `$data` (`$setColumnData`), so those are still the frame's data.
  const rows = rowsOfColumns(rowSources(frame.$dataIncolumnFormat), n);
  settle(frame, rows);
  return rows;
}

const deferredData: PropertyDescriptor = {
  configurable: true,
  enumerable: true,
  get(this: DanfoStore): unknown {
    return buildRows(this);
  },
  set(this: object, rows: unknown): void {
    settle(this, rows);
  },
};

/**
 * Runs `read` with the frame's `$data` an array whose rows are made as they are read (from the columns
 * the frame was made of, as the whole rows would be), so that `head(5)` makes five rows, not a million.
 * Afterwards the frame is as before: still without rows, unless `read` asked for them whole (a method of
 * the array, a key list, a change, many rows), in which case they are built once and are danfo's own.
 */
function readingFewRows<T>(frame: DanfoStore, read: () => T): T {
  const own = Object.getOwnPropertyDescriptor(frame, "$data");
  const shape = pending.get(frame);
  // Nested reads (toString calls iloc) use the array already there.
  if (shape === undefined || own?.get !== deferredData.get) return read();
  const rowAt = (i: number): unknown[] => rowOfColumns(rowSources(frame.$dataIncolumnFormat), i);
  const rows = lazyRows(shape[0], rowAt, () => buildRows(frame));
  Object.defineProperty(frame, "$data", { configurable: true, enumerable: true, get: () => rows, set: deferredData.set });
  try {
    return read();
  } finally {
    if (pending.has(frame)) Object.defineProperty(frame, "$data", deferredData);
  }
}

/** The method `name` of danfo's frame, reading rows one at a time while the frame has none. */
function fewRowReader(name: PropertyKey): (this: DanfoStore, ...args: unknown[]) => unknown {
  return function (this: DanfoStore, ...args: unknown[]): unknown {
    const method = Reflect.get(Object.getPrototypeOf(this) as object, name, this) as (...a: unknown[]) => unknown;
    // A selection of many rows (`loc({ columns })`, a long mask) reads the rows built whole, at once.
    const many = (name === "iloc" || name === "loc") && rowsAsked(args[0], pending.get(this)?.[0] ?? 0) > FEW_ROWS;
    return many ? method.apply(this, args) : readingFewRows(this, () => method.apply(this, args));
  };
}

const fewRowReaders = new Map(FEW_ROW_READERS.map((name) => [name, fewRowReader(name)]));

/**
 * Gives the frame the few-row readers its class has. A column of the same name is danfo's own property
 * (not configurable): it is left as it is.
 */
function addFewRowReaders(frame: object): void {
  const proto = Object.getPrototypeOf(frame) as object;
  for (const [name, value] of fewRowReaders) {
    if (Object.prototype.hasOwnProperty.call(frame, name) || typeof Reflect.get(proto, name) !== "function") continue;
    Object.defineProperty(frame, name, { value, configurable: true, enumerable: false, writable: true });
  }
}

const deferredShape: PropertyDescriptor = {
  configurable: true,
  enumerable: false,
  get(this: DanfoStore): number[] {
    const [n, k] = pending.get(this) ?? [0, 0];
    return [n, k];
  },
};

type Inspect = typeof inspect;

/**
 * `console.log(frame)` and a notebook's echo show the frame as danfo's constructor makes it: reading
 * `$data` builds the rows (and so every column) and removes this hook, then the frame is shown as usual
 * (`depth` is what is left of the caller's depth, so a nested frame is cut where it was before).
 */
const deferredInspect: PropertyDescriptor = {
  configurable: true,
  enumerable: false,
  writable: true,
  value: function (this: DanfoStore, depth: number, options: object, show: Inspect = inspect): string {
    void this.$data;
    return show(this, { ...options, depth });
  },
};

/** The same for the column array (`df.getColumnData`): every column made, then shown as usual. */
const deferredColumnsInspect: PropertyDescriptor = {
  configurable: true,
  enumerable: false,
  writable: true,
  value: function (this: unknown[], depth: number, options: object, show: Inspect = inspect): string {
    for (let j = 0; j < this.length; j++) void this[j];
    delete (this as { [inspect.custom]?: unknown })[inspect.custom];
    return show(this, { ...options, depth });
  },
};

/**
 * The array danfo keeps its columns in, each plain array made on the first read of its column (a column
 * given as a plain array is copied then: the rows, built later, read the array given).
 */
function columnStore(columns: readonly FrameColumnData[]): unknown[][] {
  const store = new Array<unknown[]>(columns.length);
  sources.set(store, columns);
  Object.defineProperty(store, inspect.custom, deferredColumnsInspect);
  columns.forEach((c, j) => {
    const keep = (value: unknown): void => void Object.defineProperty(store, j, { value, writable: true, enumerable: true, configurable: true });
    Object.defineProperty(store, j, {
      configurable: true,
      enumerable: true,
      get(): unknown[] {
        const values = Array.isArray(c) ? c.slice() : plain(c);
        keep(values);
        return values;
      },
      set: keep,
    });
  });
  return store;
}

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
 * A DataFrame over these columns (plain arrays become the frame's own, not copied; the others are made
 * into plain arrays on first read), building its rows on first use. The caller guarantees `n > 0`,
 * columns of length `n` whose values are final, distinct names and danfo dtype labels. The typed arrays
 * must not be changed afterwards: the frame reads them later.
 * @param names the column names, in order.
 * @param columns one column per name.
 * @param dtypes danfo's dtype label per column.
 * @param n the number of rows.
 */
export function frameOverColumns(names: readonly string[], columns: readonly FrameColumnData[], dtypes: string[], n: number): DataFrame {
  const dfd = loadDanfo();
  if (names.some((name) => OWN_PROPERTIES.has(name))) return frameWithRows(names, columns, dtypes, n);
  // An empty frame has danfo check the names and dtypes and define the column accessors (`df.a`); the
  // data goes in afterwards.
  const df = new dfd.DataFrame([], { columns: [...names], dtypes: [...dtypes] });
  const store: object = df;
  if (!isDanfoStore(store)) return frameWithRows(names, columns, dtypes, n);
  store.$index = rangeIndex(n);
  store.$dataIncolumnFormat = columnStore(columns);
  pending.set(store, [n, columns.length]);
  Object.defineProperty(store, "shape", deferredShape);
  Object.defineProperty(store, inspect.custom, deferredInspect);
  Object.defineProperty(store, "$data", deferredData);
  addFewRowReaders(store);
  return df;
}

/** Whether the frame's rows are still to be built (for tests and the bench). */
export function rowsPending(frame: object): boolean {
  return pending.has(frame);
}

interface Patchable {
  $dataIncolumnFormat?: unknown;
  $config?: { lowMemoryMode?: unknown };
}

/**
 * The same frame with its columns and rows made now (when the internals are not where expected, or a
 * column name would clash with the deferral).
 */
export function frameWithRows(names: readonly string[], columns: readonly FrameColumnData[], dtypes: string[], n: number): DataFrame {
  const dfd = loadDanfo();
  const cols = columns.map(plain);
  const df = new dfd.DataFrame(rowsOfColumns(cols, n), { columns: [...names], dtypes: [...dtypes], config: { lowMemoryMode: true } });
  const internals = df as unknown as Patchable;
  // Low memory mode skips danfo's transpose; the columns already made are then handed over. When the
  // internals are not where expected the frame stays in low memory mode, which danfo supports publicly.
  if ("$dataIncolumnFormat" in internals && internals.$config !== undefined && "lowMemoryMode" in internals.$config) {
    internals.$dataIncolumnFormat = cols;
    internals.$config.lowMemoryMode = false;
  }
  return df;
}
