// How fast the host runs code right now, in the runner's process, just before a run's process starts and
// just after it ends: the CPU time of a SHA-256 of the same 64 MiB (about 50 ms), and of a branchy scan
// of the same JSON text (about 25 ms; the kind of work the decoders do, which the hash barely sees). The
// 1-minute load average sees only this machine's own processes; on a virtual machine the host's other
// guests can slow every instruction (a probe of the same bytes measured 0.72-1.60 s of CPU for 200 MB in
// consecutive runs on a quiet 2-core guest), and a ratio measured then says little. The bench prints
// the probes beside the load; they judge nothing.
import { createHash } from "node:crypto";

const BYTES = Buffer.alloc(64 << 20, 0x5a);
// The first hash of a process also pays for setting up the digest (about 25 ms more): done once here.
hostProbeMs();

/**
 * JSON text of the services' kind (flat records of repeated strings and decimals), the same bytes in
 * every process: about 2.8 MB, from a fixed seed.
 */
function probeText(records) {
  let x = 12345;
  const next = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 4294967296;
  const words = ["Susquehanna", "Bradford", "Washington", "Greene", "Tioga", "Lycoming", "Bison Trail Exploration", "Black Mesa Operating", "Cedar Ridge", "Blue Heron"];
  const rows = [];
  for (let i = 0; i < records; i++) {
    rows.push({
      county: words[Math.floor(next() * 6)],
      date: `20${10 + Math.floor(next() * 14)}-0${1 + Math.floor(next() * 9)}-01`,
      gas_daily: Math.round(next() * 1e9) / 1e12,
      gas_monthly: Math.floor(next() * 60000),
      operator_name: words[6 + Math.floor(next() * 4)],
      water_daily: Math.round(next() * 1000) / 10,
    });
  }
  return Buffer.from(JSON.stringify({ data: rows }));
}

const TEXT = probeText(20_000);

/**
 * A parser's inner loop without a parser: every byte of JSON text classed by data-dependent branches
 * (strings skipped to their end, digits and punctuation counted), allocating nothing. Returns a count,
 * so the work cannot be left out.
 */
export function scanTokens(bytes) {
  let strings = 0;
  let digits = 0;
  let other = 0;
  for (let p = 0; p < bytes.length; p++) {
    const c = bytes[p];
    if (c === 0x22) {
      strings++;
      for (p++; p < bytes.length && bytes[p] !== 0x22; p++) if (bytes[p] === 0x5c) p++;
    } else if (c >= 0x30 && c <= 0x39) digits++;
    else if (c === 0x2c || c === 0x3a) other += 2;
    else if (c === 0x7b || c === 0x7d) other += 3;
    else other++;
  }
  return strings + digits + other;
}
// Compiled before the first probe, as the hash's set-up is paid above.
scanTokens(TEXT);
scanTokens(TEXT);

/**
 * CPU milliseconds (user + system) of four branchy scans of the same 2.8 MB of JSON text
 * ({@link scanTokens}): the host's speed at the kind of work the decoders do. On this project's
 * two-core virtual machine the hash probe moved by 1.1-1.2x while this one moved by 1.8x, and the column
 * parser with it (docs/performance.md, sixteenth round): work full of branches slows most when the
 * host's other guests share the core.
 */
export function hostScanProbeMs() {
  const c0 = process.cpuUsage();
  let n = 0;
  for (let i = 0; i < 4; i++) n += scanTokens(TEXT);
  const c = process.cpuUsage(c0);
  if (n <= 0) throw new Error("bench: the scan probe counted nothing");
  return (c.user + c.system) / 1000;
}

/** CPU milliseconds (user + system) of one SHA-256 of 64 MiB. */
export function hostProbeMs() {
  const c0 = process.cpuUsage();
  createHash("sha256").update(BYTES).digest();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

/**
 * How much slower than the fastest probe of the whole bench run the slowest probe of some runs was
 * (1.0: as fast; 2.0: the host ran code at half speed at some point of these runs).
 */
export function hostSlowdown(probes, fastest) {
  const xs = probes.filter((x) => typeof x === "number");
  if (xs.length === 0 || !(fastest > 0) || !Number.isFinite(fastest)) return undefined;
  return Math.max(...xs) / fastest;
}
