/**
 * The doctor's report as text for a terminal or a notebook cell: configuration first, then one line per
 * check, marked `ok` or `FAIL`, with what to do.
 */
import type { DoctorReport, ProbeOutcome } from "./doctor";

/**
 * The report as lines of text. Never holds the token (the report has none).
 * @example
 * ```ts
 * import { doctor, formatDoctorReport } from "gasframes";
 * console.log(formatDoctorReport(await doctor({ skipDrift: true })));
 * ```
 */
export function formatDoctorReport(report: DoctorReport): string {
  const lines: string[] = [];
  const why = report.reason === "no token" ? "no token is set" : report.reason === "token" ? "a token is set" : "the sandbox option";
  lines.push(`target: ${report.target} (${why})`);
  if (report.target === "sandbox") lines.push("  the embedded sandbox serves synthetic data; set GASFRAMES_TOKEN to check the live services");
  for (const s of report.services) {
    const headers = Object.entries(s.tokenHeaders).map(([v, h]) => `${v}: ${h}`).join(", ");
    lines.push(`${s.service}: ${s.baseUrl} (${s.baseUrlFrom}); token ${s.token}; header ${headers}`);
  }
  lines.push(`proxy: ${report.proxy}`, `cache: ${report.cache}`, `lake: ${report.lake}`, "", "health checks:");
  for (const h of report.health) lines.push(outcomeLine(h, false));
  if (report.drift.length > 0) {
    lines.push("", "schema (one small answer per endpoint family, compared with the catalog):");
    for (const d of report.drift) lines.push(outcomeLine(d, true));
  }
  if (report.unverified.length > 0) {
    lines.push("", "catalog entries not confirmed whole by a published page or public code (their answers are compared above when probed):");
    for (const u of report.unverified) lines.push(`  - ${u}`);
  }
  lines.push("", report.ok ? "all checks passed" : "some checks failed: see FAIL above");
  return lines.join("\n");
}

function outcomeLine(o: ProbeOutcome, drift: boolean): string {
  const head = `  ${o.ok ? "ok  " : "FAIL"} ${o.label} [${o.family}]`;
  if (!o.ok && o.rows === undefined) return `${head}: ${o.status !== undefined ? `${o.status} ` : ""}${o.message ?? "failed"}`;
  const parts = [`${o.rows} row${o.rows === 1 ? "" : "s"}${o.synthetic ? ", synthetic" : ""}`];
  if (drift) {
    if (o.added?.length) parts.push(`fields the catalog does not know: ${o.added.join(", ")}`);
    if (o.missing?.length) parts.push(`catalog fields missing: ${o.missing.join(", ")}`);
    if (o.retyped?.length) parts.push(`of another type: ${o.retyped.join("; ")}`);
  }
  if (o.message !== undefined) parts.push(o.message);
  return `${head}: ${parts.join("; ")}`;
}
