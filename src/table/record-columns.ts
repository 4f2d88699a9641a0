/**
 * Records held as columns: numbers in Float64Arrays, strings (and other scalars) dictionary-coded.
 * A million service rows take tens of megabytes this way instead of the ~0.6 GB of a million row
 * objects; row objects are built only when someone asks for them.
 */
import { ColumnAppender } from "./column-appender";
import { cellOf, CodedColumn, COLUMN_SOURCE, MixedColumn, NumberColumn, type Column, type ColumnSet } from "./column";
import { codesFor } from "./narrow-codes";

export { cellOf, CodedColumn, COLUMN_SOURCE, MixedColumn, NumberColumn, revivedColumn, type Codes, type Column } from "./column";

/** Records as named columns of equal length, in the records' first-seen field order. */
export class RecordColumns implements ColumnSet {
  /**
   * @param names field names in order.
   * @param columns one column per name, each of length `length`.
   * @param length number of records.
   */
  constructor(
    readonly names: readonly string[],
    readonly columns: ReadonlyMap<string, Column>,
    readonly length: number,
  ) {}

  /** No records and no fields. */
  static empty(): RecordColumns {
    return new RecordColumns([], new Map(), 0);
  }

  /** The value of field `name` in record `i` (null for null, undefined when the record lacks the field). */
  valueAt(name: string, i: number): unknown {
    const col = this.columns.get(name);
    if (col === undefined || col.absent?.[i] === 1) return undefined;
    return cellOf(col, i);
  }

  /** This object: records as columns (see {@link COLUMN_SOURCE}). */
  [COLUMN_SOURCE](): RecordColumns {
    return this;
  }

  /** A numeric column's numbers (NaN where null or absent), or undefined when the column is not all numbers. */
  numbers(name: string): Float64Array | undefined {
    const col = this.columns.get(name);
    return col?.kind === "number" ? col.values : undefined;
  }

  /**
   * A dictionary-coded column: `dict[codes[i]]` is row i's value (null where null or absent); each
   * distinct scalar value has one code. Undefined for columns that are not coded.
   */
  coded(name: string): CodedColumn | undefined {
    const col = this.columns.get(name);
    return col?.kind === "coded" ? col : undefined;
  }

  /** The values of one column as a plain array (null where null or absent). */
  values(name: string): unknown[] {
    const col = this.columns.get(name);
    const out = new Array<unknown>(this.length);
    if (col === undefined) return out.fill(null);
    for (let i = 0; i < this.length; i++) out[i] = cellOf(col, i);
    return out;
  }

  /**
   * The values of one column as a plain array, like `values(name)`, but without a copy when the column
   * is held as one (a column read from records or a danfo frame): the array may be the column's own,
   * so it must not be changed.
   */
  valuesView(name: string): readonly unknown[] {
    const col = this.columns.get(name);
    if (col?.kind === "mixed" && col.absent === undefined && col.values.length === this.length) return col.values;
    return this.values(name);
  }

  /** Record `i` as a fresh object, fields in column order; absent fields stay absent. */
  record(i: number): Record<string, unknown> {
    const r: Record<string, unknown> = {};
    for (const name of this.names) {
      const col = this.columns.get(name)!;
      if (col.absent?.[i] === 1) continue;
      setField(r, name, cellOf(col, i));
    }
    return r;
  }

  /** Every record as an object (what `JSON.parse` of the body would have given). */
  toRecords(): Record<string, unknown>[] {
    const n = this.length;
    const out = new Array<Record<string, unknown>>(n);
    const cols = this.names.map((name) => this.columns.get(name)!);
    if (cols.length > ROW_FACTORY_MAX_FIELDS || cols.some((c) => c.absent !== undefined) || this.names.includes("__proto__")) {
      for (let i = 0; i < n; i++) out[i] = this.record(i);
      return out;
    }
    const make = rowFactory(this.names, cols);
    for (let i = 0; i < n; i++) out[i] = make(i);
    return out;
  }

  /** A copy with columns renamed (`{ state_ab: "state_code" }`); a rename onto an existing name is skipped. */
  renamed(aliases: Readonly<Record<string, string>>): RecordColumns {
    const names: string[] = [];
    const columns = new Map<string, Column>();
    for (const name of this.names) {
      const to = aliases[name];
      const target = to !== undefined && !this.columns.has(to) ? to : name;
      names.push(target);
      columns.set(target, this.columns.get(name)!);
    }
    return new RecordColumns(names, columns, this.length);
  }

  /** A copy in which each value of column `name` is replaced by `map(value)` (dictionaries are mapped once). */
  mapped(name: string, map: (value: unknown) => unknown): RecordColumns {
    const col = this.columns.get(name);
    if (col === undefined) return this;
    const columns = new Map(this.columns);
    let next: Column;
    if (col.kind === "coded") next = new CodedColumn(col.codes, col.dict.map(map), col.absent);
    else if (col.kind === "mixed") next = new MixedColumn(col.values.map(map), col.absent);
    else {
      const values = new Array<unknown>(this.length);
      let allNumbers = true;
      for (let i = 0; i < this.length; i++) {
        const v = map(cellOf(col, i));
        values[i] = v;
        if (typeof v !== "number" && v !== null) allNumbers = false;
      }
      next = allNumbers ? new NumberColumn(Float64Array.from(values, (v) => (v === null ? NaN : (v as number))), col.absent) : new MixedColumn(values, col.absent);
    }
    columns.set(name, next);
    return new RecordColumns(this.names, columns, this.length);
  }

