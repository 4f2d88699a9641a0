// `npm run bench`: every scenario of issue 10, each variant run several times in a process of its
// own, gasframes and its references interleaved on the same data; prints one table of medians
// (min-max), ratios and PASS/FAIL per target, and writes the same figures to bench/results/.
import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { parseArgs, USAGE } from "./lib/args.mjs";
import { loadPrepared, prepareData, V3_PATH, V4_PATH } from "./lib/prepare.mjs";
import { startStaticServer } from "./lib/static-server.mjs";
import { summary } from "./lib/stats.mjs";
import { formatReport } from "./lib/report.mjs";
import { hostProbeMs, hostScanProbeMs, hostSlowdown } from "./lib/host-probe.mjs";
import { SCENARIOS } from "./scenarios/index.mjs";

const opts = parseArgs(process.argv.slice(2));
if (opts.help) {
  console.log(USAGE);
  process.exit(0);
}
const started = Date.now();
const scenarios = opts.only ? opts.only.map((id) => SCENARIOS.find((s) => s.id === id) ?? fail(`no scenario ${id}`)) : SCENARIOS;
// The lake and sandbox scenarios make their own data: a run of only those skips the prepared answers.
const needsData = scenarios.some((s) => s.needsData !== false);
let dir;
let meta;
let server;
if (needsData) {
  console.error(`bench: preparing data (size ${opts.size})...`);
  ({ dir, meta } = await prepareData(opts.size, { fresh: opts.fresh }));
  const prepared = await loadPrepared(dir);
  let jsonArray;
  server = await startStaticServer({
    v3Path: V3_PATH,
    v3Pages: prepared.v3Pages,
    v4Path: V4_PATH,
    ndjson: prepared.ndjson,
    jsonArray: () => (jsonArray ??= Buffer.from(`[${prepared.ndjson.toString("utf8").trimEnd().split("\n").join(",")}]`)),
  });
}
const context = { url: server?.url, dir, meta, size: opts.size, rows: Math.round(opts.size * 1_000_000) };

const results = [];
/** The fastest host probes of the whole bench run (hash, scan): each figure's probes are read against them. */
let fastestProbe = Infinity;
let fastestScanProbe = Infinity;
try {
  for (const scenario of scenarios) {
    const names = Object.keys(scenario.variants).filter((n) => !opts.skip.includes(`${scenario.id}.${n}`));
    const runs = Object.fromEntries(names.map((n) => [n, []]));
    for (let r = 0; r < opts.runs; r++) {
      // Interleaved, so a noisy minute hits gasframes and its references alike.
      for (const name of names) {
        const variant = scenario.variants[name];
        // A reference shown for information whose one run takes minutes runs once (`once: true`).
        if (variant.once && r > 0) continue;
        // The host's speed just before and just after the run (bench/lib/host-probe.mjs).
        const before = hostProbeMs();
        const scanBefore = hostScanProbeMs();
        const run = variant.fresh ? await runFresh(variant.fresh(context)) : await runChild(scenario.id, name, context);
        run.host = [before, hostProbeMs()];
        run.hostScan = [scanBefore, hostScanProbeMs()];
        fastestProbe = Math.min(fastestProbe, ...run.host);
        fastestScanProbe = Math.min(fastestScanProbe, ...run.hostScan);
        console.error(`bench: ${scenario.id} ${name} run ${r + 1}/${variant.once ? 1 : opts.runs}: ${runLine(run)}`);
        runs[name].push(run);
      }
    }
    results.push(evaluate({ ...scenario, variants: Object.fromEntries(names.map((n) => [n, scenario.variants[n]])) }, runs, meta));
  }
} finally {
  await server?.close();
}
// Read against the fastest probe of the whole run, so known only now: each variant's and target's runs.
for (const s of results) {
  for (const v of Object.values(s.variants)) {
    v.hostSlowdown = hostSlowdown(v.probes, fastestProbe);
    v.hostScanSlowdown = hostSlowdown(v.scanProbes, fastestScanProbe);
  }
  for (const t of s.targets) {
    t.hostSlowdown = hostSlowdown((t.from ?? []).flatMap((n) => s.variants[n]?.probes ?? []), fastestProbe);
    t.hostScanSlowdown = hostSlowdown((t.from ?? []).flatMap((n) => s.variants[n]?.scanProbes ?? []), fastestScanProbe);
  }
}

