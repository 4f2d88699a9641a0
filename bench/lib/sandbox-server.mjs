// The sandbox in a process of its own, as the service is on a machine of its own, so that a scenario's
// process measures only the client's time and memory.
// Usage (forked by startSandboxChild): node sandbox-server.mjs <seed> <asOf>; sends { url } when ready,
// answers "cpu" with { cpuMs } (its CPU time so far, all threads), exits when its parent goes.
import { gasframes } from "./gasframes.mjs";

const [seed, asOf] = process.argv.slice(2);
const sandbox = await gasframes().startSandbox({ seed: Number(seed), asOf, compression: false, keepProcessAlive: true });
process.send({ url: sandbox.url });
process.on("message", (m) => {
  if (m !== "cpu") return;
  const c = process.cpuUsage();
  process.send({ cpuMs: (c.user + c.system) / 1000 });
});
process.on("disconnect", () => process.exit(0));
