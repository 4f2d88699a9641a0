// Profiles the measured part of one variant (what `npm run bench` times), for finding hot spots:
// node bench/lib/profile-run.mjs <scenario-id> <variant> <context-json> [top=30]
// Prints the functions with the most self time on the calling thread during the run.
import { Session } from "node:inspector/promises";
import { scenarioById } from "../scenarios/index.mjs";

const [id, variantName, contextJson, top = "30"] = process.argv.slice(2);
const variant = scenarioById(id).variants[variantName];
const state = await variant.setup(JSON.parse(contextJson));
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 250 });
await session.post("Profiler.start");
await variant.run(state);
const { profile } = await session.post("Profiler.stop");
const self = new Map();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
profile.samples.forEach((node, i) => {
  const f = byId.get(node).callFrame;
  const key = `${f.functionName || "(anonymous)"} ${f.url.split("/").slice(-2).join("/")}:${f.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) {
  console.log(`${(us / 1000).toFixed(0).padStart(6)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`);
}
process.exit(0);
