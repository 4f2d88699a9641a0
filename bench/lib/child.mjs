// One measured run of one variant of one scenario, in a process of its own so that its peak RSS is
// its own. Usage (by run.mjs): node --expose-gc bench/lib/child.mjs <scenario-id> <variant> <context-json>
// Prints one JSON line: { ms, rssMB, check }.
import { performance } from "node:perf_hooks";
import { scenarioById } from "../scenarios/index.mjs";

const [id, variantName, contextJson] = process.argv.slice(2);
const scenario = scenarioById(id);
const variant = scenario.variants[variantName];
if (variant === undefined) throw new Error(`bench: scenario ${id} has no variant ${variantName}`);
const context = JSON.parse(contextJson);

// Data generation, file reading and module loading happen here, before the clock starts.
const state = await variant.setup(context);
globalThis.gc?.();
const t0 = performance.now();
const check = await variant.run(state);
const ms = performance.now() - t0;
const rssMB = process.resourceUsage().maxRSS / 1024;
process.stdout.write(`${JSON.stringify({ ms, rssMB, check })}\n`);
// Keep `state` alive until after the measurement (a reference may hold its input in it).
if (state === Symbol.for("never")) console.log(state);
process.exit(0);
