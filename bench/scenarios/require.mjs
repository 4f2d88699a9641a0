// `require("gasframes")` in a fresh process against a bare `node`: what every notebook's first cell pays.
import { join } from "node:path";
import { entry } from "../lib/gasframes.mjs";

const SCRIPT = join(import.meta.dirname, "..", "lib", "fresh-require.cjs");

export const requireScenario = {
  id: "require",
  title: "7. require(\"gasframes\") in a fresh process",
  rows: () => undefined,
  variants: {
    bare: { label: "bare node (nothing required)", fresh: () => [SCRIPT] },
    gasframes: { label: "require(\"gasframes\"): time of the require, RSS after it", fresh: () => [SCRIPT, entry()] },
  },
  targets: [
    { label: "require time <= 150 ms", measure: "ms", variant: "gasframes", absolute: 150 },
    { label: "RSS <= 60 MB above bare node", measure: "rssMB", variant: "gasframes", reference: "bare", above: 60 },
    { label: "loads none of danfo, vega, resvg, DuckDB, undici", check: "heavy", variant: "gasframes", equals: "none" },
  ],
};
