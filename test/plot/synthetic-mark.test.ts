/**
 * A chart or report page drawn from synthetic data says so where a reader sees it: a red subtitle line
 * on the chart, a banner on the page. A process that never received synthetic data draws no mark.
 */
import { afterAll, describe, expect, it } from "vitest";
import { NatGasClient } from "../../src/natgas";
import { weeklyActivity } from "../../src/analysis";
import { activityChart } from "../../src/plot";
import { SYNTHETIC_DATA_MARK } from "../../src/plot/spec";
import { renderIndexPage } from "../../src/notebook/report/render-index-page";
import { renderNotebookPage, SYNTHETIC_BANNER } from "../../src/notebook/report/render-notebook-page";
import type { Notebook } from "../../src/notebook/nbformat/types";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";

let sandbox: SandboxHandle | undefined;
afterAll(() => sandbox?.close());

const rows = [
  { date: "2024-01-01", rig_class: "gas", rigs_count: 3 },
  { date: "2024-01-08", rig_class: "gas", rigs_count: 4 },
];

const notebookWith = (spec: unknown): Notebook =>
  ({
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {},
    cells: [{ cell_type: "code", source: "chart", metadata: {}, execution_count: 1, outputs: [{ output_type: "display_data", metadata: {}, data: { "application/vnd.vegalite.v5+json": spec } }] }],
  }) as unknown as Notebook;

describe("the synthetic-data mark", () => {
  // The tests run in order in one process: the first draws before any synthetic answer arrived.
  it("is absent while the process has received no synthetic data", () => {
    const spec = activityChart(weeklyActivity(rows, { kind: "rigs" }));
    expect(JSON.stringify(spec.title)).toContain("Rigs per week");
    expect(JSON.stringify(spec)).not.toContain(SYNTHETIC_DATA_MARK);
    expect(spec.usermeta).toBeUndefined();
    expect(renderNotebookPage(notebookWith(spec), { title: "t" })).not.toContain(SYNTHETIC_BANNER);
  });

  it("is on every chart drawn after a sandbox answer, beside the chart's own notes", async () => {
    sandbox = await startSandbox();
    const ng = new NatGasClient({ baseUrl: sandbox.natgasUrl, token: "any-token-1", progress: false });
    const dtils = await ng.v3.dtils();
    expect(dtils.meta).toMatchObject({ source: "sandbox", synthetic: true });
    const spec = activityChart(weeklyActivity(rows, { kind: "rigs" }));
    expect(spec.title).toMatchObject({ text: "Rigs per week", subtitleColor: "#b22222" });
    expect(spec.usermeta).toEqual({ gasframes: { synthetic: true } });
    // The chart's own subtitle (its notes) is kept, with the mark as the last line.
    const subtitle = (spec.title as { subtitle: unknown }).subtitle;
    expect(Array.isArray(subtitle) ? subtitle.at(-1) : subtitle).toBe(SYNTHETIC_DATA_MARK);
    // The report page of a notebook with such a chart carries the banner; the index when told.
    expect(renderNotebookPage(notebookWith(spec), { title: "t" })).toContain(`<p class="synthetic-banner" role="note">${SYNTHETIC_BANNER}</p>`);
    expect(renderIndexPage([], "the sandbox", true)).toContain(SYNTHETIC_BANNER);
    expect(renderIndexPage([], "the live services", false)).not.toContain(SYNTHETIC_BANNER);
  });

  it("is dropped by forgetSyntheticDataForTests (files sharing a process start from it: test/helpers/fresh-process-state.ts)", async () => {
    const synthetic = await import("../../src/util/synthetic-data");
    synthetic.noteSyntheticData();
    expect(synthetic.syntheticDataSeen()).toBe(true);
    synthetic.forgetSyntheticDataForTests();
    expect(synthetic.syntheticDataSeen()).toBe(false);
    expect(JSON.stringify(activityChart(weeklyActivity(rows, { kind: "rigs" })))).not.toContain(SYNTHETIC_DATA_MARK);
    // Not part of the package.
    expect("forgetSyntheticDataForTests" in (await import("../../src/index"))).toBe(false);
  });
});
