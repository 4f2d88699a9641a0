/**
 * Column names made unique the way DuckDB makes a subquery's names unique (`SELECT * FROM (SELECT 1 a,
 * 2 a, 3 A, 4 a_1)` has columns a, a_1, A_2, a_1_1): names compare without letter case; a repeated name
 * gets `_<n>`, n counting that name's repeats, skipping any name already taken.
 */
export function dedupeColumnNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const key = name.toLowerCase();
    let count = seen.get(key);
    if (count === undefined) {
      seen.set(key, 0);
      return name;
    }
    let renamed: string;
    do {
      count++;
      renamed = `${name}_${count}`;
    } while (seen.has(renamed.toLowerCase()));
    seen.set(key, count);
    seen.set(renamed.toLowerCase(), 0);
    return renamed;
  });
}
