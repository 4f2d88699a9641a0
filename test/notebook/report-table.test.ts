/**
 * The report's tables: a gasframes table display (the project's own `text/html`) rewritten to publish.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { publishTable } from "../../src/notebook/report/publish-table";
import { renderOutput } from "../../src/notebook/report/render-output";
import { displayBundle } from "../../src/plot/show";
import { Table } from "../../src/table/table";

/** The `text/html` a notebook output carries for a table (what `show` sends). */
const htmlOf = async (records: Record<string, unknown>[], units: Record<string, string> = {}, rows?: number) =>
  String((await displayBundle(Table.fromRecords(records, { units }), { rows }))["text/html"]);
const headers = (html: string) => [...html.replace(/<wbr>/g, "").matchAll(/<th class="(\w+)">([^<]*)(?:<span class="unit">([^<]*)<\/span>)?<\/th>/g)].map((m) => ({ align: m[1], name: m[2], unit: m[3] }));
const column = (html: string, j: number) => [...html.matchAll(/<tr>(.*?)<\/tr>/g)].slice(1).map((r) => [...r[1]!.matchAll(/<td class="\w+">([^<]*)<\/td>/g)][j]?.[1]);

describe("publishTable", () => {
  const records = [
    { bcfd: 1234.5678, frac_end: new Date(Date.UTC(2025, 0, 2)), operator_name: "Bison <Trail>", seen: new Date(Date.UTC(2025, 0, 2, 14, 5)), share: 0.012345, empty: null, volume: 5.5, volume_unit: "gas_Bcf", wellpad_id: 500000 },
    { bcfd: 12.3, frac_end: new Date(Date.UTC(2025, 0, 3)), operator_name: "Pecan", seen: new Date(Date.UTC(2025, 0, 3, 9, 0)), share: 0.5, empty: null, volume: -0.0001, volume_unit: "gas_Bcf", wellpad_id: 500059 },
  ];
  let html: string;
  beforeAll(async () => {
    html = publishTable(await htmlOf(records, { bcfd: "BCF/day", volume: "gas_Bcf", share: "%" }))!;
  });

  it("puts identifiers first, then dates, then the rest, with units in the headers and no column types", () => {
    expect(headers(html)).toEqual([
      { align: "text", name: "operator_name", unit: undefined },
      { align: "num", name: "wellpad_id", unit: undefined },
      { align: "time", name: "frac_end", unit: undefined },
      { align: "time", name: "seen", unit: "UTC" },
      { align: "num", name: "bcfd", unit: "Bcf/d" },
      { align: "num", name: "share", unit: "%" },
      { align: "num", name: "volume", unit: "Bcf" },
    ]);
    expect(html).not.toMatch(/\b(float|int|timestamp|string)\b/);
  });

  it("rounds each numeric column to one number of decimals, right-aligned, identifiers as digits", () => {
    expect(column(html, 1)).toEqual(["500000", "500059"]);
    expect(column(html, 4)).toEqual(["1,235", "12"]);
    expect(column(html, 5)).toEqual(["0.012", "0.500"]);
    expect(column(html, 6)).toEqual(["5.50", "0.00"]);
    expect(html).toContain('<td class="num">1,235</td>');
  });

  it("prints dates without midnight times and timestamps to the minute", () => {
    expect(column(html, 2)).toEqual(["2025-01-02", "2025-01-03"]);
    expect(column(html, 3)).toEqual(["2025-01-02 14:05", "2025-01-03 09:00"]);
    expect(html).toContain('<td class="time">2025-01-02 14:05</td>');
    expect(html).not.toContain("T00:00");
  });

  it("prints a timestamp's seconds nowhere: to the minute", async () => {
    const out = publishTable(await htmlOf([{ seen: new Date(Date.UTC(2025, 0, 2, 14, 5, 30)) }, { seen: new Date(Date.UTC(2025, 0, 2, 14, 6)) }]))!;
    expect(column(out, 0)).toEqual(["2025-01-02 14:05", "2025-01-02 14:06"]);
  });

  it("leaves out empty columns and unit columns repeated in a header, and says so", () => {
    expect(headers(html).map((h) => h.name)).not.toContain("empty");
    expect(headers(html).map((h) => h.name)).not.toContain("volume_unit");
    expect(html).toContain("Not shown: empty (no values in the rows shown); volume_unit (the unit is in the volume header).");
  });

  it("lets long column names break after underscores so headers do not widen the table", () => {
    expect(html).toContain("<th class=\"text\">operator_<wbr>name</th>");
    expect(html).toContain("frac_<wbr>end");
  });

  it("escapes text and keeps the table in its own scrolling box", () => {
    expect(column(html, 0)).toEqual(["Bison &lt;Trail&gt;", "Pecan"]);
    expect(html).toMatch(/^<div class="table-box">[\s\S]*<div class="table-scroll"><table class="data">/);
  });

  it("counts the rows a long table does not show", async () => {
    const long = Array.from({ length: 25 }, (_, i) => ({ region: `r${i}`, value: i * 1.5 }));
    const out = publishTable(await htmlOf(long, {}, 4))!;
    expect(out).toContain('<tr class="gap"><td colspan="2">… 21 more rows …</td></tr>');
    expect(column(out, 1).filter(Boolean)).toEqual(["0.00", "1.50", "34.50", "36.00"]);
  });

  it("leaves other HTML alone", () => {
    expect(publishTable("<table><tr><td>7</td></tr></table>")).toBeUndefined();
    const out = renderOutput({ output_type: "display_data", data: { "text/html": "<table><tr><td>7</td></tr></table><script>x()</script>" }, metadata: {} });
    expect(out).toBe('<div class="out html"><table><tr><td>7</td></tr></table></div>');
  });

  it("is what the report shows for a table output", async () => {
    const out = renderOutput({ output_type: "display_data", data: { "text/html": await htmlOf(records), "text/plain": "t" }, metadata: {} });
    expect(out).toMatch(/^<div class="out table"><div class="table-box">/);
  });
});
