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
import type { CliCommand } from "./command";

export const SYNC_USAGE = `usage: gasframes sync <service>.<version>.<endpoint> --dir <lake> --from YYYY-MM [--to YYYY-MM]
                     [--as-of YYYY-MM-DD] [--revise-days N] [--<filter> value ...]

Downloads the endpoint's data month by month into hive-partitioned Parquet under <lake>
(<lake>/<service>/<version>/<endpoint>/month=YYYY-MM/part-*.parquet), fetching only the months that are
missing or that the service may still revise. A filter repeated, or given as a,b,c, is a list.
Examples:
  gasframes sync natgas.v4.rigs --dir lake --from 2024-01 --to 2024-06 --region_natgas Permian
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

/** Parses `gasframes sync` arguments; a string is the error to print (exit code 2). */
export function parseSyncArgs(args: readonly string[]): SyncArgs | string {
  const [dataset, ...rest] = args;
  if (dataset === undefined || dataset.startsWith("-")) return "name the dataset first: <service>.<version>.<endpoint>, e.g. natgas.v4.rigs";
  const dot = dataset.lastIndexOf(".");
  const catalogName = dataset.slice(0, dot);
  const catalog = CATALOGS[catalogName];
  if (catalog === undefined) {
    const close = closest(catalogName, Object.keys(CATALOGS));
    return `unknown service "${catalogName}" (known: ${Object.keys(CATALOGS).join(", ")})${close ? `; did you mean ${close}?` : ""}`;
  }
  const method = dataset.slice(dot + 1);
  const spec = Object.values(catalog).find((s) => s.method === method);
  if (spec === undefined) {
    const close = closest(method, Object.values(catalog).map((s) => s.method));
    return `${catalogName} has no endpoint "${method}"${close ? `; did you mean ${catalogName}.${close}?` : ""}`;
  }
  const options: { dir?: string; from?: string; to?: string; asOf?: string; reviseDays?: number } = {};
  const params: Record<string, unknown> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (!arg.startsWith("--")) return `unexpected argument "${arg}" (filters are --<name> <value>)`;
    const [flag, inline] = arg.split("=", 2) as [string, string | undefined];
    const value = inline ?? rest[++i];
    if (value === undefined) return `${flag} needs a value`;
    if (flag === "--dir") options.dir = value;
    else if (flag === "--from") options.from = value;
    else if (flag === "--to") options.to = value;
    else if (flag === "--as-of") options.asOf = value;
    else if (flag === "--revise-days") {
      if (!/^\d+$/.test(value)) return `--revise-days must be a whole number of days, got "${value}"`;
      options.reviseDays = Number(value);
    } else {
      const name = flag.slice(2);
      const param = spec.params.find((p) => p.name === name);
      if (param === undefined) {
        const close = closest(name, spec.params.map((p) => p.name));
        return `unknown option "${flag}" for ${dataset}${close ? `; did you mean --${close}?` : ""} (its filters: ${spec.params.map((p) => p.name).join(", ")})`;
      }
      params[name] = filterValue(param.type.kind, value, params[name]);
    }
  }
  if (options.dir === undefined) return "--dir <lake folder> is required";
  if (options.from === undefined) return "--from YYYY-MM is required";
  const service = spec.service === "lng" ? "lng" : "natgas";
  return { service, spec, dir: options.dir, from: options.from, params, ...(options.to ? { to: options.to } : {}), ...(options.asOf ? { asOf: options.asOf } : {}), ...(options.reviseDays !== undefined ? { reviseDays: options.reviseDays } : {}) };
}

/** A filter's value: lists from repeats or commas, integers for integer lists, the text otherwise. */
function filterValue(kind: string, text: string, before: unknown): unknown {
  const listKinds = new Set(["strArr", "idArr", "intArr", "countryCodes"]);
  if (!listKinds.has(kind)) return kind === "int" && /^-?\d+$/.test(text) ? Number(text) : kind === "bool" && /^(true|false)$/i.test(text) ? text.toLowerCase() === "true" : text;
  const items = text.split(",").map((s) => s.trim()).filter((s) => s !== "");
  const values = kind === "intArr" ? items.map((s) => (/^-?\d+$/.test(s) ? Number(s) : s)) : items;
  return [...(Array.isArray(before) ? before : []), ...values];
}

/** `gasframes sync`. */
export const syncCommand: CliCommand = {
  summary: "download an endpoint into a local Parquet lake, month by month: sync natgas.v4.rigs --dir lake --from 2024-01",
  async run(args) {
    if (args.includes("--help") || args.includes("-h")) {
      process.stdout.write(`${SYNC_USAGE}\n`);
      return 0;
    }
    const parsed = parseSyncArgs(args);
    if (typeof parsed === "string") {
      process.stderr.write(`gasframes sync: ${parsed}\n${SYNC_USAGE}\n`);
      return 2;
    }
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
          if (p.phase === "partition") process.stderr.write(`${p.month}: ${p.partitionsDone}/${p.partitionsTotal} months, ${p.rows.toLocaleString("en-US")} rows, ${Math.round(p.rowsPerSecond).toLocaleString("en-US")} rows/s\n`);
        },
      });
      process.stdout.write(
        `synced ${parsed.spec.service}.${parsed.spec.version}.${parsed.spec.method} from the ${connection.target} into ${report.datasetDir}: ` +
          `${report.fetched.length} month(s) fetched, ${report.kept.length} kept, ${report.rows.toLocaleString("en-US")} rows, ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
      );
      return 0;
    } catch (error) {
      // Bad values (a month that is not YYYY-MM, a filter the service refuses) are the user's: exit 2.
      process.stderr.write(`gasframes sync: ${error instanceof Error ? error.message : String(error)}\n`);
      return error instanceof GasframesError && error.code === "INVALID_PARAMS" ? 2 : 1;
    }
  },
};
