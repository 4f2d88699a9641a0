/**
 * Every catalog entry names where it comes from (the spec, the vendor's published reference, or our own
 * choice), and docs/conformance.md lists them all in a table that must equal the catalogs.
 * `GASFRAMES_UPDATE_DOCS=1 npx vitest run test/docs/catalog-sources.test.ts` rewrites the table.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { EndpointSource, EndpointSpec } from "../../src/catalog/types";
import { v3, v4, v4Datalinks } from "../../src/natgas/catalog";
import { LNG_V1 } from "../../src/lng/catalog/v1";
import { LEGACY_API } from "../../src/lng/legacy/legacy-catalog";

const root = resolve(__dirname, "../..");
const specDir = resolve(root, "../shared/spec");
const page = join(root, "docs/conformance.md");
const MARKER = "<!-- section: generated table -->";

/** The vendor's documentation hosts: a `docs` URL must be one of their pages (the Excel add-in pages are served over http). */
const VENDOR_DOC_HOSTS = /^https?:\/\/([a-z0-9-]+\.)*synmax\.com\//;

const catalogs: ReadonlyArray<readonly [string, Readonly<Record<string, EndpointSpec>>]> = [
  ["natural gas v3", v3],
  ["natural gas v4", v4],
  ["natural gas v4", v4Datalinks],
  ["LNG v1", LNG_V1],
  ["old LNG API", LEGACY_API],
];

function entries(): Array<{ catalog: string; key: string; spec: EndpointSpec }> {
  return catalogs.flatMap(([catalog, entriesOf]) => Object.entries(entriesOf).map(([key, spec]) => ({ catalog, key, spec })));
}

function describeSource(source: EndpointSource | undefined): string {
  if (source === undefined) return "(none)";
  const parts: string[] = [];
  if (source.docs?.length) parts.push(source.docs.map((url, i) => `[page${source.docs!.length > 1 ? ` ${i + 1}` : ""}](${url})`).join(", "));
  if (source.spec) parts.push(`spec: ${source.spec}`);
  if (source.code?.length) parts.push(`code: ${source.code.join("; ")}`);
  if (source.choice) parts.push(`our choice: ${source.choice}`);
  if (source.unverified) parts.push(`**unverified**: ${source.unverified}`);
  return parts.join("; ").replace(/\|/g, "\\|");
}

/** The generated table, one row per endpoint. */
function sourceTable(): string {
  const rows = entries().map(({ catalog, spec }) => {
    const limits = [spec.rowLimit ? `${spec.rowLimit.toLocaleString("en-US")} rows` : "", spec.rateLimit ? `${spec.rateLimit.requests}/${spec.rateLimit.perMs === 60_000 ? "min" : `${spec.rateLimit.perMs} ms`}` : ""].filter(Boolean).join(", ");
    return `| ${catalog} | \`${spec.method}\` | ${spec.httpMethod} \`${spec.path}\` | ${limits || "-"} | ${describeSource(spec.source)} |`;
  });
  return ["| Service | Method | Request | Limits | Source |", "|---|---|---|---|---|", ...rows].join("\n");
}

describe("catalog sources", () => {
  it("every entry of every catalog names a source with at least one of spec, docs, code or choice", () => {
    const missing = entries()
      .filter(({ spec }) => !spec.source || !(spec.source.spec || spec.source.docs?.length || spec.source.code?.length || spec.source.choice))
      .map(({ catalog, key }) => `${catalog}.${key}`);
    expect(missing).toEqual([]);
  });

  it("docs sources are the vendor's pages and spec sources name a spec document that exists", () => {
    const bad: string[] = [];
    for (const { catalog, key, spec } of entries()) {
      for (const url of spec.source?.docs ?? []) if (!VENDOR_DOC_HOSTS.test(url)) bad.push(`${catalog}.${key}: ${url}`);
      const file = spec.source?.spec?.split("#")[0];
      if (file !== undefined && !(file === "natgas-service.md" || file === "lng-service.md")) bad.push(`${catalog}.${key}: spec ${file}`);
      if (file !== undefined && existsSync(specDir) && !existsSync(join(specDir, file))) bad.push(`${catalog}.${key}: no ${file} in ${specDir}`);
    }
    expect(bad).toEqual([]);
  });

  it("the describer cannot pass an entry without a source", () => {
    expect(describeSource(undefined)).toBe("(none)");
    expect(describeSource({ choice: "a|b" })).toBe("our choice: a\\|b");
  });

  it("docs/conformance.md's table equals the catalogs", () => {
    const text = readFileSync(page, "utf8");
    const at = text.indexOf(MARKER);
    expect(at, `docs/conformance.md lacks ${MARKER}`).toBeGreaterThan(0);
    const wanted = `${text.slice(0, at + MARKER.length)}\n\n${sourceTable()}\n`;
    if (process.env.GASFRAMES_UPDATE_DOCS === "1") writeFileSync(page, wanted);
    expect(readFileSync(page, "utf8"), "run GASFRAMES_UPDATE_DOCS=1 npx vitest run test/docs/catalog-sources.test.ts").toBe(wanted);
  });
});
