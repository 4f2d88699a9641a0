/**
 * The HTTP transport: configuration, and one request function wrapped in its layers (see layers in
 * with-retries.ts and exchange.ts: retry, pacing, cache, watchdog, decompression, progress). It knows
 * bytes and requests, never what a body means: the caller hands each request a `consume` function (a
 * decoder from src/decode) that reads the body of the attempt that succeeded.
 */
import { ConfigurationError } from "./configuration-error";
import { Call } from "./call";
import { resolveConfig, type ResolvedConfig } from "./config";
import type { Exchange, RequestSpec } from "./exchange";
import { joinUrl } from "./join-url";
import { NetworkSlots } from "./network-slots";
import type { HttpRequest, TransportOptions, TransportService } from "./types";
import type { AttemptHooks } from "./with-retries";

/** What `compression: true` asks for: the codings every HTTP stack can send (br is decoded too, if sent). */
export const ACCEPT_ENCODING = "gzip, deflate";

/** Reads the body of one successful attempt; what it yields is handed to the caller. */
export type BodyConsumer<T> = (exchange: Exchange, hooks: AttemptHooks) => AsyncGenerator<T, void, undefined>;

export class HttpTransport {
  /** The resolved base URL, without a trailing slash. */
  readonly baseUrl: string;
  // An ES private field: util.inspect and JSON.stringify never show it, so a notebook cell that prints a
  // client (tslab displays the last expression) cannot reveal the token it holds.
  readonly #config: ResolvedConfig;
  // One for the transport: every paged download on it shares the service's allowance (see network-slots.ts).
  readonly #slots: NetworkSlots;

  /**
   * @param options see {@link TransportOptions}; every field has a default.
   * @param service which service, and the environment variable of its base URL.
   * @throws ConfigurationError when no usable base URL is configured.
   */
  constructor(options: TransportOptions, service: TransportService) {
    this.#config = withAcceptEncoding(resolveConfig(options, service), options.compression);
    this.baseUrl = this.#config.baseUrl;
    this.#slots = new NetworkSlots(this.#config.concurrency, this.#config.clock, this.#config.sleep, this.#config.maxRetryDelayMs);
  }

  /** The full URL of a request (base URL joined with one slash, plus the query string). */
  urlOf(req: Pick<HttpRequest, "path" | "query">): string {
    return joinUrl(this.baseUrl, req.path, req.query);
  }

  /** Pages fetched at the same time (the `concurrency` option, at least 1). */
  get concurrency(): number {
    return Math.max(1, Math.floor(this.#config.concurrency));
  }

  /** Starts one logical call (its signals, deadline, counters and progress display); `close()` it when done. */
  protected startCall<R extends HttpRequest>(req: R): Call<R> {
    return new Call(this.#config, req, this.urlOf(req));
  }

  /**
   * The request of one attempt loop.
   * @param accept the Accept header, what the decoder reads.
   */
  protected specOf(req: HttpRequest, body: Record<string, unknown> | undefined, accept: string): RequestSpec {
    const spec: RequestSpec = { method: req.httpMethod, url: this.urlOf(req), accept };
    if (req.httpMethod === "POST") spec.body = body ?? {};
    const narrowWith = req.narrowWith ?? unusedFilters(req.body);
    if (narrowWith.length > 0) spec.narrowWith = narrowWith;
    return spec;
  }

  /**
   * Sends `spec` through every layer and yields what `consume` yields from the body of the attempt that
   * succeeded.
   * @param paged take one of the transport's adaptive network slots per attempt (pages of one download
   *   share the service's allowance, and the progress display shows it); default false.
   */
  protected async *send<T>(call: Call, spec: RequestSpec, consume: BodyConsumer<T>, paged = false): AsyncGenerator<T, void, undefined> {
    let slots: NetworkSlots | undefined;
    if (paged) {
      slots = this.#slots;
      call.progress.concurrencyNow = () => this.#slots.limit;
    }
    // Loaded on first use, not by require("gasframes"): with-retries reaches undici (through exchange.ts).
    yield* (await import("./with-retries")).withRetries(call, spec, consume, slots);
  }
}

/** Body fields left null or empty: the filters a too-large query could use. */
function unusedFilters(body: Record<string, unknown> | undefined): string[] {
  if (body === undefined) return [];
  return Object.entries(body)
    .filter(([k, v]) => k !== "pagination" && (v === null || (Array.isArray(v) && v.length === 0)))
    .map(([k]) => k);
}

/**
 * The config with `Accept-Encoding` as the first request header, so a user's own `Accept-Encoding`
 * (set later, in `headers`) replaces it. Without the header, undici asks for nothing and real services
 * answer identity: about ten times the bytes for JSON.
 */
function withAcceptEncoding(config: ResolvedConfig, compression: boolean | undefined): ResolvedConfig {
  if (compression !== undefined && typeof compression !== "boolean") {
    const hint = compression === "false" || compression === "true" ? `; did you mean ${compression} (without quotes)?` : "";
    throw new ConfigurationError(`compression: expected true or false, got ${JSON.stringify(compression) ?? String(compression)} (${typeof compression})${hint}`);
  }
  config.headers = { "accept-encoding": compression === false ? "identity" : ACCEPT_ENCODING, ...config.headers };
  return config;
}
