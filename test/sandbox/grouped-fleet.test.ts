/**
 * The report's aggregated rigs and frac crews (`aggregate_by`) are grouped from records holding only the date and
 * the grouped fields (src/sandbox/natgas/v3/activity.ts, groupedFields): the groups and counts must be those of
 * the whole records, as the unaggregated answer lists them. Counted here from every page of that answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { formatDayMdy, parseDay } from "../../src/sandbox/core/dates";
import { allPages } from "./sandbox-http";

let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox({ asOf: "2026-11-01" });
});
afterAll(() => sandbox.close());

/** Counts of `rows` by date (as `dateText` writes it) and the fields, sorted as the service sorts its groups. */
function countBy(rows: Record<string, unknown>[], fields: string[], countField: string, dateText: (d: string) => string): Record<string, unknown>[] {
  const groups = new Map<string, Record<string, unknown>>();
  for (const r of rows) {
    const key = JSON.stringify([r.date, ...fields.map((f) => r[f])]);
    const g = groups.get(key) ?? { ...Object.fromEntries(fields.map((f) => [f, r[f]])), date: r.date, [countField]: 0 };
    (g[countField] as number)++;
    groups.set(key, g);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, g]) => ({ ...g, date: dateText(g.date as string) }));
}

describe("aggregated fleets of the sandbox (v3 rigs, frac crews)", () => {
  it("rigs by date and region count the unaggregated records", async () => {
    const window = { start_date: "2026-10-25", end_date: "2026-10-31" };
    const all = await allPages(sandbox.url, "/v3/rigs", window);
    const grouped = await allPages(sandbox.url, "/v3/rigs", { ...window, aggregate_by: ["date", "region"] });
    expect(all.rows.length).toBeGreaterThan(100);
    expect(grouped.rows).toEqual(countBy(all.rows, ["region"], "rigs_count", (d) => formatDayMdy(parseDay(d)!)));
  });

  it("frac crews by date, service company and sub-region count the unaggregated records", async () => {
    const window = { start_date: "2026-10-25", end_date: "2026-10-31", region: ["west"] };
    const all = await allPages(sandbox.url, "/v3/fraccrews", window);
    const grouped = await allPages(sandbox.url, "/v3/fraccrews", { ...window, aggregate_by: ["date", "service_company", "sub_region"] });
    expect(all.rows.length).toBeGreaterThan(20);
    expect(grouped.rows).toEqual(countBy(all.rows, ["service_company", "sub_region"], "frac_crews_count", (d) => d));
  });
});