  /**
   * The records at `rows`, in that order, as new columns (a record may be taken twice).
   * @param rows record indices, each in [0, length).
   */
  take(rows: ArrayLike<number>): RecordColumns {
    const n = rows.length;
    const columns = new Map<string, Column>();
    for (const name of this.names) {
      const col = this.columns.get(name)!;
      let absent: Uint8Array | undefined;
      if (col.absent !== undefined) {
        absent = new Uint8Array(n);
        for (let i = 0; i < n; i++) absent[i] = col.absent[rows[i]!]!;
      }
      if (col.kind === "number") {
        const v = new Float64Array(n);
        for (let i = 0; i < n; i++) v[i] = col.values[rows[i]!]!;
        columns.set(name, new NumberColumn(v, absent));
      } else if (col.kind === "coded") {
        // The dictionary keeps only the values the taken rows use, in first-seen order.
        const remap = new Int32Array(col.dict.length).fill(-1);
        const dict: unknown[] = [];
        const c = codesFor(col.dict.length, n);
        for (let i = 0; i < n; i++) {
          const from = col.codes[rows[i]!]!;
          let to = remap[from]!;
          if (to < 0) {
            to = dict.push(col.dict[from]) - 1;
            remap[from] = to;
          }
          c[i] = to;
        }
        columns.set(name, new CodedColumn(c, dict, absent));
      } else {
        const v = new Array<unknown>(n);
        for (let i = 0; i < n; i++) v[i] = col.values[rows[i]!];
        columns.set(name, new MixedColumn(v, absent));
      }
    }
    return new RecordColumns(this.names, columns, n);
  }

  /** These columns only, in this order (names not held here are skipped); the columns are shared, not copied. */
  select(names: readonly string[]): RecordColumns {
    const kept = [...new Set(names)].filter((name) => this.columns.has(name));
    return new RecordColumns(kept, new Map(kept.map((name) => [name, this.columns.get(name)!])), this.length);
  }

  /**
   * The records of `parts`, in order, as one set of columns.
   * @param parts the parts.
   * @param consume drop each column from the parts once it is copied, so that a big result is never
   *   held twice (the parts are unusable afterwards); default false.
   */
  static concat(parts: readonly RecordColumns[], consume = false): RecordColumns {
    const nonEmpty = parts.filter((p) => p.length > 0 || p.names.length > 0);
    if (nonEmpty.length === 0) return RecordColumns.empty();
    if (nonEmpty.length === 1) return nonEmpty[0]!;
    const all = new ColumnAppender(nonEmpty.reduce((s, p) => s + p.length, 0));
    for (const p of nonEmpty) all.append(p);
    // Only once every part is in: one part may be listed twice.
    if (consume) for (const p of nonEmpty) (p.columns as Map<string, Column>).clear();
    const { names, columns, length } = all.finish();
    return new RecordColumns(names, columns, length);
  }
}

/**
 * A function building record i as one object literal with these fields. Fast path: objects made by a
 * literal of fixed keys share one hidden class and keep their fields in-object, several times faster
 * to build (and smaller) than objects grown key by key. Keys are embedded with JSON.stringify, so any
 * name is safe (`__proto__` never reaches here: in a literal it would set the prototype).
 */
/**
 * Most fields a row factory is made for. A literal of more keys gains nothing (V8 keeps such objects
 * as dictionaries anyway), and compiling one of 100,000 keys overflowed the stack.
 */
const ROW_FACTORY_MAX_FIELDS = 1000;

function rowFactory(names: readonly string[], cols: readonly Column[]): (i: number) => Record<string, unknown> {
  const args: string[] = [];
  const values: unknown[] = [];
  const fields = cols.map((c, j) => {
    if (c.kind === "number") {
      args.push(`n${j}`);
      values.push(c.values);
      return `${JSON.stringify(names[j])}: (x = n${j}[i]) === x ? x : null`;
    }
    if (c.kind === "coded") {
      args.push(`c${j}`, `d${j}`);
      values.push(c.codes, c.dict);
      return `${JSON.stringify(names[j])}: d${j}[c${j}[i]]`;
    }
    args.push(`m${j}`);
    values.push(c.values);
    return `${JSON.stringify(names[j])}: m${j}[i]`;
  });
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const build = new Function(...args, `return function record(i) { let x; return { ${fields.join(", ")} }; };`) as (...a: unknown[]) => (i: number) => Record<string, unknown>;
  return build(...values);
}

/** Sets an own field, also one named `__proto__` (as JSON.parse does). */
function setField(r: Record<string, unknown>, name: string, value: unknown): void {
  if (name === "__proto__") Object.defineProperty(r, name, { value, enumerable: true, writable: true, configurable: true });
  else r[name] = value;
}
