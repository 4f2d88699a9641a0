/** The report's index page: each notebook's summary whole, never cut at a colon. */
import { describe, expect, it } from "vitest";
import { renderIndexPage } from "../../src/notebook/report/render-index-page";
import type { Notebook } from "../../src/notebook/nbformat/types";

const notebook = (markdown: string): Notebook =>
  ({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells: [{ cell_type: "markdown", source: markdown, metadata: {} }] }) as unknown as Notebook;

describe("renderIndexPage summaries", () => {
  it("keeps the list a summary's first paragraph introduces with a colon", () => {
    const page = renderIndexPage(
      [{ href: "04.html", title: "Production", notebook: notebook("# Production\n\nFour questions, four endpoints:\n\n1. How much gas?\n   (`production`)\n2. What next?\n\nUnits follow the service.") }],
      "the sandbox",
    );
    expect(page).toContain('<p class="summary">Four questions, four endpoints:</p>');
    expect(page).toContain('<ol class="summary"><li>How much gas? (<code>production</code>)</li><li>What next?</li></ol>');
    expect(page).not.toContain("Units follow the service.");
  });

  it("a paragraph that ends with a full stop stands alone", () => {
    const page = renderIndexPage([{ href: "a.html", title: "A", notebook: notebook("# A\n\nActivity leads production.\n\n- not this") }], "x");
    expect(page).toContain('<p class="summary">Activity leads production.</p>');
    expect(page).not.toContain("not this");
  });
});
