/**
 * Resolves transport options against the environment and fills in defaults.
 */
import { redact, registerSecret } from "../errors";
import { ConfigurationError } from "./configuration-error";
import { RatePacer } from "./rate-pacer";
import { defaultSleep } from "./sleep";
import type { CacheOptions, InPlaceDisplay, ProgressSink, TransportLogger, TransportOptions, HttpRequest, TransportService } from "./types";
import type { Dispatcher } from "undici";

/** Environment variable of the token shared by every service. */
export const TOKEN_ENV = "GASFRAMES_TOKEN";

/** The token header when neither the option, nor the request, nor the service names one. */
export const DEFAULT_TOKEN_HEADER = "access_key";

/**
 * How long one attempt may go without a byte before it is abandoned: 600 s, as the vendor's own client
 * waits for a large page (a big unfiltered query can take minutes before its first byte).
 */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 600_000;

/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
/** Headers the HTTP client sends itself (framing and connection), never taken from `headers` or `tokenHeader`. */
export const CLIENT_HEADERS: ReadonlySet<string> = new Set(["content-length", "transfer-encoding", "connection", "keep-alive", "upgrade", "expect", "te", "trailer"]);

/** Options after defaults; what the transport actually runs with. */
export interface ResolvedConfig {
  /** How messages name the service. */
  service: string;
  baseUrl: string;
  /** Undefined when none is configured: an error only once a request must go to the network. */
  token?: string;
  tokenEnvNames: readonly string[];
  /** The user's `tokenHeader`, which overrides every request's; undefined when not given. */
  tokenHeader?: string;
  /** The service's header for a request that names none. */
  tokenHeaderFor?: (path: string) => string;
  /** Paces requests to their documented rate limits; one per transport, so per client. */
  pacer: RatePacer;
  /** Whether requests are paced (`TransportOptions.pacing`, default true). */
  pacing: boolean;
  dispatcher?: Dispatcher;
  maxRetries: number;
  maxRateLimitRetries: number;
  retryBaseDelayMs: number;
  maxRetryDelayMs: number;
  attemptTimeoutMs: number;
  deadlineMs?: number;
  concurrency: number;
  progress?: boolean | ProgressSink;
  inPlaceDisplay?: () => (() => InPlaceDisplay) | undefined;
  cache: Required<CacheOptions>;
  clock: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  logger: TransportLogger;
  headers: Record<string, string>;
  random: () => number;
}

/** Reads options and environment; throws `ConfigurationError` for anything unusable. */
export function resolveConfig(
  options: TransportOptions,
  service: TransportService,
  env: NodeJS.ProcessEnv = process.env,
): ResolvedConfig {
  // The service's own variables first, then the one every service shares.
  const tokenEnvNames = [...(service.tokenEnv ?? []).filter((n) => n !== TOKEN_ENV), TOKEN_ENV];
  const fromEnv = tokenEnvNames.find((n) => nonEmpty(env[n]) !== undefined);
  const [token, tokenSource] =
    nonEmpty(options.token) !== undefined
      ? [nonEmpty(options.token), "the token option"]
      : fromEnv !== undefined
        ? [nonEmpty(env[fromEnv]), fromEnv]
        : [undefined, TOKEN_ENV];
  if (token !== undefined) checkHeaderValue(token, `the access token (from ${tokenSource})`);
  // Error text is cleaned of the token (and of pieces of it) by matching text, which cannot safely hide a
  // token of one to three characters (it would mask ordinary words): such a token is refused instead.
  if (token !== undefined && token.length < 4) {
    throw new ConfigurationError(`the access token is too short (${token.length} characters; real tokens are longer): check GASFRAMES_TOKEN or the token option`);
  }
  registerSecret(token);
  // A token with no base URL means the live service (its documented host); no token and no URL is an error.
  const baseUrl = resolveBaseUrl(options.baseUrl ?? nonEmpty(env[service.baseUrlEnv]) ?? (token !== undefined ? service.liveBaseUrl : undefined), service);
  const tokenHeader = options.tokenHeader;
  if (tokenHeader !== undefined && (typeof tokenHeader !== "string" || !HEADER_NAME.test(tokenHeader))) {
    throw new ConfigurationError(`tokenHeader "${String(tokenHeader)}" is not a valid HTTP header name`);
  }
  if (tokenHeader !== undefined && CLIENT_HEADERS.has(tokenHeader.toLowerCase())) {
    throw new ConfigurationError(`tokenHeader "${tokenHeader}" is a header the HTTP client sets itself`);
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (!HEADER_NAME.test(name)) throw new ConfigurationError(`headers: "${name}" is not a valid HTTP header name`);
    if (CLIENT_HEADERS.has(name.toLowerCase())) {
      throw new ConfigurationError(`headers: "${name}" says how the request is framed or the connection used, which the HTTP client sets itself`);
    }
    if (typeof value !== "string") throw new ConfigurationError(`headers: the value of "${name}" must be a string, got ${typeof value}`);
    checkHeaderValue(value, `headers: the value of "${name}"`);
  }
  const cacheMode = options.cache?.mode ?? "off";
  if (!["off", "readwrite", "replay"].includes(cacheMode)) {
    throw new ConfigurationError(`cache.mode "${String(cacheMode)}" must be "off", "readwrite" or "replay"`);
  }
  const clock = options.clock ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const config: ResolvedConfig = {
    service: service.service,
    baseUrl,
    tokenEnvNames,
    maxRetries: count("maxRetries", options.maxRetries, 4),
    maxRateLimitRetries: count("maxRateLimitRetries", options.maxRateLimitRetries, 10),
    retryBaseDelayMs: count("retryBaseDelayMs", options.retryBaseDelayMs, 500),
    maxRetryDelayMs: count("maxRetryDelayMs", options.maxRetryDelayMs, 60_000),
    attemptTimeoutMs: positive("attemptTimeoutMs", options.attemptTimeoutMs, DEFAULT_ATTEMPT_TIMEOUT_MS),
    concurrency: positive("concurrency", options.concurrency, 4),
    cache: { mode: cacheMode, dir: options.cache?.dir ?? ".cache/gasframes" },
    clock,
    sleep,
    pacer: new RatePacer(clock, sleep),
    pacing: options.pacing ?? true,
    logger: maskedLogger(options.logger ?? {}),
    headers: { ...(options.headers ?? {}) },
    random: options.random ?? Math.random,
  };
  if (token !== undefined) config.token = token;
  if (tokenHeader !== undefined) config.tokenHeader = tokenHeader;
  if (service.tokenHeaderFor !== undefined) config.tokenHeaderFor = service.tokenHeaderFor;
  if (options.dispatcher !== undefined) config.dispatcher = options.dispatcher;
  if (options.progress !== undefined) config.progress = options.progress;
  if (options.inPlaceDisplay !== undefined) config.inPlaceDisplay = options.inPlaceDisplay;
  if (options.deadlineMs !== undefined) config.deadlineMs = positive("deadlineMs", options.deadlineMs, 0);
  return config;
}

