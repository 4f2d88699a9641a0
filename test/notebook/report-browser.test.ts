/**
 * A report page in a real headless Chromium (Debian's `chromium`; .ci/run installs it): the chart is drawn
 * by vega-embed from the report's bundled script, a hovered mark shows its values in a tooltip, the time
 * axis zooms, nothing is requested beyond file: and data:, and with scripts off the static SVG is shown.
 * The page is built from an executed notebook made in memory from the project's own chart and table
 * displays, so no kernel runs here.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budget } from "../helpers/budget";
import type { Notebook } from "../../src/notebook/nbformat/types";
import { renderNotebookPage } from "../../src/notebook/report/render-notebook-page";
import { vegaBundle, writeVegaBundle } from "../../src/notebook/report/vega-bundle";
import { productionChart } from "../../src/plot/production-chart";
import { displayBundle } from "../../src/plot/show";
import { Table } from "../../src/table/table";
import { chromiumPath, HeadlessPage } from "./helpers/headless-chromium";

const WAIT_MS = 60_000;
const records = ["Permian", "Haynesville"].flatMap((region, r) =>
  Array.from({ length: 10 }, (_, d) => ({ date: `2025-01-${String(d + 1).padStart(2, "0")}`, region, gas_daily: 10 + r * 5 + d / 4 })),
);

async function buildPage(dir: string): Promise<string> {
  const chart = await displayBundle(productionChart(records, { title: "Test production" }));
  const table = await displayBundle(Table.fromRecords(records.slice(0, 3), { units: { gas_daily: "BCF/day" } }));
  const output = (data: Record<string, unknown>) => ({ output_type: "display_data" as const, data, metadata: {} });
  const nb: Notebook = {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {},
    cells: [
      { id: "m", cell_type: "markdown", metadata: {}, source: "# Browser fixture" },
      { id: "c", cell_type: "code", metadata: {}, source: "await show(chart)", execution_count: 1, outputs: [output(chart), output(table)] },
    ],
  };
  const page = join(dir, "fixture.html");
  writeFileSync(page, renderNotebookPage(nb, { title: "Browser fixture" }));
  writeVegaBundle(dir);
  return pathToFileURL(page).href;
}

const binary = chromiumPath();

describe("the report's vega bundle", () => {
  it("is vega, vega-lite and vega-embed from node_modules, in load order, then the loader", () => {
    const bundle = vegaBundle();
    const heads = [...bundle.matchAll(/^\/\*! ([\w-]+) (\d+)\.\d+\.\d+ /gm)].map((m) => `${m[1]}@${m[2]}`);
    expect(heads).toEqual(["vega@5", "vega-lite@5", "vega-embed@6"]);
    expect(bundle.indexOf("window.vegaEmbed(target, spec")).toBeGreaterThan(bundle.lastIndexOf("vega-embed"));
  });
});

describe("a report page in headless Chromium", () => {
  let page: HeadlessPage;
  let url: string;
  beforeAll(async () => {
    if (!binary) throw new Error("this test needs Chromium: apt-get install chromium (or set GASFRAMES_CHROMIUM)");
    url = await buildPage(mkdtempSync(join(tmpdir(), "report-browser-")));
    page = await HeadlessPage.launch(binary);
    await page.goto(url);
  }, budget(120_000));
  afterAll(async () => {
    await page?.close();
  }, budget(60_000));

  it("draws the chart with vega from the bundled script and hides the static image", async () => {
    expect(await page.waitFor<boolean>(`!!document.querySelector("figure.vega-chart.interactive .vega-view svg .mark-area")`, WAIT_MS)).toBe(true);
    expect(await page.evaluate<boolean>(`document.querySelector("figure.vega-chart .vega-static").hidden`)).toBe(true);
    expect(await page.evaluate<boolean>(`document.querySelector("figure.vega-chart .hint").hidden`)).toBe(false);
    expect(await page.evaluate<string | null>(`document.querySelector("figure.vega-chart").getAttribute("data-vega-error")`)).toBeNull();
    expect(page.problems).toEqual([]);
  }, budget(120_000));

  it("shows a hovered mark's values in a tooltip", async () => {
    await page.waitFor(`!!document.querySelector("figure.vega-chart.interactive")`, WAIT_MS);
    // The report's transparent points sit on each data value; find the one for Permian on 2025-01-05.
    const target = await page.evaluate<{ x: number; y: number } | null>(`(() => {
      for (const el of document.querySelectorAll(".vega-view .mark-symbol path")) {
        const d = el.__data__ && el.__data__.datum;
        if (d && d.region === "Permian" && +d.date === ${Date.UTC(2025, 0, 5)}) {
          const r = el.getBoundingClientRect();
          return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
        }
      }
      return null;
    })()`);
    expect(target).not.toBeNull();
    await page.hover(target!.x, target!.y);
    const text = await page.waitFor<string>(`(() => { const t = document.getElementById("vg-tooltip-element"); return t && t.classList.contains("visible") && t.textContent; })()`, WAIT_MS);
    expect(text).toContain("Permian");
    expect(text).toContain("2025-01-05");
    expect(text).toContain("Gas production (Bcf/d)11.00");
    // The date is the UTC day (the spec's utcFormat), not the viewer's local one.
    expect(text).toContain("Date (UTC)2025-01-05");
  }, budget(120_000));

  it("zooms the time axis with the mouse wheel", async () => {
    const span = `(() => { const d = document.querySelector("figure.vega-chart").vegaView.scale("x").domain(); return +d[1] - +d[0]; })()`;
    const before = await page.evaluate<number>(span);
    const at = await page.evaluate<{ x: number; y: number }>(`(() => { const r = document.querySelector(".vega-view svg .mark-area").getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; })()`);
    await page.wheel(at.x, at.y, -400);
    const after = await page.waitFor<number>(`(() => { const s = ${span}; return s < ${before} ? s : 0; })()`, WAIT_MS);
    expect(after).toBeLessThan(before);
  }, budget(120_000));

  it("requests nothing beyond file: and data:, and loads the chart script from the report's assets", () => {
    expect(page.blocked).toEqual([]);
    expect(page.requests.filter((u) => !/^(file|data):/.test(u))).toEqual([]);
    expect(page.requests.some((u) => u.startsWith("file:") && u.endsWith("/assets/vega-bundle.js"))).toBe(true);
  });

  it("shows the static SVG when scripts are off", async () => {
    const noScript = await HeadlessPage.launch(binary!);
    try {
      await noScript.send("Emulation.setScriptExecutionDisabled", { value: true });
      await noScript.goto(url);
      const shown = await noScript.evaluate<{ width: number; svg: boolean }>(`(() => { const img = document.querySelector("figure.vega-chart .vega-static"); return { width: img.getBoundingClientRect().width, svg: !!document.querySelector(".vega-view svg") }; })()`);
      expect(shown.svg).toBe(false);
      expect(shown.width).toBeGreaterThan(100);
    } finally {
      await noScript.close();
    }
  }, budget(120_000));
});
