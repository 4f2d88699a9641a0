// How long KernelClient.start takes for the bundled tslab kernel of a build (docs/performance.md, fifteenth round):
//   node bench/lib/kernel-start.cjs <dist folder>   prints the milliseconds from the call to the kernel ready.
const { join, resolve } = require("node:path");

const dist = resolve(process.argv[2] ?? join(__dirname, "..", "..", "dist"));
const { KernelClient } = require(join(dist, "notebook", "kernel", "kernel-client.js"));
const { bundledTslabSpec } = require(join(dist, "notebook", "kernel", "kernel-spec.js"));

(async () => {
  const t0 = performance.now();
  const kernel = await KernelClient.start(bundledTslabSpec(), { env: { ...process.env, GASFRAMES_TOKEN: "" } });
  const ms = Math.round(performance.now() - t0);
  await kernel.shutdown();
  console.log(ms);
})();
