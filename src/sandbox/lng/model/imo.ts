/** IMO ship identification numbers: 7 digits whose last digit checks the first six. */

/** Check digit of a 6-digit IMO prefix: weights 7..2, sum mod 10. */
export function imoCheckDigit(prefix: number): number {
  const digits = String(prefix).padStart(6, "0");
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += Number(digits[i]) * (7 - i);
  return sum % 10;
}

/** True when the number is a 7-digit IMO number with a valid check digit. */
export function isValidImo(imo: number): boolean {
  if (!Number.isInteger(imo) || imo < 1_000_000 || imo > 9_999_999) return false;
  return imoCheckDigit(Math.floor(imo / 10)) === imo % 10;
}

/** The IMO number formed by a 6-digit prefix and its check digit. */
export function imoFromPrefix(prefix: number): number {
  return prefix * 10 + imoCheckDigit(prefix);
}
