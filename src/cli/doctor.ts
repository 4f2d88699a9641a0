import { closeSharedSandbox } from "../connect/connect";
import { doctor, type DoctorOptions } from "../doctor/doctor";
import { formatDoctorReport } from "../doctor/format-doctor-report";
import { consoleIo, type CliCommand, type CommandIo } from "./command";
import { runCommandLine } from "./command-line";
import { lastValue, UsageError, type FlagSpec } from "./read-args";

/** Usage of `gasframes doctor`. */
export const DOCTOR_USAGE = `usage: gasframes doctor [--sandbox] [--only natgas,lng,legacy] [--no-schema] [--token-header NAME]

Prints where each service's requests go (host, token header, masked token, proxy, cache and lake folders),
checks each service with its cheapest documented call, and compares one small answer per endpoint family
with the catalog (fields added, missing, or of another type). With a token (GASFRAMES_TOKEN, or a
service's GASFRAMES_<SERVICE>_TOKEN) it checks the live services; with none, the embedded sandbox.
Exit 0 when every check passes, 1 when one fails.`;

const DOCTOR_FLAGS: Readonly<Record<string, FlagSpec>> = {
  "--sandbox": { value: false },
  "--only": { value: true },
  "--no-schema": { value: false },
  "--token-header": { value: true },
};

const SERVICES = ["natgas", "lng", "legacy"] as const;

/** `gasframes doctor`: returns the exit code (0 all checks passed, 1 one failed, 2 bad arguments). */
export async function doctorCommandLine(args: readonly string[], io: CommandIo = consoleIo): Promise<number> {
  return runCommandLine({ name: "doctor", usage: DOCTOR_USAGE, flags: DOCTOR_FLAGS }, args, io, async (read) => {
    if (read.positionals.length > 0) throw new UsageError(`unexpected argument "${read.positionals[0]}"`);
    const options: { -readonly [K in keyof DoctorOptions]: DoctorOptions[K] } = {};
    if (read.switches.has("--sandbox")) options.sandbox = true;
    if (read.switches.has("--no-schema")) options.skipDrift = true;
    const header = lastValue(read, "--token-header");
    if (header !== undefined) options.tokenHeader = header;
    const only = lastValue(read, "--only");
    if (only !== undefined) {
      const names = only.split(",").map((s) => s.trim()).filter((s) => s !== "");
      const bad = names.find((n) => !(SERVICES as readonly string[]).includes(n));
      if (bad !== undefined || names.length === 0) throw new UsageError(`--only takes services from ${SERVICES.join(", ")}, got "${only}"`);
      options.services = names as (typeof SERVICES)[number][];
    }
    try {
      const report = await doctor(options);
      io.out(formatDoctorReport(report));
      return report.ok ? 0 : 1;
    } finally {
      await closeSharedSandbox();
    }
  });
}

/** The `gasframes doctor` command, as the dispatcher registers it. */
export const doctorCommand: CliCommand = {
  summary: "check the configuration, the services and their schemas",
  usage: DOCTOR_USAGE,
  run: doctorCommandLine,
};
