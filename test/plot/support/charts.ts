/** One chart per builder from the sample data, for tests that treat every builder alike. */
import { weeklyActivity } from "../../../src/analysis";
import * as plot from "../../../src/plot";
import * as d from "./sample-data";

export function sampleCharts(): Record<string, plot.VegaLiteSpec> {
  return {
    flows: plot.flowsChart(d.flowRecords(), { by: "destination_country" }),
    production: plot.productionChart(d.productionRecords()),
    forecast: plot.forecastChart(d.forecastRecords(), { region: "Permian" }),
    rigs: plot.activityChart(weeklyActivity(d.rigRecords(), { by: "rig_class" })),
    // The query window May 1 (a Wednesday) to May 28 (a Tuesday) cuts the first and last week.
    completions: plot.activityChart(weeklyActivity(d.completionRecords(), { window: { start_date: "2024-05-01", end_date: "2024-05-28" } })),
    frackedFeet: plot.activityChart(weeklyActivity(d.frackedFeetRecords(), { by: "sub_region" })),
    map: plot.mapChart(d.fracCrewRecords(), { color: "frac_class" }),
    voyages: plot.voyagesChart(d.voyageRecords()),
  };
}
