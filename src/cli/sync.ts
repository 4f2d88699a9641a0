/**
 * `gasframes sync <service>.<version>.<endpoint> --dir <lake> --from YYYY-MM [--to YYYY-MM] [--<filter> value...]`:
 * `syncDataset` from the terminal, against the sandbox by default or the live service when its URL and
 * token are set (GASFRAMES_NATGAS_URL / GASFRAMES_NATGAS_TOKEN...), as `connect()` decides.
 */
import type { EndpointSpec } from "../catalog/types";
import { connect } from "../connect";
import { GasframesError } from "../errors";
import { syncDataset } from "../lake";
import { LNG_V1 } from "../lng/catalog/v1";
import { v3, v4 } from "../natgas/catalog";
import { closest } from "../util/closest";
import { consoleIo, type CliCommand, type CommandIo } from "./command";
import { runCommandLine } from "./command-line";
import { lastValue, readArgs, unknownOption, UsageError, type FlagSpec, type ReadArgs } from "./read-args";

export const SYNC_USAGE = `usage: gasframes sync <service>.<version>.<endpoint> --dir <lake> --from YYYY-MM [--to YYYY-MM]
                     [--as-of YYYY-MM-DD] [--revise-days N] [--<filter> value ...]

Downloads the endpoint's data month by month into hive-partitioned Parquet under <lake>
(<lake>/<service>/<version>/<endpoint>/month=YYYY-MM/part-*.parquet), fetching only the months that are
missing or that the service may still revise. A filter repeated, or given as a,b,c, is a list.
Examples:
  gasframes sync natgas.v4.rigs --dir lake --from 2024-01 --to 2024-06 --region_natgas west
  gasframes sync lng.v1.volumeFlows --dir lake --from 2024-01 --destination_countries Japan,Korea
Against the sandbox unless GASFRAMES_<SERVICE>_URL and a token are set (docs/lake.md).`;

/** The catalogs a dataset name is looked up in: `<service>.<version>.<method>`. */
const CATALOGS: Readonly<Record<string, Readonly<Record<string, EndpointSpec>>>> = {
  "natgas.v3": v3,
  "natgas.v4": v4,
  "lng.v1": LNG_V1,
};

/** What `gasframes sync` was asked to do, checked before anything is written or sent. */
export interface SyncArgs {
  readonly service: "natgas" | "lng";
  readonly spec: EndpointSpec;
  readonly dir: string;
  readonly from: string;
  readonly to?: string;
  readonly asOf?: string;
  readonly reviseDays?: number;
  readonly params: Record<string, unknown>;
}

/** The flags of `gasframes sync` itself; any other `--<name> value` is one of the endpoint's filters. */
const SYNC_FLAGS: Readonly<Record<string, FlagSpec>> = {
  "--dir": { value: true },
  "--from": { value: true },
  "--to": { value: true },
  "--as-of": { value: true },
  "--revise-days": { value: true },
};

/** Parses `gasframes sync` arguments; throws UsageError (exit 2) naming what is wrong. */
export function parseSyncArgs(args: readonly string[]): SyncArgs {
  return checkSyncArgs(readArgs(args, SYNC_FLAGS, { otherFlagsTakeValues: true }));
}

