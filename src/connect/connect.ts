/**
 * One call that gives a notebook its clients: the live services when a token is set (at their documented
 * hosts unless base URLs say otherwise), otherwise the embedded sandbox, started on first use and shared by
 * every later call in the process.
 */
import { ConfigurationError } from "../http/configuration-error";
import { TOKEN_ENV } from "../http/config";
import type { CacheOptions, TransportOptions } from "../http/types";
import { LngClient } from "../lng/lng-client";
import { LegacyLngClient } from "../lng/legacy/legacy-lng-client";
import { NatGasClient } from "../natgas/natgas-client";
import { DEFAULT_SANDBOX_AS_OF } from "../util/sandbox-as-of";
import { SANDBOX_ANSWER_CACHE_ENV, answerCacheFromEnv } from "../util/sandbox-answer-cache";
import { LIVE_BASE_URLS } from "../client/services";
import type { SandboxHandle, SandboxOptions } from "../sandbox/start-sandbox";

/** Where `connect()` sends its clients. */
export interface ConnectOptions extends Omit<TransportOptions, "baseUrl"> {
  /** Natural gas base URL. Default env `GASFRAMES_NATGAS_URL`, else the live host `https://hyperion.api.synmax.com`. */
  natgasUrl?: string;
  /** LNG v1 base URL. Default env `GASFRAMES_LNG_URL`, else the live host `https://leviaton.api.synmax.com`. */
  lngUrl?: string;
  /** Old LNG API base URL. Default env `GASFRAMES_LEGACY_URL`, else `https://api.leviaton.synmax.com/leviaton-be2`. */
  legacyUrl?: string;
  /**
   * `true` (or sandbox options): always use the embedded sandbox, even with a token. `false`: never start
   * it (the live services; a request without a token is then an AuthenticationError). Default: the live
   * services when a token is set, else the sandbox (said once per process on stderr).
   */
  sandbox?: boolean | SandboxOptions;
}

/** The clients, and the sandbox when one serves them. */
export interface Connection {
  /** `live` when talking to the configured services, `sandbox` for the embedded one. */
  readonly target: "live" | "sandbox";
  readonly natgas: NatGasClient;
  readonly lng: LngClient;
  readonly legacy: LegacyLngClient;
  /** The sandbox serving these clients, when `target` is `sandbox`. */
  readonly sandbox?: SandboxHandle;
}

/**
 * The token the sandbox clients send: the sandbox accepts any non-empty token unless told otherwise.
 * Every token is masked as `***` in error text, so a plain word here ("sandbox") would be masked too.
 */
const SANDBOX_TOKEN = "gasframes-sandbox-token";

/** Fixed "today" of the sandbox started by `connect()` (and by `gasframes sandbox`), so notebooks and reports are reproducible. */
export { DEFAULT_SANDBOX_AS_OF };

export { SANDBOX_ANSWER_CACHE_ENV };

let shared: { key: string; handle: Promise<SandboxHandle> } | undefined;

/**
 * Returns clients for the natural gas, LNG v1 and old LNG services.
 *
 * With a token (the `token` option, or env `GASFRAMES_NATGAS_TOKEN` / `GASFRAMES_LNG_TOKEN` /
 * `GASFRAMES_LEGACY_TOKEN`, else `GASFRAMES_TOKEN`), the clients talk to the live services: each at its base
 * URL option or env (`GASFRAMES_NATGAS_URL`, `GASFRAMES_LNG_URL`, `GASFRAMES_LEGACY_URL`), else at the
 * documented live host (see `LIVE_BASE_URLS`). No sandbox is started then.
 * With no token, the embedded sandbox is started (seed 1, asOf {@link DEFAULT_SANDBOX_AS_OF}, or env
 * `GASFRAMES_SANDBOX_SEED` / `GASFRAMES_SANDBOX_AS_OF`; its answers kept on disk in the folder named by env
 * `GASFRAMES_SANDBOX_ANSWER_CACHE`, default none), said once per process on stderr, and reused by
 * every later call with the same sandbox options; its answers are synthetic (`result.meta.source` is
 * `"sandbox"`, and charts drawn from them say so). `sandbox: true` forces the sandbox even with a token.
 * The sandbox's clients ask for uncompressed answers unless `compression: true` is passed (the live
 * services' clients ask for gzip or deflate by default).
 * Env `GASFRAMES_CACHE` (`off`, `readwrite`, `replay`) and `GASFRAMES_CACHE_DIR` set the response cache when
 * the `cache` option is not given.
 *
 * @example
 * ```ts
 * const { natgas, target } = await connect();      // no token: the sandbox; GASFRAMES_TOKEN set: live
 * const rigs = await natgas.v3.rigs({ region: "west", start_date: "2024-01-01" });
 * console.log(target, rigs.meta.source);
 * ```
 */
