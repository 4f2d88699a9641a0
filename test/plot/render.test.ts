import { describe, expect, it } from "vitest";
import { toPng, toSvg, VEGA_LITE_SCHEMA, type VegaLiteSpec } from "../../src/plot";
import { DataError, InvalidParamsError } from "../../src/errors";
import { sampleCharts } from "./support/charts";
import { inkStats } from "./support/png-pixels";
import { attr, itemsOf, texts } from "./support/svg-marks";

const charts = sampleCharts();

describe("toSvg draws every data family", () => {
  it("flows: one solid and one dashed line per destination, a band per destination and segment", async () => {
    const svg = await toSvg(charts.flows!);
    const lines = itemsOf(svg, "line");
    expect(lines).toHaveLength(4);
    const dashed = lines.filter((l) => attr(l, "stroke-dasharray") !== undefined && attr(l, "stroke-dasharray") !== "1,0");
    expect(dashed).toHaveLength(2);
    expect(new Set(lines.map((l) => attr(l, "stroke"))).size).toBe(2);
    expect(itemsOf(svg, "area")).toHaveLength(4);
    expect(texts(svg)).toEqual(expect.arrayContaining(["LNG volume (Bcf/d)", "Japan", "China", "observed", "forecast"]));
  });

  it("flows: dates on the axis are UTC dates even in a zone with daylight saving", async () => {
    expect(process.env.TZ).toBe("America/New_York");
    const svg = await toSvg(charts.flows!);
    expect(texts(svg)).toContain("2024-04-01");
  });

  it("production: one stacked area per region, axis in Bcf/d", async () => {
    const svg = await toSvg(charts.production!);
    expect(itemsOf(svg, "area")).toHaveLength(3);
    expect(texts(svg)).toEqual(expect.arrayContaining(["Gas production (Bcf/d)", "Appalachia", "Haynesville", "Permian"]));
  });

  it("forecast: actual, latest forecast and each backcast run are lines, with points", async () => {
    const svg = await toSvg(charts.forecast!);
    expect(itemsOf(svg, "line")).toHaveLength(4);
    expect(itemsOf(svg, "symbol").length).toBe(12 + 4 + 12);
    expect(texts(svg)).toEqual(expect.arrayContaining(["actual", "forecast, run 2023-12-15", "backcast, run 2023-04-15", "backcast, run 2023-08-15"]));
  });

  it("activity: a bar per week and rig class; completions a bar per week; fracked feet a line per sub-region", async () => {
    const rigs = await toSvg(charts.rigs!);
    expect(itemsOf(rigs, "rect")).toHaveLength(5 * 2);
    expect(texts(rigs)).toContain("Rigs (average daily count)");
    // The window May 1 (a Wednesday) to May 28 (a Tuesday): the first and last weeks are partial and left out.
    const completions = await toSvg(charts.completions!);
    expect(itemsOf(completions, "rect")).toHaveLength(3);
    const feet = await toSvg(charts.frackedFeet!);
    expect(itemsOf(feet, "line")).toHaveLength(2);
    expect(texts(feet)).toContain("Fracked feet per day (ft)");
  });

  it("map: the state outlines and one circle per located row", async () => {
    const svg = await toSvg(charts.map!);
    expect(itemsOf(svg, "shape").length).toBeGreaterThanOrEqual(50);
    expect(itemsOf(svg, "symbol")).toHaveLength(60);
  });

  it("voyages: one bar per leg, laden and ballast in their two colours", async () => {
    const svg = await toSvg(charts.voyages!);
    const bars = itemsOf(svg, "rect");
    expect(bars).toHaveLength(20);
    expect(new Set(bars.map((b) => attr(b, "fill")))).toEqual(new Set(["#d62728", "#7f7f7f"]));
  });

  it("refuses something that is not a Vega-Lite spec, and a spec vega-lite cannot compile", async () => {
    await expect(toSvg({ nope: 1 } as never)).rejects.toBeInstanceOf(DataError);
    await expect(toSvg({ $schema: "https://vega.github.io/schema/vega-lite/v5.json", mark: "line", encoding: { x: { field: "a", type: "nope" } } } as never)).rejects.toBeInstanceOf(DataError);
  });
});

describe("toPng", () => {
  for (const [name, spec] of Object.entries(charts)) {
    it(`${name}: a PNG that is not blank, at the asked scale`, async () => {
      const png = await toPng(spec, { scale: 1 });
      expect(png.subarray(1, 4).toString()).toBe("PNG");
      const stats = inkStats(png);
      expect(stats.width).toBeGreaterThan(spec.width as number);
      expect(stats.ink).toBeGreaterThan(0.02);
      expect(stats.colours).toBeGreaterThan(3);
    });
  }

  it("draws the text with the system fonts (a text mark leaves ink; the same chart with empty text does not)", async () => {
    const textChart = (text: string): VegaLiteSpec => ({
      $schema: VEGA_LITE_SCHEMA,
      width: 200,
      height: 60,
      config: { font: "DejaVu Sans" },
      data: { values: [{ label: text }] },
      mark: { type: "text", fontSize: 40, color: "black" },
      encoding: { text: { field: "label", type: "nominal" } },
    });
    const withText = inkStats(await toPng(textChart("Permian"), { scale: 1 }));
    const without = inkStats(await toPng(textChart(""), { scale: 1 }));
    expect(without.ink).toBe(0);
    expect(withText.ink).toBeGreaterThan(0.05);
  });

  it("scale 2 doubles the pixel size; a bad scale is an InvalidParamsError", async () => {
    const one = inkStats(await toPng(charts.completions!, { scale: 1 }));
    const two = inkStats(await toPng(charts.completions!));
    expect(two.width).toBe(one.width * 2);
    await expect(toPng(charts.completions!, { scale: 0 })).rejects.toBeInstanceOf(InvalidParamsError);
  });
});

describe("monthly time axes", () => {
  it("label each month once (no tick repeats a month label)", async () => {
    const { flowsChart } = await import("../../src/plot");
    const rows = [];
    for (let m = 0; m < 5; m++) {
      const period = `2026-${String(m + 6).padStart(2, "0")}-01`;
      rows.push({ period, volume: 300 + m * 7, volume_std: m > 2 ? 12 : 0, volume_unit: "gas_Bcf", count: 90 });
    }
    const svg = await toSvg(flowsChart(rows, { width: 900 }));
    const monthLabels = texts(svg).filter((t) => /^[A-Z][a-z]{2} 2026$/.test(t));
    expect(monthLabels.length).toBeGreaterThanOrEqual(4);
    expect(new Set(monthLabels).size).toBe(monthLabels.length);
  });
});
