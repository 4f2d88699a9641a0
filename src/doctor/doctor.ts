/**
 * `doctor()`: what a user runs first against the live services. It says where each service's requests go
 * and how (host, token header, masked token, proxy, cache and lake folders), checks each service with its
 * cheapest documented call, explains a 401/403, and compares one small answer per endpoint family with
 * the catalog (fields added, missing, or of another type: schema drift). It never prints the token.
 */
import { tokenHeaderFor } from "../catalog/token-headers";
import { connect, connectionPlan, type ConnectOptions, type Connection, type ServiceName } from "../connect/connect";
import { AuthenticationError, GasframesError, PermissionDeniedError, redact } from "../errors";
import type { FieldType, RecordSchema } from "../table/schema";
import type { Result } from "../table/result";
import { DEFAULT_SANDBOX_AS_OF } from "../util/sandbox-as-of";
import { dayWindow, DRIFT_PROBES, HEALTH_PROBES, type Probe } from "./probes";
import { v3, v4 } from "../natgas/catalog";
import { LNG_V1 } from "../lng/catalog/v1";
import type { EndpointSpec } from "../catalog/types";
import { isCalendarDate, parseTimestampMs } from "../table/dates";

/** Options of {@link doctor}: those of `connect()`, plus these. */
export interface DoctorOptions extends ConnectOptions {
  /** Services to check. Default: all three. */
  readonly services?: readonly ServiceName[];
  /** Skip the schema comparison (only configuration and health checks). Default false. */
  readonly skipDrift?: boolean;
  /** "Today", for the date windows of the drift probes. Default: the sandbox's asOf, else the current date. */
  readonly today?: string;
}

/** How one service is configured. */
export interface ServiceConfiguration {
  readonly service: ServiceName;
  /** The base URL requests go to. */
  readonly baseUrl: string;
  /** Where it comes from: `option`, `env`, `live default` or `sandbox`. */
  readonly baseUrlFrom: string;
  /** `set (40 characters, from GASFRAMES_TOKEN)` or `not set`: never any character of the token. */
  readonly token: string;
  /** The header carrying the token, per API version (`{ v3: "access_key", v4: "Access-Key" }`). */
  readonly tokenHeaders: Readonly<Record<string, string>>;
}

/** The outcome of one call. */
export interface ProbeOutcome {
  readonly service: ServiceName;
  readonly label: string;
  readonly family: string;
  readonly ok: boolean;
  /** Rows answered, when it answered. */
  readonly rows?: number;
  /** HTTP status of a refusal, when there was one. */
  readonly status?: number;
  /** The error's message (token masked), or what to check. */
  readonly message?: string;
  /** Fields the answer had that the catalog does not know. */
  readonly added?: readonly string[];
  /** Catalog fields the answer lacked. */
  readonly missing?: readonly string[];
  /** Fields whose values are not of the catalog's type: `field: expected int, got string ("12")`. */
  readonly retyped?: readonly string[];
  /** The answer was synthetic (the sandbox). */
  readonly synthetic?: boolean;
}

/** What {@link doctor} found. */
export interface DoctorReport {
  readonly target: "live" | "sandbox";
  /** Why that target: `token`, `sandbox option` or `no token`. */
  readonly reason: string;
  readonly services: readonly ServiceConfiguration[];
  /** Proxy variables in the environment (credentials masked), and whether gasframes uses them. */
  readonly proxy: string;
  /** The response cache's mode and folder. */
  readonly cache: string;
  /** The lake folder named by `GASFRAMES_LAKE_DIR`, when set. */
  readonly lake: string;
  readonly health: readonly ProbeOutcome[];
  readonly drift: readonly ProbeOutcome[];
  /**
   * Catalog entries no published page or public code confirms whole (`source.unverified`), of the services
   * checked: `lng.vessels: its records follow the spec; ...`. Information, not a failure.
   */
  readonly unverified: readonly string[];
  /** Every health check passed and no family drifted. */
  readonly ok: boolean;
}

const API_VERSIONS: Readonly<Record<ServiceName, readonly string[]>> = { natgas: ["v3", "v4"], lng: ["v1"], legacy: ["legacy"] };

/**
 * Checks the configuration and the services, and compares answers with the catalog.
 *
 * With no token it runs against the embedded sandbox (as `connect()` would), which is how the README's
 * quickstart and the tests run it; with a token, against the live services. It resolves when every call
 * has answered or failed: failures are in the report, never thrown (a `ConfigurationError` of the
 * options themselves is).
 *
 * @example
 * ```ts
 * import { doctor, formatDoctorReport } from "gasframes";
 * const report = await doctor();
 * console.log(formatDoctorReport(report));
 * ```
 */
