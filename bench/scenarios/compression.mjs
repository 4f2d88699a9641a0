// Scenario (issue 17): a large v3 answer (648,000 production rows at full size, as in the issue) fetched
// over a line like the internet's (one 100 Mbit/s line shared by every connection, 20 ms round trip:
// bench/lib/throttle-proxy.mjs), by the same client with and without compression.
import { fork } from "node:child_process";
import { join } from "node:path";
import { gasframes } from "../lib/gasframes.mjs";

/** The answer: 648,000 rows of the 1,000,000 prepared at full size. */
const SHARE = 0.648;

const rowsOf = (ctx) => Math.round(SHARE * ctx.meta.v3.rows);

/** Forks the far end (compression-server.mjs) and resolves once its proxy listens. */
function startFarEnd(ctx) {
  const child = fork(join(import.meta.dirname, "compression-server.mjs"), [ctx.dir, String(rowsOf(ctx))], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`bench: compression server exited with ${code}`)));
    child.once("message", ({ url }) => {
      const wire = () =>
        new Promise((done) => {
          child.once("message", (m) => done(m.wire));
          child.send("wire");
        });
      resolve({ url, wire });
    });
  });
}

function variant(compression) {
  return {
    label: compression ? "compression: true (gzip on the line)" : "compression: false (identity on the line)",
    async setup(ctx) {
      const farEnd = await startFarEnd(ctx);
      const gf = gasframes();
      const client = new gf.NatGasClient({ baseUrl: farEnd.url, token: "bench", progress: false, warn: () => {}, compression });
      return { ctx, farEnd, client };
    },
    async run({ ctx, farEnd, client }) {
      const result = await client.v3.productionByCountyAndOperator(ctx.meta.v3.query);
      const wire = await farEnd.wire();
      // meta.bytes counts the decoded body: the same with and without compression.
      return { rows: result.meta.rows, bytes: result.meta.bytes, wireMB: Math.round(wire.down / 1e5) / 10 };
    },
  };
}

export const compressionScenario = {
  id: "compression",
  title: "v3 648k production rows over a 100 Mbit/s line (20 ms round trip), with and without compression",
  rows: (meta) => rowsOf({ meta }),
  variants: { identity: variant(false), gzip: variant(true) },
  targets: [{ label: "time <= 0.25x without compression (>= 4x faster)", measure: "ms", variant: "gzip", reference: "identity", max: 0.25 }],
  agree: ["identity", "gzip"],
  agreeOn: ["rows", "bytes"],
};
