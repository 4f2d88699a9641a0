// compactLake of one lake copy in a process of its own, so that the lake-sync scenario's peak RSS is the
// sync's and the compaction's is measured apart. Usage: node bench/lib/compact-child.mjs <plan-json>
// where the plan is { dir, asOf, targetFileBytes }. Prints one JSON line: { files, bytes, filesBefore,
// seconds, peakRssMB }.
import { gasframes } from "./gasframes.mjs";

const { dir, asOf, targetFileBytes } = JSON.parse(process.argv[2]);
const gf = gasframes();
const t0 = performance.now();
const report = await gf.compactLake(dir, gf.NATGAS_V4.productionByWell, { asOf, targetFileBytes });
const seconds = Math.round((performance.now() - t0) / 10) / 100;
const sizes = new Map(Object.values(report.manifest.partitions).flatMap((p) => p.files.map((f) => [f, p.bytes])));
const bytes = [...sizes.values()].reduce((s, b) => s + b, 0);
// resourceUsage's maxRSS is in KiB.
const peakRssMB = Math.round(process.resourceUsage().maxRSS / 1024);
process.stdout.write(`${JSON.stringify({ files: sizes.size, bytes, filesBefore: report.filesBefore, seconds, peakRssMB })}\n`);
