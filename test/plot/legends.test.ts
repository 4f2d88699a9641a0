import { describe, expect, it } from "vitest";
import { compile } from "vega-lite";
import { flowsChart, forecastChart, toSvg, type VegaLiteSpec } from "../../src/plot";
import { flowRecords, forecastRecords } from "./support/sample-data";
import { attr, legendsOf } from "./support/svg-marks";

const japan = (): Record<string, unknown>[] => flowRecords().filter((r) => r.destination_country === "Japan");

/** The legends vega-lite compiles the spec to: which scales each one shows. */
function compiledLegends(spec: VegaLiteSpec): Record<string, unknown>[] {
  const out = compile(spec as never).spec as { legends?: Record<string, unknown>[]; marks?: { legends?: Record<string, unknown>[] }[] };
  return [...(out.legends ?? []), ...(out.marks ?? []).flatMap((m) => m.legends ?? [])];
}

const solid = (dash: string | undefined): boolean => dash === undefined || dash === "1,0";

describe("flowsChart legend", () => {
  it("one series: ONE legend, its observed/forecast symbols carry both the colour and the dash (spec)", () => {
    const legends = compiledLegends(flowsChart(japan()));
    expect(legends).toHaveLength(1);
    expect(legends[0]).toMatchObject({ stroke: expect.any(String), strokeDash: expect.any(String) });
  });

  it("one series: the SVG draws two legend entries, observed solid blue and forecast dashed orange", async () => {
    const legends = legendsOf(await toSvg(flowsChart(japan())));
    expect(legends).toHaveLength(1);
    expect(legends[0]!.labels).toEqual(["observed", "forecast"]);
    const [observed, forecast] = legends[0]!.symbols;
    expect(attr(observed!, "stroke")).toBe("#1f77b4");
    expect(solid(attr(observed!, "stroke-dasharray"))).toBe(true);
    expect(attr(forecast!, "stroke")).toBe("#ff7f0e");
    expect(attr(forecast!, "stroke-dasharray")).toBe("6,4");
  });

  it("one series: the legend symbol is long enough to show a gap of the dash (wider than one 6 px dash)", async () => {
    const [legend] = legendsOf(await toSvg(flowsChart(japan())));
    const ends = /d="M(-?[\d.]+),0L(-?[\d.]+),0"/.exec(legend!.symbols[1]!);
    expect(ends).not.toBeNull();
    expect(Number(ends![2]) - Number(ends![1])).toBeGreaterThanOrEqual(16);
  });

  it("with by: a colour legend per series and a dash legend for observed/forecast; the band adds none", async () => {
    const spec = flowsChart(flowRecords(), { by: "destination_country" });
    expect(compiledLegends(spec)).toHaveLength(2);
    const legends = legendsOf(await toSvg(spec));
    expect(legends).toHaveLength(2);
    const series = legends.find((l) => l.title === "destination_country");
    const dashes = legends.find((l) => l.title === undefined);
    expect(series?.labels).toEqual(["China", "Japan"]);
    expect(new Set(series!.symbols.map((s) => attr(s, "stroke"))).size).toBe(2);
    expect(series!.symbols.every((s) => solid(attr(s, "stroke-dasharray")))).toBe(true);
    expect(dashes?.labels).toEqual(["observed", "forecast"]);
    expect(dashes!.symbols.map((s) => attr(s, "stroke-dasharray"))).toEqual(["1,0", "6,4"]);
  });

  it("without the band the legends are the same (the band layer never contributes one)", async () => {
    for (const [rows, options] of [[japan(), {}], [flowRecords(), { by: "destination_country" }]] as const) {
      const withBand = legendsOf(await toSvg(flowsChart(rows, options)));
      const without = legendsOf(await toSvg(flowsChart(rows, { ...options, band: false })));
      expect(withBand).toEqual(without);
      expect(withBand.flatMap((l) => l.symbols).every((s) => attr(s, "fill-opacity") === undefined)).toBe(true);
    }
  });
});

describe("forecastChart legend", () => {
  it("one legend whose entries are lines, one per run, named by run date, in each family's dash", async () => {
    const spec = forecastChart(forecastRecords(), { region: "Permian" });
    expect(compiledLegends(spec)).toHaveLength(1);
    const legends = legendsOf(await toSvg(spec));
    expect(legends).toHaveLength(1);
    expect(legends[0]!.labels).toEqual(["actual", "forecast, run 2023-12-15", "backcast, run 2023-04-15", "backcast, run 2023-08-15"]);
    const symbols = legends[0]!.symbols;
    expect(symbols.every((s) => /d="M-?[\d.]+,0L[\d.]+,0"/.test(s))).toBe(true);
    expect(symbols.map((s) => attr(s, "stroke-dasharray"))).toEqual(["1,0", "6,4", "2,2", "2,2"]);
  });

  it("distinct vintages look distinct: each run its own shade, the older lighter, of its family's hue", async () => {
    const spec = forecastChart(forecastRecords(), { region: "Permian", forecastRuns: "all" });
    const [legend] = legendsOf(await toSvg(spec));
    expect(legend!.labels).toEqual(["actual", "forecast, run 2023-11-15", "forecast, run 2023-12-15", "backcast, run 2023-04-15", "backcast, run 2023-08-15"]);
    const strokes = legend!.symbols.map((s) => attr(s, "stroke")!);
    expect(new Set(strokes).size).toBe(5);
    expect(strokes[0]).toBe("#222222");
    const lightness = (hex: string): number => [1, 3, 5].reduce((sum, i) => sum + parseInt(hex.slice(i, i + 2), 16), 0);
    expect(lightness(strokes[1]!)).toBeGreaterThan(lightness(strokes[2]!));
    expect(lightness(strokes[3]!)).toBeGreaterThan(lightness(strokes[4]!));
    expect(spec.title.subtitle).toContain("darker: later run");
  });
});
