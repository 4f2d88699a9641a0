/**
 * Whether a double stands for a decimal text without loss: the double read from the text writes back as
 * the same digits. BIGINT, HUGEINT and DECIMAL values beyond that stay exact some other way.
 */

/** Whether `x`, read from the decimal text `text` (of `scale` fraction digits), writes back as the same value. */
export function isExactDouble(text: string, x: number, scale = 0): boolean {
  if (!Number.isFinite(x)) return false;
  const want = canonicalDecimal(text);
  return String(x) === want || (Math.abs(x) < 1e21 && canonicalDecimal(x.toFixed(scale)) === want);
}

/** Decimal text as `String(number)` writes it: no leading "+", no fraction's trailing zeros, "0" for "-0". */
export function canonicalDecimal(text: string): string {
  let t = text.trim().replace(/^\+/, "");
  if (t.includes(".")) t = t.replace(/0+$/, "").replace(/\.$/, "");
  t = t.replace(/^(-?)0+(?=\d)/, "$1");
  return t === "-0" ? "0" : t;
}
