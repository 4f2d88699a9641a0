// Plain record arrays for the in-memory scenarios, built before the clock starts.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/** The v3 production records of the prepared pages (1,000,000 at full size), in offset order. */
export async function productionRecords(dir) {
  const files = (await readdir(dir)).filter((f) => /^v3-page-\d+\.json$/.test(f));
  files.sort((a, b) => Number(a.match(/\d+/)[0]) - Number(b.match(/\d+/)[0]));
  const out = [];
  for (const f of files) for (const r of JSON.parse(await readFile(join(dir, f), "utf8")).data) out.push(r);
  return out;
}

/** A seeded generator in [0, 1) (mulberry32), so every process builds the same data. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COUNTRIES = ["United States", "Qatar", "Australia", "Russia", "Nigeria", "Algeria", "Malaysia", "Indonesia", "Trinidad and Tobago", "Norway",
  "Japan", "China", "South Korea", "India", "Spain", "France", "United Kingdom", "Italy", "Netherlands", "Taiwan", "Turkey", "Belgium", "Poland",
  "Germany", "Brazil", "Chile", "Mexico", "Egypt", "Thailand", "Pakistan", "Bangladesh", "Kuwait"];

/** Daily volume_flows rows: `series` origin x destination pairs x `days` days (1,000,000 = 1,000 x 1,000). */
export function flowRecords(n) {
  const days = Math.min(1000, n);
  const series = Math.max(1, Math.floor(n / days));
  const rnd = random(7);
  const out = new Array(series * days);
  const day0 = Date.UTC(2023, 0, 1);
  let k = 0;
  for (let s = 0; s < series; s++) {
    const origin = COUNTRIES[s % 10];
    // (s % 10, s % 22) repeats every 110 series: the suffix keeps every series its own.
    const destination = `${COUNTRIES[10 + (s % 22)]}${s >= 110 ? ` ${Math.floor(s / 110)}` : ""}`;
    for (let d = 0; d < days; d++) {
      const forecast = d > days - 60;
      out[k++] = {
        timestamp: new Date(day0 + d * 86_400_000).toISOString(),
        volume: rnd() < 0.01 ? null : Math.round(rnd() * 1e6) / 1e6,
        count: Math.round(rnd() * 300) / 100,
        volume_unit: "gas_Bcf",
        volume_std: forecast ? Math.round(rnd() * 1e5) / 1e6 : 0,
        count_std: forecast ? Math.round(rnd() * 100) / 100 : 0,
        origin_country: origin,
        destination_country: destination,
      };
    }
  }
  return out;
}

/** v1 transaction records: vessels alternating loading and offloading, some re-sent with a later modified_at. */
export function transactionRecords(n) {
  const rnd = random(11);
  const vessels = Math.max(1, Math.floor(n / 400));
  const out = [];
  const t0 = Date.UTC(2019, 0, 1);
  const ts = (ms) => new Date(ms).toISOString().replace("T", " ").replace(/\.\d+Z$/, "+00");
  for (let v = 0; v < vessels && out.length < n; v++) {
    const imo = 9_100_000 + v * 7;
    let t = t0 + Math.floor(rnd() * 30) * 86_400_000;
    for (let k = 1; out.length < n && k <= 400; k++) {
      t += Math.floor((5 + rnd() * 20) * 86_400_000);
      const loading = k % 2 === 1 || rnd() < 0.05;
      const country = COUNTRIES[Math.floor(rnd() * COUNTRIES.length)];
      const record = {
        imo,
        origin_terminal: null,
        origin_country: null,
        destination_terminal: `${country} T${Math.floor(rnd() * 4)}`,
        destination_country: country,
        destination_timestamp: rnd() < 0.002 ? null : ts(t),
        volume: Math.round(rnd() * 3_500) / 1000,
        volume_unit: "bcf",
        forecasted_transaction: t > Date.UTC(2025, 5, 1),
        transaction_number: k,
        transaction_type: loading ? "loading" : "offloading",
        forecast_run_at: null,
        modified_at: ts(t + 3_600_000),
      };
      out.push(record);
      if (rnd() < 0.01 && out.length < n) out.push({ ...record, volume: record.volume + 0.001, modified_at: ts(t + 7_200_000) });
    }
  }
  return out;
}
