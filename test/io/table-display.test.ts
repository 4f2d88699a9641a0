/** A table's notebook display: units in analysts' spelling, dates short, numbers rounded. */
import { describe, expect, it } from "vitest";
import { tableDisplay } from "../../src/io/table-display";

const view = (rows: Record<string, unknown>[], units: Record<string, string> = {}) => ({
  names: Object.keys(rows[0] ?? {}),
  length: rows.length,
  units,
  valueAt: (name: string, i: number) => rows[i]![name],
});

describe("tableDisplay", () => {
  const rows = [
    { date: new Date(Date.UTC(2026, 10, 2)), seen: new Date(Date.UTC(2026, 10, 2, 14, 5)), gas_daily: 21.123456, volume: 3.5 },
    { date: new Date(Date.UTC(2026, 10, 3)), seen: new Date(Date.UTC(2026, 10, 3, 9, 0, 30)), gas_daily: 1234.5, volume: 0.25 },
  ];
  const { html, text } = tableDisplay(view(rows, { gas_daily: "BCF/day", volume: "gas_Bcf" }));

  it("spells units as analysts do, in the HTML and the text", () => {
    expect(html).toContain("float, Bcf/d");
    expect(html).toContain("float, Bcf<");
    expect(html).not.toMatch(/BCF|gas_Bcf/);
    expect(text.split("\n")[1]).toMatch(/float \[Bcf\/d\]\s+float \[Bcf\]$/);
  });

  it("prints a UTC midnight as its day and other instants to the minute (seconds when set)", () => {
    expect(html).toContain(">2026-11-02<");
    expect(html).toContain(">2026-11-02 14:05Z<");
    expect(html).toContain(">2026-11-03 09:00:30Z<");
    expect(html).not.toContain("T00:00:00.000Z");
  });

  it("rounds numbers to at most three decimals, grouped by thousands", () => {
    expect(html).toContain(">21.123<");
    expect(html).toContain(">1,234.5<");
  });
});
