import { describe, expect, it } from "vitest";
import { normaliseDate } from "../../src/client/normalise-records";

describe("normaliseDate (the M/D/YYYY of aggregated rows, read by the table's codec)", () => {
  it("writes real M/D/YYYY dates as YYYY-MM-DD", () => {
    expect(normaliseDate("5/1/2024")).toBe("2024-05-01");
    expect(normaliseDate("12/31/2023")).toBe("2023-12-31");
    expect(normaliseDate("2/29/2024")).toBe("2024-02-29");
  });

  it("leaves text that is no real date as it came, never a made-up day", () => {
    expect(normaliseDate("2/30/2024")).toBe("2/30/2024");
    expect(normaliseDate("2/29/2023")).toBe("2/29/2023");
    expect(normaliseDate("13/1/2024")).toBe("13/1/2024");
  });

  it("leaves other values alone", () => {
    expect(normaliseDate("2024-05-01")).toBe("2024-05-01");
    expect(normaliseDate(null)).toBe(null);
    expect(normaliseDate(7)).toBe(7);
  });
});