export async function connect(options: ConnectOptions = {}, env: NodeJS.ProcessEnv = process.env): Promise<Connection> {
  const { natgasUrl: _n, lngUrl: _l, legacyUrl: _g, sandbox, ...transport } = options;
  const cache = transport.cache ?? cacheFromEnv(env);
  const common: TransportOptions = cache ? { ...transport, cache } : transport;
  const plan = connectionPlan(options, env);

  if (plan.target === "live") {
    const liveFor = (service: ServiceName): TransportOptions => {
      const token = plan.services[service].token;
      return token !== undefined ? { ...common, token } : common;
    };
    return {
      target: "live",
      natgas: new NatGasClient({ ...liveFor("natgas"), baseUrl: plan.services.natgas.url }),
      lng: new LngClient({ ...liveFor("lng"), baseUrl: plan.services.lng.url }),
      legacy: new LegacyLngClient({ ...liveFor("legacy"), baseUrl: plan.services.legacy.url }),
    };
  }

  // Said once per process, and only when the sandbox was not asked for: a user who set no token must not
  // mistake synthetic rows for market data.
  if (sandbox === undefined) sayOnce(SANDBOX_NOTICE);
  const sandboxOptions: SandboxOptions = {
    seed: env.GASFRAMES_SANDBOX_SEED ? Number(env.GASFRAMES_SANDBOX_SEED) : 1,
    asOf: env.GASFRAMES_SANDBOX_AS_OF ?? DEFAULT_SANDBOX_AS_OF,
    ...answerCacheOption(env),
    ...(typeof sandbox === "object" ? sandbox : {}),
  };
  const handle = await sharedSandbox(sandboxOptions);
  // The sandbox enforces no rate limit: pacing its clients to the live services' limits would only slow
  // them. Compressing and inflating on one machine costs CPU and saves nothing (docs/performance.md).
  const sandboxCommon: TransportOptions = { pacing: false, ...common, token: transport.token ?? SANDBOX_TOKEN, compression: transport.compression ?? false };
  return {
    target: "sandbox",
    sandbox: handle,
    natgas: new NatGasClient({ ...sandboxCommon, baseUrl: handle.natgasUrl }),
    lng: new LngClient({ ...sandboxCommon, baseUrl: handle.lngUrl }),
    legacy: new LegacyLngClient({ ...sandboxCommon, baseUrl: handle.legacyUrl }),
  };
}

/** The three services' names. */
export type ServiceName = "natgas" | "lng" | "legacy";

/** Where one service's requests would go, and with what token (never shown: only where it came from). */
export interface ServicePlan {
  /** The base URL; for the sandbox target, undefined until the sandbox is started. */
  readonly url?: string;
  /** Where the URL comes from: the option, its environment variable, or the documented live host. */
  readonly urlFrom: "option" | "env" | "live default" | "sandbox";
  /** The token, when one is set. Never print it. */
  readonly token?: string;
  /** Where the token comes from (`the token option`, `GASFRAMES_TOKEN`...), or undefined when none is set. */
  readonly tokenFrom?: string;
}

/** What `connect()` would do with these options and this environment, without starting anything. */
export interface ConnectionPlan {
  readonly target: "live" | "sandbox";
  /** Why: `token`, `sandbox option`, or `no token`. */
  readonly reason: "token" | "sandbox option" | "no token";
  readonly services: Readonly<Record<ServiceName, ServicePlan>>;
}

const URL_ENV: Readonly<Record<ServiceName, string>> = { natgas: "GASFRAMES_NATGAS_URL", lng: "GASFRAMES_LNG_URL", legacy: "GASFRAMES_LEGACY_URL" };

/**
 * Resolves where `connect()` sends each service, as `connect()` itself does: a token (the `token` option, a
 * service's `GASFRAMES_<SERVICE>_TOKEN`, else `GASFRAMES_TOKEN`) means the live services, each at its URL
 * option or environment variable, else its documented live host; `sandbox: true` or no token means the sandbox.
  * @example
  * console.log(connectionPlan().natgas); // where natgas calls would go, and why
 */
