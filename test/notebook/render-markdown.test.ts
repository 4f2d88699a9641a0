import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../src/notebook/report/render-markdown";
import { renderOutput } from "../../src/notebook/report/render-output";

describe("renderMarkdown", () => {
  it("renders headings, emphasis, code, links and paragraphs", () => {
    const html = renderMarkdown("# LNG flows\n\nWeekly **imports** to *Europe* use `resampleFlows`.\nSee [docs](https://example.org/x?a=1&b=2).");
    expect(html).toContain('<h1 id="lng-flows">LNG flows</h1>');
    expect(html).toContain("<strong>imports</strong>");
    expect(html).toContain("<em>Europe</em>");
    expect(html).toContain("<code>resampleFlows</code>");
    expect(html).toContain('<a href="https://example.org/x?a=1&amp;b=2">docs</a>');
  });

  it("renders GitHub tables with alignment, nested lists, fences, quotes and rules", () => {
    const html = renderMarkdown(
      "| region | bcf/d |\n|:--|--:|\n| Permian | 25.1 |\n\n- one\n  - nested *a*\n- two\n\n3. third\n4. fourth\n\n```ts\nconst a = 1 < 2;\n```\n\n> quoted\n\n---",
    );
    expect(html).toContain('<th style="text-align:left">region</th><th style="text-align:right">bcf/d</th>');
    expect(html).toContain('<td style="text-align:left">Permian</td><td style="text-align:right">25.1</td>');
    expect(html).toMatch(/<ul>\n<li>one<ul>\n<li>nested <em>a<\/em><\/li>\n<\/ul><\/li>\n<li>two<\/li>\n<\/ul>/);
    expect(html).toContain('<ol start="3">');
    expect(html).toContain('<pre><code class="language-ts">const a = 1 &lt; 2;</code></pre>');
    expect(html).toContain("<blockquote><p>quoted</p></blockquote>");
    expect(html).toContain("<hr>");
  });

  it("never lets notebook text inject markup or script", () => {
    const html = renderMarkdown('<script>alert(1)</script> and [x](javascript:alert(1)) and `<b>`');
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain('<a href="#">x</a>');
    expect(html).toContain("<code>&lt;b&gt;</code>");
  });

  it("keeps snake_case field names intact (no stray emphasis)", () => {
    expect(renderMarkdown("gas_daily and forecast_run_date")).toBe("<p>gas_daily and forecast_run_date</p>");
  });
});

describe("renderOutput", () => {
  it("embeds SVG charts as data images at their drawn size, drops scripts from HTML, escapes text", () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect/></svg>';
    const chart = renderOutput({ output_type: "display_data", data: { "image/svg+xml": svg, "text/plain": "chart" }, metadata: {} });
    expect(chart).toContain(`src="data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}"`);
    expect(chart).toContain('width="300" height="200"');
    const html = renderOutput({ output_type: "display_data", data: { "text/html": '<table onclick="x()"><tr><td>1</td></tr></table><script>evil()</script>' }, metadata: {} });
    expect(html).toBe('<div class="out html"><table><tr><td>1</td></tr></table></div>');
    expect(renderOutput({ output_type: "stream", name: "stderr", text: "\x1b[31m<warn>\x1b[0m" })).toBe('<pre class="out stderr">&lt;warn&gt;</pre>');
  });
});
