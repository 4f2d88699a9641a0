import { describe, expect, it } from "vitest";
import { toEpochMs } from "../../src/table/instants";

const utc = (...parts: [number, number, number, number?, number?, number?, number?]): number => {
  const [y, mo, d, h = 0, mi = 0, s = 0, ms = 0] = parts;
  const t = new Date(0);
  t.setUTCFullYear(y, mo - 1, d);
  t.setUTCHours(h, mi, s, ms);
  return t.getTime();
};

describe("toEpochMs: any date or timestamp value as an instant", () => {
  const read: [string, unknown, number][] = [
    ["a date", "2024-05-01", utc(2024, 5, 1)],
    ["M/D/YYYY", "5/1/2024", utc(2024, 5, 1)],
    ["MM/DD/YYYY", "05/01/2024", utc(2024, 5, 1)],
    ["M/D/YYYY at full width", "12/25/2024", utc(2024, 12, 25)],
    ["a padded date", " 2024-05-01\n", utc(2024, 5, 1)],
    ["a year below 100", "0099-01-01", utc(99, 1, 1)],
    ["the LNG detail form", "2024-05-01 06:00:00.123456+00", utc(2024, 5, 1, 6, 0, 0, 123)],
    ["ISO 8601 in UTC", "2024-05-01T06:00:00Z", utc(2024, 5, 1, 6)],
    ["no seconds, no offset (UTC)", "2024-05-01 06:00", utc(2024, 5, 1, 6)],
    ["an offset", "2024-05-01T06:00:00+02:00", utc(2024, 5, 1, 4)],
    ["a fraction and a colon-less offset", "2024-05-01T06:00:00.5-0130", utc(2024, 5, 1, 7, 30, 0, 500)],
    ["a Date", new Date(utc(2024, 5, 1, 6)), utc(2024, 5, 1, 6)],
    ["epoch milliseconds", 1_714_543_200_000, 1_714_543_200_000],
  ];
  for (const [what, value, ms] of read) it(`reads ${what}`, () => expect(toEpochMs(value)).toBe(ms));

  it("is NaN for anything that is no instant, missing values included", () => {
    for (const v of [null, undefined, "", "  ", "2023-13-01", "2/30/2024", "2024-02-30T06:00:00Z", "soon", "2024-05", NaN, Infinity, new Date(NaN), true, {}]) {
      expect(toEpochMs(v)).toBeNaN();
    }
  });
});
