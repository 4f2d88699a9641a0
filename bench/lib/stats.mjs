// Medians and spreads of repeated runs.

/** Median of numbers (mean of the middle two for an even count). */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** { median, min, max } of numbers. */
export function summary(xs) {
  return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs) };
}
