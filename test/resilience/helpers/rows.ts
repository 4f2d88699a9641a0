/**
 * Row-for-row comparison of two record lists that says where they first differ.
 */

/** Index and both rows of the first difference, or undefined when the lists are equal. */
export function firstDifference(got: readonly unknown[], expected: readonly unknown[]): { index: number; got: unknown; expected: unknown } | undefined {
  const n = Math.max(got.length, expected.length);
  for (let i = 0; i < n; i++) {
    if (JSON.stringify(got[i]) !== JSON.stringify(expected[i])) return { index: i, got: got[i], expected: expected[i] };
  }
  return undefined;
}
