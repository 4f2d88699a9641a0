/**
 * IMO ship identification numbers: seven digits, the last a check digit.
 */

/**
 * Whether `imo` is a 7-digit IMO number whose check digit is right: the first six digits weighted
 * 7, 6, 5, 4, 3, 2, summed, modulo 10, equal the seventh.
 */
export function isValidImo(imo: number): boolean {
  if (!Number.isInteger(imo) || imo < 1_000_000 || imo > 9_999_999) return false;
  const digits = String(imo).split("").map(Number);
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += digits[i]! * (7 - i);
  return sum % 10 === digits[6];
}
