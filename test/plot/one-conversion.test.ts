// A chart converts its input once (issue 29: a chart's walk read the same records twice, once for its
// columns and once more for their units). Records whose fields count their reads show it.
import { describe, expect, it } from "vitest";
import { flowsChart, productionChart, voyagesChart } from "../../src/plot";
import { withUnits } from "../../src/frame/frame-units";
import * as d from "./support/sample-data";

/** The records, each field a getter that counts its reads in `reads`. */
function counted(rows: Record<string, unknown>[]): { rows: Record<string, unknown>[]; reads: Map<string, number> } {
  const reads = new Map<string, number>();
  const out = rows.map((row) => {
    const r: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(row)) {
      Object.defineProperty(r, k, { enumerable: true, get: () => (reads.set(k, (reads.get(k) ?? 0) + 1), v) });
    }
    return r;
  });
  return { rows: out, reads };
}

describe("one conversion of the input per chart", () => {
  it("flowsChart reads each field of each record once, the units included", () => {
    const { rows, reads } = counted(d.flowRecords());
    const spec = flowsChart(rows, { by: "destination_country" });
    expect(spec.layer.at(-1).encoding.y.title).toBe("LNG volume (Bcf/d)");
    expect(reads.get("volume_unit")).toBe(rows.length);
    expect(reads.get("volume")).toBe(rows.length);
  });

  it("productionChart and voyagesChart too", () => {
    const production = counted(d.productionRecords());
    productionChart(production.rows);
    expect(Math.max(...production.reads.values())).toBe(production.rows.length);
    const voyages = counted(d.voyageRecords());
    voyagesChart(voyages.rows);
    expect(Math.max(...voyages.reads.values())).toBe(voyages.rows.length);
  });

  it("units registered on the input still come first", () => {
    const rows = d.productionRecords().map((r) => ({ date: r.date, region: r.region, output: r.gas_daily }));
    expect(productionChart(withUnits(rows, { output: "MMcf" }), { value: "output" }).encoding.y.title).toBe("output (MMcf)");
  });
});
