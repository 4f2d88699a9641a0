import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { save } from "../../src/plot";
import { InvalidParamsError } from "../../src/errors";
import { sampleCharts } from "./support/charts";
import { inkStats } from "./support/png-pixels";

const dir = mkdtempSync(join(tmpdir(), "gasframes-plot-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const chart = sampleCharts().production!;

describe("save picks the format by extension", () => {
  it(".svg writes the SVG", async () => {
    const path = await save(chart, join(dir, "a.svg"));
    expect(readFileSync(path, "utf8")).toMatch(/^<svg[\s\S]*Gas production \(Bcf\/d\)[\s\S]*<\/svg>$/);
  });

  it(".png writes a non-blank PNG at the asked scale, creating missing folders", async () => {
    const path = await save(chart, join(dir, "nested", "deeper", "a.png"), { scale: 1 });
    const stats = inkStats(readFileSync(path));
    expect(stats.width).toBeGreaterThan(640);
    expect(stats.ink).toBeGreaterThan(0.1);
  });

  it(".html is self-contained: inline SVG and the spec as JSON, nothing fetched", async () => {
    const hostile = { ...chart, title: "</script><script>alert(1)</script>" };
    const html = readFileSync(await save(hostile, join(dir, "a.html")), "utf8");
    expect(html).toContain("<svg");
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|https?:\/\/(?!www\.w3\.org|vega\.github\.io)/);
    const json = /<script type="application\/vnd\.vegalite\.v5\+json" id="vega-lite-spec">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(json)).toEqual(hostile);
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it(".vl.json and .json write the spec", async () => {
    expect(JSON.parse(readFileSync(await save(chart, join(dir, "a.vl.json")), "utf8"))).toEqual(chart);
    expect(JSON.parse(readFileSync(await save(chart, join(dir, "b.JSON")), "utf8"))).toEqual(chart);
  });

  it("another extension is an InvalidParamsError naming the path and the formats", async () => {
    const e = await save(chart, join(dir, "a.jpg")).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(InvalidParamsError);
    expect((e as InvalidParamsError).issues[0]).toMatchObject({ param: "path", expected: expect.stringContaining(".svg") });
  });
});