const report = {
  command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
  date: new Date().toISOString(),
  node: process.version,
  cpus: `${cpus().length} x ${cpus()[0]?.model ?? "?"}`,
  size: opts.size,
  runs: opts.runs,
  data: meta,
  totalSeconds: Math.round((Date.now() - started) / 1000),
  hostProbeFastestMs: Number.isFinite(fastestProbe) ? fastestProbe : undefined,
  hostScanProbeFastestMs: Number.isFinite(fastestScanProbe) ? fastestScanProbe : undefined,
  scenarios: results,
};
console.log(formatReport(report));
const out = opts.out ?? join(import.meta.dirname, "results", `bench-${opts.size}-${report.date.replace(/[:.]/g, "-")}.json`);
await mkdir(join(out, ".."), { recursive: true });
await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nfigures written to ${out}`);
process.exit(results.some((s) => s.targets.some((t) => !t.pass)) ? 1 : 0);

function fail(message) {
  throw new Error(`bench: ${message}`);
}

/** One run's figures and the load average beside them, for the progress lines. */
function runLine(run) {
  if (run.error !== undefined) return `failed (${run.error.slice(0, 200)})`;
  return `${(run.ms / 1000).toFixed(3)} s, peak RSS ${Math.round(run.rssMB)} MB, load ${run.load.toFixed(2)}, host probe ${run.host.map((x) => Math.round(x)).join("/")} ms, scan ${run.hostScan.map((x) => Math.round(x)).join("/")} ms`;
}

/** Runs one variant once in a fresh process (bench/lib/child.mjs); its failure is recorded, not thrown. */
function runChild(id, variant, ctx) {
  return spawnRun(["--expose-gc", "--max-old-space-size=8192", join(import.meta.dirname, "lib", "child.mjs"), id, variant, JSON.stringify(ctx)]);
}

/**
 * Runs a fresh-process variant: `node <args>`, timed from spawn to exit (unless the script reports its
 * own `ms`, as the require scenario does); the script's last line gives its peak RSS and answer.
 */
async function runFresh(args) {
  const load = loadavg()[0];
  const t0 = performance.now();
  const out = await spawnRun(args);
  const wallMs = performance.now() - t0;
  if (out.error !== undefined) return out;
  return { ms: out.ms ?? wallMs, cpuMs: out.cpuMs, rssMB: out.rssMB, growthMB: undefined, load, check: out.check };
}

function spawnRun(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, CI: "1" } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("close", (code) => {
      const line = stdout.trim().split("\n").pop() ?? "";
      try {
        if (code !== 0) throw new Error(`exit ${code}`);
        resolve(JSON.parse(line));
      } catch {
        resolve({ error: `exit ${code}: ${failureText(stderr)}` });
      }
    });
  });
}

/**
 * How far a figure is from its limit, as a share of the figure: "+25%" means the limit is 25% above it
 * (room left), "-10%" that the figure passes the limit by a tenth. `higherIsBetter` for minimums.
 */
function marginOf(value, limit, higherIsBetter) {
  if (typeof value !== "number" || typeof limit !== "number" || value === 0) return undefined;
  const share = higherIsBetter ? value / limit - 1 : limit / value - 1;
  return `${share >= 0 ? "+" : ""}${Math.round(100 * share)}%`;
}

function fmtRoom(x) {
  return Math.abs(x) >= 100 ? Math.round(x) : x.toFixed(1);
}

/** The median of the numbers in a list (undefined when it has none). */
function medianOf(list) {
  const xs = (list ?? []).filter((x) => typeof x === "number");
  return xs.length ? summary(xs).median : undefined;
}

/** The lowest and highest load average over some variants' runs (undefined entries skipped). */
function loadRange(loads) {
  const ok = loads.filter(Boolean);
  return ok.length ? { min: Math.min(...ok.map((l) => l.min)), max: Math.max(...ok.map((l) => l.max)) } : undefined;
}

function evaluate(scenario, runs, dataMeta) {
  const variants = {};
  for (const [name, list] of Object.entries(runs)) {
    const ok = list.filter((x) => x.error === undefined);
    variants[name] = {
      label: scenario.variants[name].label,
      ok: ok.length === list.length,
      errors: list.filter((x) => x.error !== undefined).map((x) => x.error),
      ms: ok.length ? summary(ok.map((x) => x.ms)) : undefined,
      cpuMs: ok.length ? summary(ok.map((x) => x.cpuMs)) : undefined,
      rssMB: ok.length ? summary(ok.map((x) => x.rssMB)) : undefined,
      growthMB: ok.length && ok.every((x) => x.growthMB !== undefined) ? summary(ok.map((x) => x.growthMB)) : undefined,
      load: ok.length ? summary(ok.map((x) => x.load)) : undefined,
      probes: ok.flatMap((x) => x.host ?? []),
      scanProbes: ok.flatMap((x) => x.hostScan ?? []),
      check: ok[0]?.check,
      checks: ok.map((x) => x.check),
    };
  }
  const targets = scenario.targets.map((t) => {
    // For time targets, the same ratio in CPU time is reported beside it (not judged).
    const refs = t.reference === undefined ? [] : [t.reference].flat();
    // A target of a variant left out with --skip is reported as skipped, not judged (a failed run is judged).
    const skipped = [t.variant, ...refs].filter((n) => !(n in runs));
    if (skipped.length > 0) return { label: t.label, skipped, pass: true, info: true };
    const cpuRatio = t.measure === "ms" && refs.length > 0 && variants[t.variant]?.cpuMs && refs.every((r) => variants[r]?.cpuMs)
      ? variants[t.variant].cpuMs.median / refs.reduce((s, r) => s + variants[r].cpuMs.median, 0)
      : undefined;
    // The load averages of the runs the figure comes from (the variant's and its reference's).
    const load = loadRange([t.variant, ...[t.reference].flat()].map((n) => variants[n]?.load));
    if (t.check !== undefined) {
      // A figure of the variant's own answer (the same in every run when the data is): its first run's;
      // a measured figure (rows/s, a query's time: `median: true`) is the median over the runs.
      const value = t.median ? medianOf(variants[t.variant]?.checks?.map((c) => c?.[t.check])) : variants[t.variant]?.check?.[t.check];
      const ok = typeof value === "number";
      // An `info` row reports a figure without judging it (rows/s of a sync, a row count).
      if (t.info) return { label: t.label, value, load, pass: true, info: true };
      const pass = t.equals !== undefined ? value === t.equals : t.min !== undefined ? ok && value >= t.min : ok && value <= t.max;
      const margin = !ok || t.equals !== undefined ? undefined : t.min !== undefined ? marginOf(value, t.min, true) : marginOf(value, t.max, false);
      return { label: t.label, value, limit: t.equals ?? t.min ?? t.max, margin, load, pass };
    }
    const v = variants[t.variant]?.[t.measure];
    if (t.absolute !== undefined) {
      const value = v?.median;
      return { label: t.label, value, limit: t.absolute, margin: marginOf(value, t.absolute, false), load, pass: value !== undefined && value <= t.absolute };
    }
    // A list of references: their medians added (the parts of a whole, as in the first-chart scenario).
    const ref = Array.isArray(t.reference)
      ? t.reference.every((r) => variants[r]?.[t.measure]) ? { median: t.reference.reduce((s, r) => s + variants[r][t.measure].median, 0) } : undefined
      : variants[t.reference]?.[t.measure];
    if (t.above !== undefined) {
      const value = v && ref ? v.median - ref.median : undefined;
      // A difference: its margin is the room left in the measure's own unit, not a share.
      return { label: t.label, value, limit: t.above, margin: value === undefined ? undefined : `${t.above - value >= 0 ? "+" : ""}${fmtRoom(t.above - value)} ${t.measure === "ms" ? "ms" : "MB"}`, load, pass: value !== undefined && value <= t.above };
    }
    const ratio = v && ref ? v.median / ref.median : undefined;
    // An `info` ratio (a stage against its limit) is a figure, not judged.
    if (t.info) return { label: t.label, ratio, cpuRatio, load, pass: true, info: true };
    return { label: t.label, ratio, cpuRatio, limit: t.max, margin: marginOf(ratio, t.max, false), load, pass: ratio !== undefined && ratio <= t.max };
  });
  // The variants whose runs each figure comes from (their loads and host probes are printed beside it).
  scenario.targets.forEach((t, i) => (targets[i].from = [t.variant, ...(t.reference === undefined ? [] : [t.reference].flat())]));
  let agree;
  if (scenario.agree) {
    const pick = (check) => (check === undefined || scenario.agreeOn === undefined ? check : Object.fromEntries(scenario.agreeOn.map((k) => [k, check[k]])));
    const [a, b] = scenario.agree.map((n) => pick(variants[n]?.check));
    agree = a !== undefined && isDeepStrictEqual(a, b);
    targets.push({ label: `same answer as ${scenario.agree[0]}`, pass: agree, from: scenario.agree, load: loadRange(scenario.agree.map((n) => variants[n]?.load)), detail: agree ? undefined : { [scenario.agree[0]]: a, [scenario.agree[1]]: b } });
  }
  return { id: scenario.id, title: scenario.title, rows: scenario.rows(dataMeta), variants, targets };
}

/**
 * What a failed child printed, for the run's line: the line naming the error (an uncaught error's first line
 * holds its class and message; the stack after it is mostly frames) and the last lines (Node's own notes).
 */
function failureText(stderr) {
  const lines = stderr.trim().split("\n");
  const named = lines.find((l) => /\b[A-Z]\w*Error\b|\bError:/.test(l));
  const tail = lines.slice(-4).join(" | ");
  return `${named !== undefined && !tail.includes(named) ? `${named.trim().slice(0, 400)} ... ` : ""}${tail}`.slice(0, 900);
}