/** Checks `gasframes sync` arguments already read, before anything is written or sent. */
export function checkSyncArgs(read: ReadArgs): SyncArgs {
  const [dataset, ...extra] = read.positionals;
  if (dataset === undefined) throw new UsageError("name the dataset first: <service>.<version>.<endpoint>, e.g. natgas.v4.rigs");
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}" (filters are --<name> <value>)`);
  const dot = dataset.lastIndexOf(".");
  const catalogName = dataset.slice(0, dot);
  const catalog = CATALOGS[catalogName];
  if (catalog === undefined) {
    const close = closest(catalogName, Object.keys(CATALOGS));
    throw new UsageError(`unknown service "${catalogName}" (known: ${Object.keys(CATALOGS).join(", ")})${close ? `; did you mean ${close}?` : ""}`);
  }
  const method = dataset.slice(dot + 1);
  const spec = Object.values(catalog).find((s) => s.method === method);
  if (spec === undefined) {
    const close = closest(method, Object.values(catalog).map((s) => s.method));
    throw new UsageError(`${catalogName} has no endpoint "${method}"${close ? `; did you mean ${catalogName}.${close}?` : ""}`);
  }
  const reviseText = lastValue(read, "--revise-days");
  if (reviseText !== undefined && !/^\d+$/.test(reviseText)) throw new UsageError(`--revise-days must be a whole number of days, got "${reviseText}"`);
  const params: Record<string, unknown> = {};
  const filterNames = spec.params.map((p) => p.name);
  for (const [flag, values] of read.values) {
    if (SYNC_FLAGS[flag] !== undefined) continue;
    const name = flag.slice(2);
    const param = spec.params.find((p) => p.name === name);
    if (param === undefined) {
      throw new UsageError(`${unknownOption(flag, SYNC_FLAGS, filterNames)} (${dataset}'s filters: ${filterNames.join(", ")})`);
    }
    for (const value of values) params[name] = filterValue(param.type.kind, value, params[name]);
  }
  const dir = lastValue(read, "--dir");
  const from = lastValue(read, "--from");
  const to = lastValue(read, "--to");
  const asOf = lastValue(read, "--as-of");
  if (dir === undefined) throw new UsageError("--dir <lake folder> is required");
  if (from === undefined) throw new UsageError("--from YYYY-MM is required");
  const service = spec.service === "lng" ? "lng" : "natgas";
  return { service, spec, dir, from, params, ...(to ? { to } : {}), ...(asOf ? { asOf } : {}), ...(reviseText !== undefined ? { reviseDays: Number(reviseText) } : {}) };
}

/** A filter's value: lists from repeats or commas, integers for integer lists, the text otherwise. */
function filterValue(kind: string, text: string, before: unknown): unknown {
  const listKinds = new Set(["strArr", "idArr", "intArr", "countryCodes"]);
  if (!listKinds.has(kind)) return kind === "int" && /^-?\d+$/.test(text) ? Number(text) : kind === "bool" && /^(true|false)$/i.test(text) ? text.toLowerCase() === "true" : text;
  const items = text.split(",").map((s) => s.trim()).filter((s) => s !== "");
  const values = kind === "intArr" ? items.map((s) => (/^-?\d+$/.test(s) ? Number(s) : s)) : items;
  return [...(Array.isArray(before) ? before : []), ...values];
}

/** `gasframes sync`: returns the exit code (0 done, 1 a download or write failed, 2 bad arguments). */
export async function syncCommandLine(args: readonly string[], io: CommandIo = consoleIo): Promise<number> {
  return runCommandLine({ name: "sync", usage: SYNC_USAGE, flags: SYNC_FLAGS, otherFlagsTakeValues: true }, args, io, async (read) => {
    const parsed = checkSyncArgs(read);
    const connection = await connect();
    const client = parsed.service === "lng" ? connection.lng : connection.natgas;
    const started = Date.now();
    try {
      const report = await syncDataset(client, parsed.spec, parsed.params, {
        dir: parsed.dir,
        from: parsed.from,
        ...(parsed.to ? { to: parsed.to } : {}),
        ...(parsed.asOf ? { asOf: parsed.asOf } : {}),
        ...(parsed.reviseDays !== undefined ? { reviseDays: parsed.reviseDays } : {}),
        onProgress: (p) => {
          if (p.phase === "partition") io.err(`${p.month}: ${p.partitionsDone}/${p.partitionsTotal} months, ${p.rows.toLocaleString("en-US")} rows, ${Math.round(p.rowsPerSecond).toLocaleString("en-US")} rows/s`);
        },
      });
      io.out(
        `synced ${parsed.spec.service}.${parsed.spec.version}.${parsed.spec.method} from the ${connection.target} into ${report.datasetDir}: ` +
          `${report.fetched.length} month(s) fetched, ${report.kept.length} kept, ${report.rows.toLocaleString("en-US")} rows, ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      return 0;
    } catch (error) {
      // Bad values (a month that is not YYYY-MM, a filter the service refuses) are the user's: exit 2.
      if (error instanceof GasframesError && error.code === "INVALID_PARAMS") throw new UsageError(error.message, { cause: error });
      throw error;
    }
  });
}

/** `gasframes sync`. */
export const syncCommand: CliCommand = {
  summary: "download an endpoint into a local Parquet lake, month by month: sync natgas.v4.rigs --dir lake --from 2024-01",
  usage: SYNC_USAGE,
  run: (args, io) => syncCommandLine(args, io),
};