export async function doctor(options: DoctorOptions = {}, env: NodeJS.ProcessEnv = process.env): Promise<DoctorReport> {
  const { services: only, skipDrift, today, ...connectOptions } = options;
  const plan = connectionPlan(connectOptions, env);
  const wanted = new Set<ServiceName>(only ?? ["natgas", "lng", "legacy"]);
  // Retries would make a refused token take minutes to report: one attempt, and no progress bars.
  const conn = await connect({ maxRetries: 0, progress: false, ...connectOptions }, env);
  const services = (["natgas", "lng", "legacy"] as const).filter((s) => wanted.has(s)).map((service): ServiceConfiguration => {
    const p = plan.services[service];
    const baseUrl = p.url ?? sandboxUrl(conn, service);
    const token = plan.target === "sandbox" ? "the sandbox's own (any token is accepted)" : p.token === undefined ? "not set" : `set (${p.token.length} characters, from ${p.tokenFrom})`;
    const tokenHeaders = Object.fromEntries(API_VERSIONS[service].map((v) => [v, connectOptions.tokenHeader ?? tokenHeaderFor(service, v)]));
    return { service, baseUrl, baseUrlFrom: p.urlFrom, token, tokenHeaders };
  });
  const health: ProbeOutcome[] = [];
  for (const probe of HEALTH_PROBES.filter((p) => wanted.has(p.service))) {
    let outcome = await run(probe, conn, undefined);
    if (outcome.status === 401 && plan.target === "live" && connectOptions.tokenHeader === undefined) outcome = await tryOtherHeaders(probe, outcome, connectOptions, env);
    health.push(outcome);
  }
  const drift: ProbeOutcome[] = [];
  if (!skipDrift) {
    const window = dayWindow(today ?? conn.sandbox?.asOf ?? (plan.target === "sandbox" ? DEFAULT_SANDBOX_AS_OF : new Date().toISOString().slice(0, 10)));
    for (const probe of DRIFT_PROBES.filter((p) => wanted.has(p.service))) drift.push(await run(probe, conn, window));
  }
  const ok = health.every((h) => h.ok) && drift.every((d) => d.ok);
  const unverified = [...Object.values(v3), ...Object.values(v4), ...Object.values(LNG_V1)]
    .filter((e: EndpointSpec) => wanted.has(e.service as ServiceName) && e.source?.unverified !== undefined)
    .map((e: EndpointSpec) => `${e.service}.${e.service === "natgas" ? `${e.version}.` : ""}${e.method}: ${e.source!.unverified}`);
  const lake = env.GASFRAMES_LAKE_DIR ? `GASFRAMES_LAKE_DIR=${env.GASFRAMES_LAKE_DIR}` : "no default folder (syncDataset and openLake take dir)";
  return { target: plan.target, reason: plan.reason, services, proxy: proxyOf(env), cache: cacheOf(connectOptions, env), lake, health, drift, unverified, ok };
}

function sandboxUrl(conn: Connection, service: ServiceName): string {
  const s = conn.sandbox;
  if (s === undefined) return "";
  return service === "natgas" ? s.natgasUrl : service === "lng" ? s.lngUrl : s.legacyUrl;
}

/** Token headers a service might want, tried when the documented one is refused with 401. */
const OTHER_TOKEN_HEADERS = ["Access-Key", "x-api-key", "access_key"] as const;

/**
 * A 401 in the documented header may be the wrong header rather than a wrong token (no page shows the LNG
 * header): the same call once with each other header; the first accepted is named in the outcome.
 */
async function tryOtherHeaders(probe: Probe, refused: ProbeOutcome, options: ConnectOptions, env: NodeJS.ProcessEnv): Promise<ProbeOutcome> {
  const tried: string[] = [];
  for (const header of OTHER_TOKEN_HEADERS) {
    const conn = await connect({ maxRetries: 0, progress: false, ...options, tokenHeader: header }, env);
    const outcome = await run(probe, conn, undefined);
    tried.push(header);
    if (outcome.ok) {
      return { ...outcome, ok: false, message: `the token was refused in the documented header but accepted in ${header}: pass { tokenHeader: "${header}" } to connect() or the client (and tell us: docs/conformance.md)` };
    }
  }
  return { ...refused, message: `${refused.message ?? ""} (also refused in ${tried.join(", ")})` };
}

