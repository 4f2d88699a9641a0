/**
 * The fast path of `rollup` on a frame: one pass over the rows that finds each row's group and adds
 * its measures, where the general path makes a pass per key, one to number the groups, one for the
 * counts and one per measure. Much of a short pass over a million rows is spent before V8 has
 * optimised it (each loop starts interpreted), so one loop instead of ten was 10-20% faster on the
 * benchmark's frame (date x region, six measures), run cold in alternating processes.
 *
 * It applies to one or two key columns and measures that hold only numbers (what `toFrame` gives);
 * anything else goes the general way.
 */
import { firstSighting } from "../table/engine-arrays";
import type { CodedColumn, Codes } from "../table/column";

/** Groups found in one pass: key values per group (first-seen order), counts, and per measure its sums. */
export interface GroupSums {
  readonly groups: number;
  /** `keys[c][g]`: the value of key column c in group g (undefined and NaN read as null). */
  readonly keys: unknown[][];
  /** Per key column, its distinct values in first-seen order (what `encodeColumn` would give). */
  readonly distinct: unknown[][];
  readonly counts: Float64Array;
  /** Per measure, the sum of its values in each group; `seen` says which groups had one. */
  readonly sums: Float64Array[];
  readonly seen: Uint8Array[];
}

/** Codes of each key column must fit 21 bits, so that two of them make one exact number. */
const CODE_BITS = 2 ** 21;

/**
 * Group sums of frame columns in one pass, or undefined when the fast path does not apply (more than
 * two keys, a measure value that is not a number, 2^21 rows or more).
 */
export function frameGroupSums(keyColumns: readonly (readonly unknown[])[], measureColumns: readonly (readonly unknown[])[], length: number): GroupSums | undefined {
  const k = keyColumns.length;
  if (k < 1 || k > 2 || length >= CODE_BITS) return undefined;
  const state = new KernelState(k, measureColumns.length);
  // False when a measure value is not a number: the general path then reads (or refuses) it.
  if (!kernel(k, measureColumns.length)(keyColumns, measureColumns, length, state)) return undefined;
  return state.result();
}

/** What the generated loop calls when a row's key tuple differs from the previous row's. */
class KernelState {
  /** Compared against before the first row: equal to nothing. */
  readonly none = {};
  readonly dicts: Map<unknown, number>[];
  readonly values: unknown[][];
  counts = new Float64Array(64);
  sums: Float64Array[];
  seen: Uint8Array[];
  /** Set when the arrays above were replaced by bigger ones (the loop then reloads them). */
  grew = false;
  private groups = 0;
  private readonly keys: unknown[][];
  private readonly table = new Map<number, number>();

  constructor(
    private readonly k: number,
    m: number,
  ) {
    this.dicts = Array.from({ length: k }, () => new Map<unknown, number>());
    this.values = Array.from({ length: k }, (): unknown[] => []);
    this.keys = Array.from({ length: k }, (): unknown[] => []);
    this.sums = Array.from({ length: m }, () => new Float64Array(64));
    this.seen = Array.from({ length: m }, () => new Uint8Array(64));
  }

  /** The code of a value new to key column c. */
  code(c: number, v: unknown): number {
    return firstSighting(this.dicts[c]!, this.values[c]!, v);
  }

  /** The group of a tuple of codes (the second is 0 for one key). */
  group(c0: number, c1: number): number {
    const key = c0 * CODE_BITS + c1;
    let g = this.table.get(key);
    if (g === undefined) {
      g = this.groups++;
      this.table.set(key, g);
      this.keys[0]!.push(this.values[0]![c0]);
      if (this.k === 2) this.keys[1]!.push(this.values[1]![c1]);
      if (g >= this.counts.length) this.grow();
    }
    return g;
  }

  result(): GroupSums {
    const n = this.groups;
    return {
      groups: n,
      keys: this.keys,
      distinct: this.values,
      counts: this.counts.slice(0, n),
      sums: this.sums.map((s) => s.slice(0, n)),
      seen: this.seen.map((s) => s.slice(0, n)),
    };
  }

  private grow(): void {
    const size = this.counts.length * 2;
    const bigger = <T extends Float64Array | Uint8Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    this.counts = bigger(this.counts);
    this.sums = this.sums.map(bigger);
    this.seen = this.seen.map(bigger);
    this.grew = true;
  }
}

type Kernel = (keys: readonly (readonly unknown[])[], measures: readonly (readonly unknown[])[], n: number, st: KernelState) => boolean;
const kernels = new Map<string, Kernel>();

/**
 * The row loop for k keys and m measures, generated so that every column is read through a load
 * site of its own (a loop over a list of columns makes each read a slow generic lookup). A measure
 * value is read twice, once for its type and once with `+`: using one read for both makes V8 box
 * every element of a frame's holey double arrays (a heap number per value).
 */
