/**
 * "Did you mean" suggestions: the candidate closest to a misspelt name or value.
 */

/**
 * Edit distance between two strings (optimal string alignment: insertions, deletions,
 * substitutions and swaps of two neighbouring characters each cost 1). Case-sensitive.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  const cols = b.length + 1;
  let prevPrev = new Array<number>(cols).fill(0);
  let prev = Array.from({ length: cols }, (_, j) => j);
  let cur = new Array<number>(cols).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2]! + 1);
      cur[j] = d;
    }
    [prevPrev, prev, cur] = [prev, cur, prevPrev];
  }
  return prev[b.length]!;
}

/**
 * The candidate closest to `input`, or `undefined` when none is close enough to be a plausible typo.
 * Comparison ignores case. A candidate counts as close when its distance is at most
 * `maxDistance` (default: a third of the input's length, at least 1, at most 3). When nothing is that
 * close, a candidate that extends the input with a suffix (`region` -> `region_natgas`) or that the
 * input extends (`rigs_count` -> `rigs`) is suggested instead.
 */
export function closest(input: string, candidates: Iterable<string>, maxDistance?: number): string | undefined {
  const needle = input.toLowerCase();
  const limit = maxDistance ?? Math.min(3, Math.max(1, Math.floor(needle.length / 3)));
  let best: string | undefined;
  let bestDistance = Infinity;
  let extension: string | undefined;
  for (const candidate of candidates) {
    const hay = candidate.toLowerCase();
    // The distance is at least the length difference: skipping those keeps a 10 MB input from costing seconds.
    const d = Math.abs(needle.length - hay.length) > limit ? Infinity : editDistance(needle, hay);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
    if (extension === undefined && needle.length >= 3 && (hay.startsWith(`${needle}_`) || needle.startsWith(`${hay}_`))) {
      extension = candidate;
    }
  }
  if (best !== undefined && bestDistance <= limit) return best;
  return extension;
}

/**
 * Up to `limit` candidates close to `input` (same closeness rule as {@link closest}, plus candidates
 * that extend the input or that it extends), closest first; ties keep the candidates' order.
 * @param limit the most names returned; default 3.
 */
export function closeNames(input: string, candidates: Iterable<string>, limit = 3): string[] {
  const needle = input.toLowerCase();
  const max = Math.min(3, Math.max(1, Math.floor(needle.length / 3)));
  const scored: { name: string; d: number }[] = [];
  for (const candidate of candidates) {
    const hay = candidate.toLowerCase();
    const d = Math.abs(needle.length - hay.length) > max ? Infinity : editDistance(needle, hay);
    if (d <= max) scored.push({ name: candidate, d });
    else if (needle.length >= 3 && (hay.startsWith(needle) || needle.startsWith(hay) || hay.includes(needle))) scored.push({ name: candidate, d: max + 1 });
  }
  return scored.sort((a, b) => a.d - b.d).slice(0, limit).map((s) => s.name);
}