async function run(probe: Probe, conn: Connection, window: ReturnType<typeof dayWindow> | undefined): Promise<ProbeOutcome> {
  const base = { service: probe.service, label: probe.label, family: probe.family };
  let result: Result<unknown>;
  try {
    result = await probe.call(conn, window ?? dayWindow(DEFAULT_SANDBOX_AS_OF));
  } catch (error) {
    return { ...base, ok: false, ...failure(error) };
  }
  const outcome: ProbeOutcome = { ...base, ok: true, rows: result.length, synthetic: result.meta.synthetic };
  if (window === undefined) return outcome;
  const added = [...(result.meta.drift?.added ?? [])];
  const missing = [...(result.meta.drift?.missing ?? [])];
  const retyped = result.schema === undefined ? [] : retypedFields(result.schema, result);
  const drifted = added.length > 0 || missing.length > 0 || retyped.length > 0;
  return { ...outcome, ok: !drifted, added, missing, retyped, ...(result.length === 0 ? { message: "no rows in the window: nothing to compare" } : {}) };
}

/** The status and message of a failed call, with what to check for a refused token. */
function failure(error: unknown): { status?: number; message: string } {
  const status = (error as { status?: unknown }).status;
  const message = redact(error instanceof Error ? error.message : String(error));
  const withStatus = typeof status === "number" && status > 0 ? { status } : {};
  if (error instanceof AuthenticationError && status === 0) return { message: `${message} (no request was sent)` };
  if (error instanceof AuthenticationError) {
    return { ...withStatus, message: `${message}. Check: the token is the one the vendor issued for this service, copied whole; it is sent in the header named above (another can be chosen with { tokenHeader } or --token-header)` };
  }
  if (error instanceof PermissionDeniedError) {
    return { ...withStatus, message: `${message}. Check: the subscription covers this service and endpoint (403: the token was accepted, the access was not)` };
  }
  if (error instanceof GasframesError) return { ...withStatus, message };
  return { message };
}

/** Each schema field whose non-null values are not of its declared type, with the first such value. */
export function retypedFields(schema: RecordSchema, result: Result<unknown>): string[] {
  const out: string[] = [];
  const n = Math.min(result.length, 1000);
  for (const field of schema.fields) {
    if (!result.names.includes(field.name)) continue;
    const values = result.column(field.name as never) as readonly unknown[];
    for (let i = 0; i < n; i++) {
      const v = values[i];
      if (v === null || v === undefined || fits(field.type, v)) continue;
      out.push(`${field.name}: expected ${field.type}, got ${typeof v} (${JSON.stringify(v)?.slice(0, 40)})`);
      break;
    }
  }
  return out;
}

function fits(type: FieldType, v: unknown): boolean {
  switch (type) {
    case "int":
      return typeof v === "number" && (Number.isInteger(v) || Number.isNaN(v));
    case "float":
      return typeof v === "number";
    case "bool":
      return typeof v === "boolean";
    case "date":
      return typeof v === "string" && isCalendarDate(v);
    case "timestamp":
      return typeof v === "string" && !Number.isNaN(parseTimestampMs(v));
    case "string":
      return typeof v === "string";
    case "json":
      return true;
  }
}

/** Proxy variables, with any credentials in them masked; gasframes only uses a proxy through a dispatcher. */
function proxyOf(env: NodeJS.ProcessEnv): string {
  const names = ["HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "NO_PROXY", "no_proxy"].filter((n) => (env[n] ?? "") !== "");
  if (names.length === 0) return "none set";
  const shown = names.map((n) => `${n}=${env[n]!.replace(/\/\/[^@/]*@/, "//***@")}`).join(", ");
  return `${shown} (gasframes connects directly unless given a dispatcher: pass { dispatcher: new EnvHttpProxyAgent() } from undici to use them)`;
}

function cacheOf(options: ConnectOptions, env: NodeJS.ProcessEnv): string {
  const mode = options.cache?.mode ?? (env.GASFRAMES_CACHE || "off");
  const dir = options.cache?.dir ?? env.GASFRAMES_CACHE_DIR ?? ".cache/gasframes";
  return mode === "off" ? `off (GASFRAMES_CACHE=readwrite records answers in ${dir})` : `${mode}, in ${dir}`;
}
