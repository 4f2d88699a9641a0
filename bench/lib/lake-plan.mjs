// The lake the lake-sync and lake-query scenarios build: v4 productionByWell of sandbox seed 1, every
// month from the first wells' (2008-01) to the month whose rows bring the total to 20,000,000 x size.
// The sandbox has 24,000 wells, each one row a month from its first production on, so 20M rows reach
// into the 2080s: the sandbox's asOf is set to the month after the last one synced.
import { rm, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { gasframes, internal } from "./gasframes.mjs";
import { startSandboxChild } from "./sandbox-child.mjs";

/** Rows of the lake at full size (--size 1). */
export const FULL_LAKE_ROWS = 20_000_000;
const FROM = "2008-01";
const SEED = 1;

const monthNumber = (key) => Number(key.slice(0, 4)) * 12 + Number(key.slice(5, 7)) - 1;
const monthKey = (m) => `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, "0")}`;

/**
 * { from, to, asOf, rows, dir } of the lake at a size: the months and the exact row count, computed from
 * the sandbox's well catalogue (a month has one row per well producing by then).
 */
export function lakePlan(size, resultsDir) {
  const target = Math.round(FULL_LAKE_ROWS * size);
  const wellsOf = internal("wellsOf", "sandbox/natgas/model/wells.js");
  const firsts = wellsOf(SEED).map((w) => w.firstProdMonth).sort((a, b) => a - b);
  let month = monthNumber(FROM);
  let rows = 0;
  let producing = 0;
  while (rows < target) {
    while (producing < firsts.length && firsts[producing] <= month) producing++;
    rows += producing;
    month++;
  }
  const to = monthKey(month - 1);
  const asOf = `${monthKey(month)}-01`;
  return { seed: SEED, from: FROM, to, asOf, rows, dir: join(resultsDir, `lake-${size}`) };
}

/** A NatGasClient on a sandbox in its own process, for the plan's asOf. */
export async function lakeClient(plan) {
  const sandbox = await startSandboxChild(plan.seed, plan.asOf);
  const gf = gasframes();
  const client = new gf.NatGasClient({ baseUrl: sandbox.url, token: "bench", progress: false, warn: () => {}, compression: false });
  return { sandbox, client };
}

/** Syncs the plan's lake (what the lake-sync scenario times): the report of syncDataset. */
export function syncLake(plan, client) {
  const gf = gasframes();
  return gf.syncDataset(client, gf.NATGAS_V4.productionByWell, null, { dir: plan.dir, from: plan.from, to: plan.to, asOf: plan.asOf });
}

/** Removes the plan's lake folder and makes it again, empty. */
export async function emptyLake(plan) {
  await rm(plan.dir, { recursive: true, force: true });
  await mkdir(plan.dir, { recursive: true });
}
