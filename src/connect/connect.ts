/**
 * One call that gives a notebook its clients: the live services when a token and base URLs are set,
 * otherwise the embedded sandbox, started on first use and shared by every later call in the process.
 */
import { ConfigurationError } from "../http/configuration-error";
import { TOKEN_ENV } from "../http/config";
import type { CacheOptions, TransportOptions } from "../http/types";
import { LngClient } from "../lng/lng-client";
import { LegacyLngClient } from "../lng/legacy/legacy-lng-client";
import { NatGasClient } from "../natgas/natgas-client";
import { DEFAULT_SANDBOX_AS_OF } from "../util/sandbox-as-of";
import type { SandboxHandle, SandboxOptions } from "../sandbox/start-sandbox";

/** Where `connect()` sends its clients. */
export interface ConnectOptions extends Omit<TransportOptions, "baseUrl"> {
  /** Natural gas base URL. Default env `GASFRAMES_NATGAS_URL`. */
  natgasUrl?: string;
  /** LNG v1 base URL. Default env `GASFRAMES_LNG_URL`. */
  lngUrl?: string;
  /** Old LNG API base URL. Default env `GASFRAMES_LEGACY_URL`. */
  legacyUrl?: string;
  /**
   * `true` (or sandbox options): always use the embedded sandbox. `false`: never start it (a missing URL
   * is then a ConfigurationError). Default: the sandbox unless a token and at least one base URL are set.
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

let shared: { key: string; handle: Promise<SandboxHandle> } | undefined;

/**
 * Returns clients for the natural gas, LNG v1 and old LNG services.
 *
 * With a token (option or env `GASFRAMES_TOKEN`) and base URLs (options or env `GASFRAMES_NATGAS_URL`,
 * `GASFRAMES_LNG_URL`, `GASFRAMES_LEGACY_URL`), the clients talk to those services. Otherwise the embedded
 * sandbox is started (seed 1, asOf {@link DEFAULT_SANDBOX_AS_OF}, or env `GASFRAMES_SANDBOX_SEED` /
 * `GASFRAMES_SANDBOX_AS_OF`) and reused by every later call with the same sandbox options.
 * The sandbox's clients ask for uncompressed answers unless `compression: true` is passed (the live
 * services' clients ask for gzip or deflate by default).
 * Env `GASFRAMES_CACHE` (`off`, `readwrite`, `replay`) and `GASFRAMES_CACHE_DIR` set the response cache when
 * the `cache` option is not given.
 */
export async function connect(options: ConnectOptions = {}, env: NodeJS.ProcessEnv = process.env): Promise<Connection> {
  const { natgasUrl, lngUrl, legacyUrl, sandbox, ...transport } = options;
  const cache = transport.cache ?? cacheFromEnv(env);
  const common: TransportOptions = cache ? { ...transport, cache } : transport;
  const urls = {
    natgas: natgasUrl ?? env.GASFRAMES_NATGAS_URL,
    lng: lngUrl ?? env.GASFRAMES_LNG_URL,
    legacy: legacyUrl ?? env.GASFRAMES_LEGACY_URL,
  };
  // A service-specific token (GASFRAMES_NATGAS_TOKEN...) wins over GASFRAMES_TOKEN, as in the transport.
  const tokenFor = (service: string): string | undefined =>
    transport.token || env[`GASFRAMES_${service.toUpperCase()}_TOKEN`] || env[TOKEN_ENV] || undefined;
  const liveFor = (service: string): TransportOptions => {
    const token = tokenFor(service);
    return token ? { ...common, token } : common;
  };
  const anyToken = ["natgas", "lng", "legacy"].some((s) => tokenFor(s));
  const live = sandbox === false || (sandbox === undefined && anyToken && Object.values(urls).some(Boolean));

  if (live) {
    return {
      target: "live",
      natgas: lazyClient("natgas", urls.natgas, () => new NatGasClient({ ...liveFor("natgas"), baseUrl: urls.natgas })),
      lng: lazyClient("lng", urls.lng, () => new LngClient({ ...liveFor("lng"), baseUrl: urls.lng })),
      legacy: lazyClient("legacy", urls.legacy, () => new LegacyLngClient({ ...liveFor("legacy"), baseUrl: urls.legacy })),
    };
  }

  const sandboxOptions: SandboxOptions = {
    seed: env.GASFRAMES_SANDBOX_SEED ? Number(env.GASFRAMES_SANDBOX_SEED) : 1,
    asOf: env.GASFRAMES_SANDBOX_AS_OF ?? DEFAULT_SANDBOX_AS_OF,
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

/** Closes the sandbox that `connect()` started, if any. Later `connect()` calls start a new one. */
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

function cacheFromEnv(env: NodeJS.ProcessEnv): CacheOptions | undefined {
  const mode = env.GASFRAMES_CACHE;
  if (mode === undefined || mode === "") return undefined;
  if (mode !== "off" && mode !== "readwrite" && mode !== "replay") {
    throw new ConfigurationError(`GASFRAMES_CACHE=${JSON.stringify(mode)}: expected off, readwrite or replay`);
  }
  return env.GASFRAMES_CACHE_DIR ? { mode, dir: env.GASFRAMES_CACHE_DIR } : { mode };
}

/**
 * In live mode a service without a base URL is only an error when it is used: a user with a natural gas
 * subscription alone must still get the natural gas client.
 */
function lazyClient<T extends object>(service: string, url: string | undefined, build: () => T): T {
  if (url) return build();
  return new Proxy({} as T, {
    get(_target, prop) {
      if (prop === "then") return undefined;
      throw new ConfigurationError(
        `no base URL for the ${service} service: set GASFRAMES_${service.toUpperCase()}_URL or pass ${service}Url to connect()`,
      );
    },
  });
}
