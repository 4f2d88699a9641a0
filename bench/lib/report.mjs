// The printed table: one row per variant (median and min-max of time and peak RSS), then the targets.

const fmtMs = (s) => (s === undefined ? "failed" : `${fmtNum(s.median / 1000)} s (${fmtNum(s.min / 1000)}-${fmtNum(s.max / 1000)})`);
const fmtMb = (s) => (s === undefined ? "failed" : `${Math.round(s.median)} MB (${Math.round(s.min)}-${Math.round(s.max)})`);
const fmtLoad = (l) => (l === undefined ? "" : l.median !== undefined ? `${l.median.toFixed(2)} (${l.min.toFixed(2)}-${l.max.toFixed(2)})` : `${l.min.toFixed(2)}-${l.max.toFixed(2)}`);
const fmtValue = (v) => (typeof v !== "number" ? String(v) : Math.abs(v) >= 100 ? `${Math.round(v)}` : v.toFixed(2));
/**
 * How much slower the host ran at its slowest during these runs than at its fastest in the bench run: by
 * the hash probe, and by the scan probe when there is one ("1.05x / 1.80x").
 */
const fmtHost = (x, scan) => (x === undefined ? "" : scan === undefined ? `${x.toFixed(2)}x` : `${x.toFixed(2)}x / ${scan.toFixed(2)}x`);
const fmtNum = (x) => (x >= 10 ? x.toFixed(1) : x >= 0.1 ? x.toFixed(2) : x.toFixed(3));

/** Markdown text of a bench report (readable in a terminal, pasted as is into the README). */
export function formatReport(report) {
  const lines = [];
  lines.push(`${report.command}: ${report.date}, node ${report.node}, ${report.cpus}, ${report.runs} runs per variant, ${report.totalSeconds} s in all`);
  if (report.hostProbeFastestMs !== undefined) {
    lines.push("");
    lines.push(
      `Host probe: a SHA-256 of 64 MiB in the runner before and after every run took ${report.hostProbeFastestMs.toFixed(0)} ms of CPU at the fastest; ` +
        "the \"Host slower\" columns give the slowest probe of a figure's runs against that (1.00x: the host ran as fast throughout; 2.00x: at half speed at some point).",
    );
  }
  if (report.hostScanProbeFastestMs !== undefined) {
    lines.push(
      `Scan probe: four branchy scans of the same 2.8 MB of JSON text (the decoders' kind of work) took ${report.hostScanProbeFastestMs.toFixed(0)} ms of CPU at the fastest; ` +
        "its figure follows the hash's in the \"Host slower\" columns (hash / scan).",
    );
  }
  lines.push("");
  lines.push("| Scenario | Variant | Time, median (min-max) | CPU time (all threads) | Peak RSS, median (min-max) | Peak minus RSS at start | Load avg, 1 min | Host slower |");
  lines.push("|---|---|---|---|---|---|---|---|");
  for (const s of report.scenarios) {
    let first = true;
    for (const v of Object.values(s.variants)) {
      const title = first ? `${s.title}${s.rows ? ` (${s.rows.toLocaleString("en-US")} rows)` : ""}` : "";
      const err = v.ok ? "" : ` (errors: ${v.errors.join("; ")})`;
      const path = v.check?.path ? ` [${v.check.path}]` : "";
      lines.push(`| ${title} | ${v.label}${path}${err} | ${fmtMs(v.ms)} | ${v.cpuMs ? `${fmtNum(v.cpuMs.median / 1000)} s` : ""} | ${fmtMb(v.rssMB)} | ${v.growthMB ? `${Math.round(v.growthMB.median)} MB` : ""} | ${fmtLoad(v.load)} | ${fmtHost(v.hostSlowdown, v.hostScanSlowdown)} |`);
      first = false;
    }
  }
  lines.push("");
  // Margin: the limit's distance from the figure (+: room left, -: over the limit).
  lines.push("| Scenario | Target | Measured | Margin | Same ratio in CPU time | Load avg, 1 min | Host slower | Result |");
  lines.push("|---|---|---|---|---|---|---|---|");
  for (const s of report.scenarios) {
    for (const t of s.targets) {
      const measured = t.skipped
        ? `skipped (--skip ${t.skipped.join(", ")})`
        : t.info && t.value == null && t.ratio === undefined
          ? "none"
          : t.ratio !== undefined ? `${t.ratio.toFixed(2)}x` : t.value !== undefined ? fmtValue(t.value) : t.detail ? JSON.stringify(t.detail) : t.pass ? "yes" : "n/a";
      lines.push(`| ${s.id} | ${t.label} | ${measured} | ${t.info ? "" : (t.margin ?? "")} | ${t.cpuRatio !== undefined ? `${t.cpuRatio.toFixed(2)}x` : ""} | ${fmtLoad(t.load)} | ${fmtHost(t.hostSlowdown, t.hostScanSlowdown)} | ${t.skipped ? "(skipped)" : t.info ? "(figure)" : t.pass ? "PASS" : "FAIL"} |`);
    }
  }
  return lines.join("\n");
}
