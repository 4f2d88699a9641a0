/**
 * The report's interactive form of the project's charts: tooltips everywhere, zoom/pan on time axes,
 * and a spec Vega-Lite still compiles without a warning.
 */
import { describe, expect, it } from "vitest";
import * as vegaLite from "vega-lite";
import { chartFigure } from "../../src/notebook/report/chart-figure";
import { interactiveSpec, ZOOM_PARAM } from "../../src/notebook/report/interactive-spec";
import { flowsChart } from "../../src/plot/flows-chart";
import { mapChart } from "../../src/plot/map-chart";
import { productionChart } from "../../src/plot/production-chart";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const json = (spec: object): Json => JSON.parse(JSON.stringify(spec)) as Json;
const production = json(productionChart(["Permian", "Haynesville"].flatMap((region) => ["2025-01-01", "2025-02-01"].map((date) => ({ date, region, gas_daily: 10 })))));
const flows = json(
  flowsChart(
    Array.from({ length: 6 }, (_, d) => ({ timestamp: `2025-01-0${d + 1}T00:00:00Z`, volume: 5 + d, volume_std: d > 3 ? 1 : 0, volume_unit: "gas_Bcf" })),
  ),
);

/** Compiles with Vega-Lite and returns its warnings. */
function warnings(spec: Json): string[] {
  const seen: string[] = [];
  const logger = { level: () => logger, warn: (...a: unknown[]) => (seen.push(a.join(" ")), logger), info: () => logger, debug: () => logger, error: (...a: unknown[]) => (seen.push(a.join(" ")), logger) };
  vegaLite.compile(spec as never, { logger: logger as never });
  return seen;
}
const zoomParams = (spec: Json): unknown[] => JSON.stringify(spec).match(new RegExp(`"${ZOOM_PARAM}"`, "g")) ?? [];

describe("interactiveSpec", () => {
  it("binds the x scale of a time series to an interval (zoom and pan), leaving the builder's spec as it was", () => {
    const before = JSON.stringify(production);
    const live = interactiveSpec(production);
    expect(live.params).toEqual([{ name: ZOOM_PARAM, select: { type: "interval", encodings: ["x"] }, bind: "scales" }]);
    expect(JSON.stringify(production)).toBe(before);
    expect(warnings(live)).toEqual([]);
  });

  it("gives a layered chart one zoom, transparent points on lines and areas, and a band tooltip naming both ends", () => {
    const live = interactiveSpec(flows);
    expect(zoomParams(live)).toHaveLength(1);
    const [band, line] = live.layer as Json[];
    expect(band!.params?.[0]?.name).toBe(ZOOM_PARAM);
    expect(band!.mark.point).toEqual({ filled: false, opacity: 0, size: 90 });
    expect(line!.mark.point).toEqual({ filled: false, opacity: 0, size: 90 });
    expect(band!.encoding.tooltip.map((t: Json) => t.field)).toEqual(["timestamp", "volume_low", "volume_high", "segment"].filter((f) => JSON.stringify(band!.encoding).includes(`"${f}"`)));
    expect(band!.encoding.tooltip[0]).toMatchObject({ type: "temporal", scale: { type: "utc" } });
    expect(warnings(live)).toEqual([]);
  });

  it("prints tooltip dates in UTC and names fields as their axes do", () => {
    // The builders' own tooltips already carry UTC text (a utcFormat transform) and the axis's words.
    const tips = (interactiveSpec(production) as Json).encoding.tooltip as Json[];
    expect(tips[0]).toMatchObject({ field: "date_utc", type: "nominal" });
    expect(tips[2]).toMatchObject({ field: "gas_daily", title: production.encoding.y.title });
    // A hand-written spec's temporal tooltip gets a UTC scale and its axis's title here.
    const own = interactiveSpec({ data: { values: [] }, mark: "point", encoding: { x: { field: "t", type: "temporal", title: "Day (UTC)" }, tooltip: [{ field: "t", type: "temporal" }] } }) as Json;
    expect(own.encoding.tooltip[0]).toEqual({ field: "t", type: "temporal", scale: { type: "utc" }, title: "Day (UTC)" });
  });

  it("names the state under the pointer on a map, and adds no zoom where x is not time", () => {
    const live = interactiveSpec(json(mapChart([{ lat: 31.9, long: -102.1, operator_name: "A" }]))) as Json;
    expect(live.layer[0].encoding.tooltip).toEqual([{ field: "properties.name", type: "nominal", title: "state" }]);
    expect(zoomParams(live)).toEqual([]);
    const facet = interactiveSpec({ data: { values: [] }, mark: "bar", encoding: { x: { field: "t", type: "temporal" }, row: { field: "g", type: "nominal" } } });
    expect(facet.mark).toEqual({ type: "bar", tooltip: true });
    // Scales bound in a faceted view would zoom one panel only.
    expect(zoomParams(facet)).toEqual([]);
    expect(zoomParams(interactiveSpec({ facet: { row: { field: "g" } }, spec: { mark: "line", encoding: { x: { field: "t", type: "temporal" } } } }))).toEqual([]);
  });

  it("never adds a second scale binding", () => {
    const own = { ...production, params: [{ name: "mine", select: "interval", bind: "scales" }] };
    expect(interactiveSpec(own).params).toEqual(own.params);
  });
});

describe("chartFigure", () => {
  it("embeds the interactive spec as JSON that cannot close its script element, with the static SVG as fallback", () => {
    const html = chartFigure({ ...production, title: "</script><b>x" }, '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320"></svg>');
    expect(html).toContain('<img class="vega-static" alt="chart" src="data:image/svg+xml;base64,');
    expect(html).toContain('width="640" height="320"');
    const script = /<script type="application\/json" class="vega-spec">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(script).not.toContain("<");
    expect(JSON.parse(script).title).toBe("</script><b>x");
    expect(JSON.parse(script).params[0].name).toBe(ZOOM_PARAM);
    expect(html).toContain("drag to pan and scroll to zoom the time axis");
  });
});