/**
 * The header a request carries the token in: the user's `tokenHeader` option, else the one the
 * request names (its API's), else the service's for its path, else `access_key`.
 */
export function tokenHeaderOf(config: ResolvedConfig, req: Pick<HttpRequest, "path" | "tokenHeader">): string {
  const named = config.tokenHeader ?? req.tokenHeader ?? config.tokenHeaderFor?.(req.path) ?? DEFAULT_TOKEN_HEADER;
  // A request's or a service's name is code, not user input, but a bad one must not reach the socket.
  if (!HEADER_NAME.test(named)) throw new ConfigurationError(`token header "${named}" is not a valid HTTP header name`);
  return named;
}

function resolveBaseUrl(raw: string | undefined, service: TransportService): string {
  if (raw === undefined) {
    throw new ConfigurationError(
      `No base URL for the ${service.service} service: pass { baseUrl: "https://..." } or set the ` +
        `environment variable ${service.baseUrlEnv}.${service.baseUrlHint === undefined ? "" : ` ${service.baseUrlHint}`}`,
    );
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigurationError(`Base URL "${raw}" of the ${service.service} service is not a URL (from ${service.baseUrlEnv} or { baseUrl })`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigurationError(`Base URL "${raw}" must start with http:// or https://`);
  }
  if (url.username !== "" || url.password !== "") {
    throw new ConfigurationError(`Base URL of the ${service.service} service must not carry credentials; pass { token } instead`);
  }
  return raw.replace(/\/+$/, "");
}

/** `logger` with every line masked: a line may quote a URL or parameters holding a pasted token. */
function maskedLogger(logger: TransportLogger): TransportLogger {
  const out: TransportLogger = {};
  if (logger.debug !== undefined) out.debug = (msg) => logger.debug?.(redact(msg));
  if (logger.warn !== undefined) out.warn = (msg) => logger.warn?.(redact(msg));
  return out;
}

/**
 * Refuses a value an HTTP header cannot carry: only visible ASCII, with spaces or tabs inside, is sent
 * as is. Anything else (a line break, a control character, a typographic quote or any non-ASCII
 * character pasted with it) would otherwise fail every request as a connection error and be retried.
 * The message names the character and its position, never the value.
 */
function checkHeaderValue(value: string, what: string): void {
  const chars = [...value];
  for (let i = 0; i < chars.length; i++) {
    const code = chars[i]!.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || code === 0x09) continue;
    const hex = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
    const kind =
      code === 0x0a || code === 0x0d
        ? `a line break (${hex})`
        : code < 0x20 || code === 0x7f
          ? `a control character (${hex})`
          : code >= 0xd800 && code <= 0xdfff
            ? `a broken UTF-16 character (${hex})`
            : `the non-ASCII character ${hex}`;
    throw new ConfigurationError(
      `${what} contains ${kind} at character ${i + 1} of ${chars.length}, which an HTTP header cannot carry; ` +
        `only printable ASCII is allowed (check for a line break, quote or space pasted along with it)`,
    );
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

function count(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) {
    throw new ConfigurationError(`${name} must be a number >= 0, got ${String(value)}`);
  }
  return Math.floor(value);
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) {
    throw new ConfigurationError(`${name} must be a number > 0, got ${String(value)}`);
  }
  return value;
}
