// Scratch measurement of the frame and analysis paths (not the real bench, see issue 10).
// Usage: node bench/scratch-frames.mjs [rows=1000000] [module=../dist/index.js]
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";

const require = createRequire(import.meta.url);
const N = Number(process.argv[2] ?? 1_000_000);
const gf = require(process.argv[3] ?? "../dist/index.js");
const dfd = gf.loadDanfo();

function time(label, fn, runs = 3) {
  // CPU time (user + system) as well as wall time: on a shared machine wall time mostly measures
  // the neighbours; the ratios below use CPU time.
  const ms = [];
  const cpu = [];
  let out;
  for (let i = 0; i < runs; i++) {
    globalThis.gc?.();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    out = fn();
    ms.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  ms.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const mid = Math.floor(runs / 2);
  console.log(`${label.padEnd(34)} wall ${ms[mid].toFixed(0).padStart(6)} ms (min ${ms[0].toFixed(0)}, max ${ms[runs - 1].toFixed(0)})  cpu ${cpu[mid].toFixed(0).padStart(6)} ms`);
  return { out, median: cpu[mid] };
}

const regions = ["Permian", "Haynesville", "Appalachia", "Anadarko", "Bakken", "Eagle Ford", "Other"];
const prod = new Array(N);
for (let i = 0; i < N; i++) {
  prod[i] = {
    county: `C${i % 300}`, date: `20${20 + ((i >> 4) % 5)}-${String(1 + (i % 12)).padStart(2, "0")}-01`,
    gas_daily: i % 17 === 0 ? null : Math.random(), gas_monthly: Math.floor(Math.random() * 1e6), oil_daily: Math.random() * 100,
    oil_monthly: Math.floor(Math.random() * 1e5), operator_name: `Op${i % 1000}`, region: regions[i % 7], state_ab: "TX",
    sub_region: `S${i % 40}`, water_daily: Math.random(), water_monthly: i % 1000,
  };
}
const schema = { name: "bench.production", fields: Object.keys(prod[0]).map((name) => ({ name, type: /^(county|operator_name|region|state_ab|sub_region)$/.test(name) ? "string" : name === "date" ? "date" : /monthly/.test(name) ? "int" : "float" })) };

console.log(`rows: ${N}`);
const a = time("toFrame (schema)", () => gf.toFrame(prod, schema));
const b = time("new dfd.DataFrame(records)", () => new dfd.DataFrame(prod));
console.log(`  ratio ${(a.median / b.median).toFixed(2)} (target <= 0.5)`);

const frame = a.out;
const r = time("rollup month x region (frame)", () => gf.rollup(frame, { by: ["date", "region"], measures: ["gas_daily", "gas_monthly"] }));
const rr = time("rollup month x region (records)", () => gf.rollup(prod, { by: ["date", "region"], measures: ["gas_daily", "gas_monthly"] }));
const d = time("danfo groupby().agg()", () => frame.groupby(["date", "region"]).agg({ gas_daily: "sum", gas_monthly: "sum" }), 1);
console.log(`  ratio frame ${(r.median / d.median).toFixed(3)}, records ${(rr.median / d.median).toFixed(3)} (target <= 0.1)`);

// Daily flows: many by-keys.
const keys = Math.max(1, Math.floor(N / 1000));
const flows = new Array(N);
const day0 = Date.UTC(2022, 0, 1);
for (let i = 0; i < N; i++) {
  const k = i % keys;
  const dd = Math.floor(i / keys);
  flows[i] = { timestamp: new Date(day0 + dd * 86_400_000).toISOString().replace(".000", ""), volume: i % 50 === 0 ? null : Math.random(), count: 1, volume_unit: "gas_Bcf", volume_std: 0.1, count_std: 0.1, country: `K${k}` };
}
function naiveResample(rows, freq) {
  const out = new Map();
  for (const r of rows) {
    const dt = new Date(r.timestamp);
    const d = new Date(Date.UTC(dt.getUTCFullYear(), dt.getUTCMonth(), dt.getUTCDate()));
    if (freq === "week") d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
    else d.setUTCDate(1);
    const key = `${r.country}|${d.toISOString().slice(0, 10)}`;
    let b = out.get(key);
    if (!b) out.set(key, (b = { country: r.country, period: d.toISOString().slice(0, 10), volume: 0, count: 0, vs: 0, cs: 0, days: 0 }));
    if (r.volume !== null) b.volume += r.volume;
    if (r.count !== null) b.count += r.count;
    b.vs += r.volume_std ** 2;
    b.cs += r.count_std ** 2;
    b.days++;
  }
  return [...out.values()];
}
for (const freq of ["week", "month"]) {
  const g = time(`resampleFlows ${freq} (${keys} keys)`, () => gf.resampleFlows(flows, { freq, by: "country" }));
  const n = time(`naive resample ${freq}`, () => naiveResample(flows, freq));
  console.log(`  ratio ${(g.median / n.median).toFixed(2)} (target <= 0.3)`);
}

const M = Math.min(200_000, N);
const txs = new Array(M);
for (let i = 0; i < M; i++) {
  const imo = 9_000_000 + (i % 600);
  const seq = Math.floor(i / 600);
  txs[i] = {
    imo, transaction_number: i, destination_timestamp: new Date(day0 + seq * 9 * 86_400_000 + (imo % 24) * 3_600_000).toISOString().replace("T", " ").replace(".000Z", "+00"),
    destination_terminal: `T${(i * 7) % 90}`, destination_country: `C${(i * 7) % 30}`, transaction_type: seq % 2 === 0 ? "loading" : "offloading",
    volume: 3 + (i % 10) / 10, volume_unit: "bcf", forecasted_transaction: false, modified_at: "2024-01-01 00:00:00+00",
  };
}
function naiveVoyages(rows) {
  const by = new Map();
  for (const r of rows) {
    if (r.imo == null || r.destination_timestamp == null) continue;
    let l = by.get(r.imo);
    if (!l) by.set(r.imo, (l = []));
    l.push({ ...r, t: new Date(r.destination_timestamp.replace(" ", "T").replace("+00", "Z")) });
  }
  const out = [];
  for (const imo of [...by.keys()].sort((x, y) => x - y)) {
    const l = by.get(imo).sort((x, y) => x.t - y.t || x.transaction_number - y.transaction_number);
    for (let i = 1; i < l.length; i++) {
      const a = l[i - 1], b = l[i];
      const vt = `${a.transaction_type === "loading" ? "L" : "R"} to ${b.transaction_type === "loading" ? "L" : "R"}`;
      out.push({ imo, tx: i, start_date: a.t.toISOString(), end_date: b.t.toISOString(), voyage_tx: vt, volume: b.transaction_type === "offloading" ? b.volume : a.transaction_type === "loading" ? a.volume : 0 });
    }
  }
  return out;
}
const v = time(`deriveVoyages (${M} tx)`, () => gf.deriveVoyages(txs));
const nv = time("naive voyages", () => naiveVoyages(txs));
console.log(`  ratio ${(v.median / nv.median).toFixed(2)} (target <= 0.3)`);
console.log(`peak rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
