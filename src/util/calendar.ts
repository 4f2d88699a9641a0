/**
 * The proleptic Gregorian calendar. A leaf: imports nothing, so every layer (validation, clients,
 * frames) can use the one copy.
 */

/** Whether `year` has a 29 February. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month (`month` 1-12): 28, 29, 30 or 31. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