function kernel(k: number, m: number): Kernel {
  const id = `${k}:${m}`;
  let fn = kernels.get(id);
  if (fn === undefined) {
    const ks = Array.from({ length: k }, (_, c) => c);
    const ms = Array.from({ length: m }, (_, j) => j);
    const reload = `counts = st.counts; ${ms.map((j) => `S${j} = st.sums[${j}]; H${j} = st.seen[${j}];`).join(" ")}`;
    const body = `
      ${ks.map((c) => `const K${c} = keys[${c}], D${c} = st.dicts[${c}]; let L${c} = st.none, C${c} = 0;`).join("\n")}
      ${ms.map((j) => `const M${j} = measures[${j}]; let S${j}, H${j};`).join("\n")}
      let counts;
      ${reload}
      let g = 0, x = 0;
      for (let i = 0; i < n; i++) {
        ${ks.map((c) => `const v${c} = K${c}[i];`).join(" ")}
        if (${ks.map((c) => `v${c} !== L${c}`).join(" || ")}) {
          ${ks.map((c) => `if (v${c} !== L${c}) { let c = D${c}.get(v${c}); if (c === undefined) c = st.code(${c}, v${c}); C${c} = c; L${c} = v${c}; }`).join("\n")}
          g = st.group(C0, ${k === 2 ? "C1" : "0"});
          if (st.grew) { st.grew = false; ${reload} }
        }
        counts[g]++;
        ${ms.map((j) => `if (typeof M${j}[i] !== "number") return false; x = +M${j}[i]; if (x === x) { S${j}[g] += x; H${j}[g] = 1; }`).join("\n")}
      }
      return true;`;
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    fn = new Function(`return function rollupKernel(keys, measures, n, st) {${body}\n};`)() as Kernel;
    if (kernels.size < 64) kernels.set(id, fn);
  }
  return fn;
}

/** Dense tables of key tuples up to this size make the coded fast path; larger ones go the general way. */
const CODED_RADIX_MAX = 1 << 16;

type CodedKernel = (
  codes: readonly Codes[],
  radix1: number,
  measures: readonly Float64Array[],
  n: number,
  table: Int32Array,
  counts: Float64Array,
  sums: readonly Float64Array[],
  seen: readonly Uint8Array[],
  first: Int32Array,
) => number;
const codedKernels = new Map<string, CodedKernel>();

/**
 * Group sums of one or two dictionary-coded key columns and numeric measures (a Result's columns) in
 * one pass: each row's group from a dense table of code tuples, its count and every measure added
 * in the same loop. The general path made a pass for the group ids, one for the counts and one per
 * measure, each starting interpreted; one pass is what the first rollup of a fresh process pays for.
 * Undefined when it does not apply (other key counts, more than 65,536 key tuples).
 */
export function codedGroupSums(
  coded: readonly CodedColumn[],
  measures: readonly Float64Array[],
  length: number,
): Omit<GroupSums, "distinct"> | undefined {
  const k = coded.length;
  if (k < 1 || k > 2) return undefined;
  let radix = 1;
  for (const c of coded) radix *= Math.max(1, c.dict.length);
  if (radix > CODED_RADIX_MAX) return undefined;
  const cap = Math.max(1, Math.min(radix, length));
  const table = new Int32Array(radix).fill(-1);
  const counts = new Float64Array(cap);
  const sums = measures.map(() => new Float64Array(cap));
  const seen = measures.map(() => new Uint8Array(cap));
  const first = new Int32Array(cap);
  const radix1 = k === 2 ? Math.max(1, coded[1]!.dict.length) : 1;
  const groups = codedKernel(k, measures.length, coded.map((c) => c.codes.BYTES_PER_ELEMENT).join())(
    coded.map((c) => c.codes),
    radix1,
    measures,
    length,
    table,
    counts,
    sums,
    seen,
    first,
  );
  const keys = coded.map((c) => Array.from(first.subarray(0, groups), (i) => c.dict[c.codes[i]!]));
  return { groups, keys, counts: counts.slice(0, groups), sums: sums.map((s) => s.slice(0, groups)), seen: seen.map((s) => s.slice(0, groups)) };
}

/**
 * The loop of `codedGroupSums` for k keys and m measures, every column read through a load site of its
 * own; one loop per width of codes too (`widths`), so that each load site sees one kind of array.
 */
function codedKernel(k: number, m: number, widths: string): CodedKernel {
  const id = `${k}:${m}:${widths}`;
  let fn = codedKernels.get(id);
  if (fn === undefined) {
    const ms = Array.from({ length: m }, (_, j) => j);
    const body = `
      const A = codes[0]${k === 2 ? ", B = codes[1]" : ""};
      ${ms.map((j) => `const M${j} = measures[${j}], S${j} = sums[${j}], H${j} = seen[${j}];`).join("\n")}
      let groups = 0, x = 0;
      for (let i = 0; i < n; i++) {
        const code = ${k === 2 ? "A[i] * radix1 + B[i]" : "A[i]"};
        let g = table[code];
        if (g < 0) { g = groups++; table[code] = g; first[g] = i; }
        counts[g]++;
        ${ms.map((j) => `x = M${j}[i]; if (x === x) { S${j}[g] += x; H${j}[g] = 1; }`).join("\n")}
      }
      return groups;`;
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    fn = new Function(`return function codedRollupKernel(codes, radix1, measures, n, table, counts, sums, seen, first) {${body}\n};`)() as CodedKernel;
    if (codedKernels.size < 64) codedKernels.set(id, fn);
  }
  return fn;
}
