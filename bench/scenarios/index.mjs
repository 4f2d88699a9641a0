// Every scenario of `npm run bench`, in the order of the table.
import { resampleScenario, rollupScenario, svgScenario, toFrameScenario, voyagesScenario } from "./in-memory.mjs";
import { compressionScenario } from "./compression.mjs";
import { v3Paged } from "./v3-paged.mjs";
import { v4Ndjson } from "./v4-ndjson.mjs";
import { requireScenario } from "./require.mjs";
import { coldScenario } from "./cold.mjs";
import { firstRollupScenario } from "./first-rollup.mjs";
import { memoryScenario } from "./memory.mjs";
import { sandboxNdjsonScenario } from "./sandbox-ndjson.mjs";
import { lakeSyncScenario } from "./lake-sync.mjs";
import { lakeQueryScenario } from "./lake-query.mjs";
import { lakeRollupScenario } from "./lake-rollup.mjs";
import { wideRecordScenario } from "./wide-record.mjs";
import { stagesScenario } from "./stages.mjs";
import { firstChartScenario } from "./first-chart.mjs";
import { frameViewsScenario } from "./frame-views.mjs";
import { reportScenario } from "./report.mjs";

export const SCENARIOS = [
  v3Paged,
  v4Ndjson,
  stagesScenario,
  toFrameScenario,
  frameViewsScenario,
  rollupScenario,
  resampleScenario,
  voyagesScenario,
  svgScenario,
  requireScenario,
  coldScenario,
  firstRollupScenario,
  firstChartScenario,
  reportScenario,
  memoryScenario,
  compressionScenario,
  sandboxNdjsonScenario,
  lakeSyncScenario,
  lakeQueryScenario,
  lakeRollupScenario,
  wideRecordScenario,
];

/** The scenario with this id; an unknown id is an error listing the known ones. */
export function scenarioById(id) {
  const s = SCENARIOS.find((x) => x.id === id);
  if (s === undefined) throw new Error(`bench: no scenario ${id} (known: ${SCENARIOS.map((x) => x.id).join(", ")})`);
  return s;
}
