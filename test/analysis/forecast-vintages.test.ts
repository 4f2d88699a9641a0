import { describe, expect, it } from "vitest";
import { compareForecastVintages } from "../../src/analysis/forecast-vintages";
import { frameColumns } from "../helpers/frame-columns";

describe("compareForecastVintages", () => {
  const backcasts = [
    { api: 1, region: "Permian", date: "2024-01-01", forecast_run_date: "2024-02-01", gas_daily: 1 },
    { api: 2, region: "Permian", date: "2024-01-01", forecast_run_date: "2024-02-01", gas_daily: 2 },
    { api: 1, region: "Permian", date: "2024-03-01", forecast_run_date: "2024-02-01", gas_daily: 4 },
    { api: 3, region: "Haynesville", date: "2024-03-01", forecast_run_date: "2024-02-01", gas_daily: null },
  ];
  const actuals = [
    { region: "Permian", date: "2024-01-01", gas_daily: 2.5 },
    { region: "Permian", date: "2024-01-01", gas_daily: 1.5 },
    { region: "Permian", date: "2024-03-01", gas_daily: 0 },
  ];
  const current = [
    { region: "Permian", date: "2024-03-01", forecast_run_date: "2024-03-04", gas_daily: 3 },
    { region: "Permian", date: "2024-03-01", forecast_run_date: "2024-03-07", gas_daily: 5 },
  ];
  it("sums per region, month and run, and tabulates errors against actuals and the current forecast", () => {
    const c = frameColumns(compareForecastVintages({ backcasts, actuals, current }).toFrame());
    expect(c.region).toEqual(["Haynesville", "Permian", "Permian"]);
    expect(c.date).toEqual(["2024-03-01", "2024-01-01", "2024-03-01"]);
    expect(c.horizon_months).toEqual([1, -1, 1]);
    expect(c.backcast!.slice(1)).toEqual([3, 4]);
    expect(Number.isNaN(c.backcast![0])).toBe(true);
    expect(c.actual!.slice(1)).toEqual([4, 0]);
    expect(c.error!.slice(1)).toEqual([-1, 4]);
    expect(c.pct_error![1]).toBe(-25);
    expect(Number.isNaN(c.pct_error![2])).toBe(true);
    expect(c.current![2]).toBe(5);
    expect(c.current_run_date![2]).toBe("2024-03-07");
    expect(c.revision![2]).toBe(1);
    expect(Number.isNaN(c.current![1])).toBe(true);
  });
  it("compares the total with by: []", () => {
    const c = frameColumns(compareForecastVintages({ backcasts, actuals }, { by: [] }).toFrame());
    expect(c.date).toEqual(["2024-01-01", "2024-03-01"]);
    expect(c.error).toEqual([-1, 4]);
  });
});
