/**
 * Long code lines in a report page wrap inside the cell instead of running on behind a scrollbar: the
 * stylesheet says so, and in a real headless Chromium the code block is no wider than its box and grows
 * taller instead. A screenshot of the page is kept in test-artifacts/browser/.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budget } from "../helpers/budget";
import type { Notebook } from "../../src/notebook/nbformat/types";
import { renderNotebookPage } from "../../src/notebook/report/render-notebook-page";
import { REPORT_CSS } from "../../src/notebook/report/report-style";
import { repoRoot } from "./helpers/jupyter";
import { chromiumPath, HeadlessPage } from "./helpers/headless-chromium";

const WAIT_MS = 60_000;
const ARTIFACTS = join(repoRoot, "test-artifacts", "browser");
// One line of about 300 characters, with a 120-character word in it that has no place to break.
const LONG_LINE = `const flows = await lng.volumeFlows({ destination_regions: ["Europe", "Asia"], from_timestamp: "2025-01-01T00:00:00Z", to_timestamp: "2025-03-31T00:00:00Z" }); // ${"x".repeat(120)}`;

function page(): string {
  const nb: Notebook = {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {},
    cells: [
      { id: "m", cell_type: "markdown", metadata: {}, source: "# Long lines" },
      { id: "c", cell_type: "code", metadata: {}, source: `const short = 1;\n${LONG_LINE}\n  ${LONG_LINE}`, execution_count: 1, outputs: [] },
    ],
  };
  return renderNotebookPage(nb, { title: "Long lines" });
}

describe("code cells of a report page", () => {
  it("wrap long lines in the stylesheet (pre-wrap, breaking even inside a long word)", () => {
    const rule = REPORT_CSS.split("\n").find((l) => l.startsWith(".input pre"));
    expect(rule).toMatch(/white-space:\s*pre-wrap/);
    expect(rule).toMatch(/overflow-wrap:\s*anywhere/);
    expect(page()).toContain(`<div class="input"><pre><code class="language-typescript">const short = 1;`);
  });

  describe("in headless Chromium", () => {
    const binary = chromiumPath();
    let browser: HeadlessPage;
    beforeAll(async () => {
      if (!binary) throw new Error("this test needs Chromium: apt-get install chromium (or set GASFRAMES_CHROMIUM)");
      const dir = mkdtempSync(join(tmpdir(), "report-wrap-"));
      writeFileSync(join(dir, "wrap.html"), page());
      browser = await HeadlessPage.launch(binary, { width: 900, height: 700 });
      await browser.goto(pathToFileURL(join(dir, "wrap.html")).href);
    }, budget(120_000));
    afterAll(async () => {
      await browser?.close();
    }, budget(60_000));

    it("keep every line inside the code box: no horizontal scrolling, the box grows taller", async () => {
      const box = await browser.waitFor<{ scroll: number; client: number; height: number; lineHeight: number; whiteSpace: string }>(
        `(() => {
          const pre = document.querySelector(".input pre");
          if (!pre) return undefined;
          const style = getComputedStyle(pre);
          return { scroll: pre.scrollWidth, client: pre.clientWidth, height: pre.clientHeight, lineHeight: parseFloat(style.lineHeight), whiteSpace: style.whiteSpace };
        })()`,
        WAIT_MS,
      );
      expect(box.whiteSpace).toBe("pre-wrap");
      expect(box.scroll).toBeLessThanOrEqual(box.client);
      // Three source lines, two of them far wider than the box: many more than three lines on screen.
      expect(box.height / box.lineHeight).toBeGreaterThan(6);
      mkdirSync(ARTIFACTS, { recursive: true });
      const shot = await browser.send("Page.captureScreenshot", { format: "png" });
      writeFileSync(join(ARTIFACTS, "report-code-wrap.png"), Buffer.from(shot.data as string, "base64"));
      expect(browser.blocked).toEqual([]);
    }, budget(120_000));
  });
});
