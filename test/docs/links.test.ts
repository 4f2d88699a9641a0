// The documentation is the README plus one page per topic in docs/, linked to each other. This test
// keeps those links true: every relative link of README.md and docs/**/*.md names a file that exists,
// and a link to a section (`page.md#anchor`, `#anchor`) names a heading of that page, by the anchor
// GitHub gives it. It also checks the README's map lists every page of docs/.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { markdownFiles } from "../helpers/markdown-files";

const root = join(__dirname, "..", "..");


/** The lines of a markdown file outside fenced code blocks (numbered from 1). */
function proseLines(markdown: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let fence: string | undefined;
  markdown.split("\n").forEach((text, i) => {
    const f = /^\s*(```|~~~)/.exec(text);
    if (f) {
      if (fence === undefined) fence = f[1];
      else if (f[1] === fence) fence = undefined;
      return;
    }
    if (fence === undefined) out.push({ line: i + 1, text });
  });
  return out;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2... */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const { text } of proseLines(markdown)) {
    const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (!h) continue;
    const base = h[1]!.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Relative links and images of a file: `[text](target)`, code spans left out. */
function linksOf(markdown: string): { line: number; target: string }[] {
  const out: { line: number; target: string }[] = [];
  for (const { line, text } of proseLines(markdown)) {
    const prose = text.replace(/`[^`]*`/g, "``");
    for (const m of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: ...
      out.push({ line, target });
    }
  }
  return out;
}

describe("the documentation's links", () => {
  it("anchors are computed as GitHub computes them", () => {
    const md = "# A page\n\n## Rate limiting (429)\n\n```sh\n# not a heading\n```\n\n### Monthly volume <-> daily rate: `addDailyRate`\n## Rate limiting (429)\n";
    expect([...anchorsOf(md)]).toEqual(["a-page", "rate-limiting-429", "monthly-volume---daily-rate-adddailyrate", "rate-limiting-429-1"]);
  });

  it("every relative link names a file that exists, and a heading of it when it has an anchor", () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of markdownFiles(root)) {
      const markdown = readFileSync(join(root, file), "utf8");
      for (const { line, target } of linksOf(markdown)) {
        checked++;
        const [path, anchor] = target.split("#", 2) as [string, string | undefined];
        const resolved = path === "" ? file : normalize(join(dirname(file), decodeURI(path)));
        const where = `${file}:${line}: ${target}`;
        if (!existsSync(join(root, resolved))) {
          broken.push(`${where}: no file ${resolved}`);
          continue;
        }
        if (anchor === undefined || !resolved.endsWith(".md")) continue;
        if (!anchorsOf(readFileSync(join(root, resolved), "utf8")).has(anchor)) broken.push(`${where}: no heading with anchor #${anchor} in ${resolved}`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(broken).toEqual([]);
  });

  it("the README's map links every page of docs/", () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const linked = new Set(linksOf(readme).map((l) => normalize(l.target.split("#")[0]!)));
    const pages = markdownFiles(root).filter((f) => f !== "README.md").map((f) => relative(root, join(root, f)));
    expect(pages.length).toBeGreaterThanOrEqual(10);
    expect(pages.filter((p) => !linked.has(p))).toEqual([]);
  });
});