export function connectionPlan(options: ConnectOptions = {}, env: NodeJS.ProcessEnv = process.env): ConnectionPlan {
  const urlOption: Record<ServiceName, string | undefined> = { natgas: options.natgasUrl, lng: options.lngUrl, legacy: options.legacyUrl };
  const tokenOf = (service: ServiceName): { token?: string; tokenFrom?: string } => {
    // A service-specific token (GASFRAMES_NATGAS_TOKEN...) wins over GASFRAMES_TOKEN, as in the transport.
    const named = `GASFRAMES_${service.toUpperCase()}_TOKEN`;
    for (const [value, from] of [[options.token, "the token option"], [env[named], named], [env[TOKEN_ENV], TOKEN_ENV]] as const) {
      const token = nonBlank(value)?.trim();
      if (token !== undefined) return { token, tokenFrom: from };
    }
    return {};
  };
  const names: ServiceName[] = ["natgas", "lng", "legacy"];
  const tokens = Object.fromEntries(names.map((s) => [s, tokenOf(s)])) as Record<ServiceName, { token?: string; tokenFrom?: string }>;
  const anyToken = names.some((s) => tokens[s].token !== undefined);
  const { sandbox } = options;
  const live = sandbox === false || (sandbox === undefined && anyToken);
  const reason = sandbox !== undefined ? "sandbox option" : anyToken ? "token" : "no token";
  const plan = (service: ServiceName): ServicePlan => {
    if (!live) return { urlFrom: "sandbox", ...tokens[service] };
    const option = nonBlank(urlOption[service]);
    const fromEnv = nonBlank(env[URL_ENV[service]]);
    const url = option ?? fromEnv ?? LIVE_BASE_URLS[service];
    return { url, urlFrom: option !== undefined ? "option" : fromEnv !== undefined ? "env" : "live default", ...tokens[service] };
  };
  return { target: live ? "live" : "sandbox", reason, services: { natgas: plan("natgas"), lng: plan("lng"), legacy: plan("legacy") } };
}

/** What `connect()` prints (once per process, on stderr) when it starts the sandbox because no token is set. */
export const SANDBOX_NOTICE =
  "gasframes: no token: using the embedded sandbox (synthetic data). Set GASFRAMES_TOKEN to use the live services.";

let noticeSaid = false;

function sayOnce(text: string): void {
  if (noticeSaid) return;
  noticeSaid = true;
  process.stderr.write(`${text}\n`);
}

function nonBlank(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}

/**
 * Closes the sandbox that `connect()` started, if any. Later `connect()` calls start a new one.
 * @example
 * const { natgas } = await connect({ sandbox: true });
 * await closeSharedSandbox();
 */
export async function closeSharedSandbox(): Promise<void> {
  const current = shared;
  shared = undefined;
  if (current) await (await current.handle).close();
}

function sharedSandbox(options: SandboxOptions): Promise<SandboxHandle> {
  const key = JSON.stringify(options);
  if (shared && shared.key === key) return shared.handle;
  const previous = shared;
  const handle = (async () => {
    if (previous) await (await previous.handle).close();
    // Loaded here, not at require("gasframes"): the sandbox is only for notebooks without a service.
    return (await import("../sandbox/start-sandbox")).startSandbox(options);
  })();
  shared = { key, handle };
  // A failed start must not poison later calls.
  handle.catch(() => {
    if (shared?.handle === handle) shared = undefined;
  });
  return handle;
}

/**
 * `GASFRAMES_SANDBOX_ANSWER_CACHE` of the environment connect() was given (which may be another than the
 * process's, where startSandbox() would look), as the sandbox's `answerCache` option.
 */
function answerCacheOption(env: NodeJS.ProcessEnv): Pick<SandboxOptions, "answerCache"> {
  const dir = answerCacheFromEnv(env);
  return dir === undefined ? {} : { answerCache: dir };
}

function cacheFromEnv(env: NodeJS.ProcessEnv): CacheOptions | undefined {
  const mode = env.GASFRAMES_CACHE;
  if (mode === undefined || mode === "") return undefined;
  if (mode !== "off" && mode !== "readwrite" && mode !== "replay") {
    throw new ConfigurationError(`GASFRAMES_CACHE=${JSON.stringify(mode)}: expected off, readwrite or replay`);
  }
  return env.GASFRAMES_CACHE_DIR ? { mode, dir: env.GASFRAMES_CACHE_DIR } : { mode };
}
