// How fast the host runs native code right now: the CPU time of a SHA-256 of the same 64 MiB (about 50 ms), in the
// runner's process, just before a run's process starts and just after it ends. The 1-minute load average sees only this machine's
// own processes; on a virtual machine the host's other guests can slow every instruction (a probe of the
// same bytes measured 0.72-1.60 s of CPU for 200 MB in consecutive runs on a quiet 2-core guest), and a
// ratio measured then says little. The bench prints the probe beside the load; it judges nothing.
import { createHash } from "node:crypto";

const BYTES = Buffer.alloc(64 << 20, 0x5a);
// The first hash of a process also pays for setting up the digest (about 25 ms more): done once here.
hostProbeMs();

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
