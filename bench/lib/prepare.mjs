// Fetches the benchmark's data from the embedded sandbox once and keeps it on disk
// (bench/results/data/size-<size>/), so the measured runs only move prepared bytes.
import { existsSync } from "node:fs";
import { mkdir, readFile, readdir, writeFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { gasframes } from "./gasframes.mjs";

/** The sandbox's "today": fixed, so the data (and the row counts below) never change. */
export const AS_OF = "2025-06-01";
export const SEED = 1;
export const V3_PATH = "/v3/productionbycountyandoperator";
export const V4_PATH = "/v4/productionbywell";
/** The sandbox has 4,000 county-operator pairs, one row per pair and month: 250 months = 1,000,000 rows. */
const PAIRS = 4000;

/** v3 query of about size x 1,000,000 rows: the last months of history before AS_OF. */
export function v3Query(size) {
  const months = Math.max(1, Math.round((size * 1_000_000) / PAIRS));
  return { start_date: monthsBack(AS_OF, months) };
}

function monthsBack(asOf, months) {
  const [y, m] = asOf.split("-").map(Number);
  const index = y * 12 + (m - 1) - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

async function post(url, body, accept = "application/json") {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept, access_key: "bench" },
    body: JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (!res.ok) throw new Error(`bench prepare: ${url} answered ${res.status}: ${bytes.toString("utf8", 0, 300)}`);
  return bytes;
}

/** Prepares (or reuses) the data of this size; returns its folder and a summary. */
export async function prepareData(size, { fresh = false } = {}) {
  const dir = join(import.meta.dirname, "..", "results", "data", `size-${size}`);
  const metaFile = join(dir, "meta.json");
  if (!fresh && existsSync(metaFile)) return { dir, meta: JSON.parse(await readFile(metaFile, "utf8")) };
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const sandbox = await gasframes().startSandbox({ asOf: AS_OF, seed: SEED });
  try {
    const q3 = v3Query(size);
    const first = JSON.parse((await post(sandbox.natgasUrl + V3_PATH, { ...q3, pagination: { start: 0 } })).toString("utf8"));
    const { total_count: total, page_size: pageSize } = first.pagination;
    let v3Bytes = 0;
    for (let start = 0; start < total; start += pageSize) {
      const page = await post(sandbox.natgasUrl + V3_PATH, { ...q3, pagination: { start } });
      v3Bytes += page.length;
      await writeFile(join(dir, `v3-page-${start}.json`), page);
    }
    const q4 = await v4Query(sandbox.natgasUrl, size);
    const ndjson = await post(sandbox.natgasUrl + V4_PATH, q4.query, "application/x-ndjson");
    await writeFile(join(dir, "v4.ndjson"), ndjson);
    const meta = { asOf: AS_OF, seed: SEED, v3: { query: q3, rows: total, pageSize, bytes: v3Bytes }, v4: { query: q4.query, rows: q4.rows, bytes: ndjson.length } };
    await writeFile(metaFile, JSON.stringify(meta, null, 2));
    return { dir, meta };
  } finally {
    await sandbox.close();
  }
}

/** A v4 productionbywell query of about size x 1,000,000 rows: the latest months whose well counts add up to it. */
async function v4Query(url, size) {
  const counts = JSON.parse((await post(url + V4_PATH, { aggregate_by: ["date_prod"] })).toString("utf8"));
  counts.sort((a, b) => (a.date_prod < b.date_prod ? 1 : -1));
  const target = size * 1_000_000;
  let rows = 0;
  let from = counts[0].date_prod;
  for (const c of counts) {
    if (rows + c.count > target && rows > 0) break;
    rows += c.count;
    from = c.date_prod;
  }
  return { query: { date_prod_min: from }, rows };
}

/** The prepared v3 pages (start -> bytes) and the NDJSON bytes, read into memory. */
export async function loadPrepared(dir) {
  const v3Pages = new Map();
  for (const f of await readdir(dir)) {
    const m = /^v3-page-(\d+)\.json$/.exec(f);
    if (m) v3Pages.set(Number(m[1]), await readFile(join(dir, f)));
  }
  return { v3Pages, ndjson: await readFile(join(dir, "v4.ndjson")) };
}
