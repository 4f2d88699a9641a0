/**
 * Tooltip dates are UTC dates in whatever zone the viewer is in: every chart is run in a headless vega
 * View (as JupyterLab's renderer and the report's vega-embed run it) in America/New_York, and each date a
 * tooltip shows must be a UTC date of the chart's data, never the local day before.
 */
import { describe, expect, it } from "vitest";
import { compile } from "vega-lite";
import { parse, View } from "vega";
import type { VegaLiteSpec } from "../../src/plot";
import { interactiveSpec } from "../../src/notebook/report/interactive-spec";
import { sampleCharts } from "./support/charts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Every tooltip object of the rendered scene. */
async function tooltips(spec: VegaLiteSpec): Promise<Record<string, unknown>[]> {
  const view = new View(parse(compile(structuredClone(spec) as never).spec), { renderer: "none" });
  await view.runAsync();
  const out: Record<string, unknown>[] = [];
  const walk = (node: { items?: unknown[]; tooltip?: unknown } | undefined): void => {
    if (!node) return;
    if (node.tooltip && typeof node.tooltip === "object") out.push(node.tooltip as Record<string, unknown>);
    for (const item of node.items ?? []) walk(item as never);
  };
  walk((view.scenegraph() as unknown as { root: never }).root);
  view.finalize();
  return out;
}

/** The ways a UTC instant of the data may be printed: day, minute, month. */
function utcSpellings(spec: VegaLiteSpec): Set<string> {
  const out = new Set<string>();
  for (const row of (spec.data?.values ?? []) as Record<string, unknown>[]) {
    for (const v of Object.values(row)) {
      if (typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v)) out.add(v);
      if (typeof v !== "string" || !ISO.test(v)) continue;
      const d = new Date(v);
      out.add(v.slice(0, 10));
      out.add(v.slice(0, 16).replace("T", " "));
      out.add(`${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`);
    }
  }
  return out;
}

const charts = sampleCharts();

describe("tooltip dates are UTC (the data's dates are UTC days)", () => {
  it("runs in a zone west of UTC, where local dates would be a day early", () => {
    expect(process.env.TZ).toBe("America/New_York");
    expect(new Date("2024-04-01T00:00:00Z").getDate()).toBe(31);
  });

  for (const [name, spec] of Object.entries(charts)) {
    if (name === "map") continue;
    for (const [where, form] of [["notebook", spec], ["report", interactiveSpec(spec) as VegaLiteSpec]] as const) {
      it(`${name} (${where}): every date in a tooltip is a UTC date of the data`, async () => {
        const known = utcSpellings(spec);
        const dates = (await tooltips(form)).flatMap((t) => Object.values(t)).filter((v): v is string => typeof v === "string" && /^(\d{4}-\d{2}-\d{2}|[A-Z][a-z]{2} \d{4}$)/.test(v));
        expect(dates.length).toBeGreaterThan(0);
        expect(dates.filter((d) => !known.has(d))).toEqual([]);
      });
    }
  }

  it("the check sees a local-time tooltip (guards the test): a temporal tooltip without UTC shows the day before", async () => {
    const spec = structuredClone(charts.flows!);
    spec.transform = [];
    const line = spec.layer[spec.layer.length - 1];
    line.encoding.tooltip = [{ field: "timestamp", type: "temporal", format: "%Y-%m-%d" }];
    const dates = (await tooltips(spec)).map((t) => Object.values(t)[0]);
    expect(dates).toContain("2024-03-31");
  });
});
