/**
 * Public option and request types of the HTTP transport.
 */
import type { Dispatcher } from "undici";
import type { FetchMeta } from "../util/fetch-meta";

/** One progress report of a running download. */
export interface ProgressUpdate {
  /** The client method name (`rigs`, `volumeFlows`). */
  endpoint: string;
  /** Pages (or NDJSON batches) done so far. */
  pages: number;
  /** Pages expected in all, when the service said (v3 pagination). */
  totalPages?: number;
  /** Records received so far. */
  rows: number;
  /** Records expected in all, when the service said (`total_count`). */
  totalRows?: number;
  /** Response bytes read so far. */
  bytes: number;
  /**
   * Response bytes expected in all, when the service said: the Content-Length of a body sent without
   * compression (a compressed body's length says nothing of what it decodes to).
   */
  totalBytes?: number;
  /**
   * The share done, 0 to 1, when a total is known: of the records (`totalRows`), else of the pages
   * (`totalPages`), else of the bytes (`totalBytes`).
   */
  fraction?: number;
  /** Estimated time left in milliseconds, from the share done and the time taken so far (with `fraction`). */
  etaMs?: number;
  /** Average bytes per second since the call started. */
  rateBytesPerSec: number;
  /** Present once the service answered 429 to this call. */
  throttled?: {
    /** 429 answers so far. */
    rateLimited: number;
    /** Requests the transport now allows on the wire at once (halved on each 429, growing back), when the call is paged. */
    concurrency?: number;
    /** Time spent waiting because of 429s, in milliseconds (overlapping waits counted once). */
    waitedMs: number;
  };
  /** Present while the call waits for the endpoint's documented rate limit (see `HttpRequest.rateLimit`). */
  pacing?: {
    /** The documented limit: at most `requests` per `perMs` milliseconds. */
    requests: number;
    perMs: number;
    /** How long the request now waiting still waits, in milliseconds. */
    waitMs: number;
  };
}

/** Where progress goes: a terminal line, a notebook display, or your own. */
export interface ProgressSink {
  /** Called whenever a page, a batch or a good slice of bytes has arrived. */
  update(progress: ProgressUpdate): void;
  /** Called once when the call ends, whether it succeeded or failed. */
  done(): void;
}

/** A notebook output updated in place: each text replaces the one before. */
export interface InPlaceDisplay {
  text(s: string): void;
}

/** Record/replay cache settings. */
export interface CacheOptions {
  /**
   * `off`: never read or write (default). `readwrite`: answer from disk when a response is stored,
   * otherwise fetch and store it. `replay`: answer only from disk and never touch the network; a
   * request with nothing stored is a `CacheMissError`.
   */
  mode: "off" | "readwrite" | "replay";
  /** Folder of the cache files. Default `.cache/gasframes` (relative to the working directory). */
  dir?: string;
}

/** Logger hooks. They never receive the token. */
export interface TransportLogger {
  debug?(msg: string): void;
  warn?(msg: string): void;
}

/** How a transport talks to one service. Every option has a default. */
export interface TransportOptions {
  /** Base URL of the service. Default: the environment variable the client names (`TransportService.baseUrlEnv`), else, when a token is set, the service's documented live host. */
  baseUrl?: string;
  /** Access token. Default: the service's own variable (`TransportService.tokenEnv`; the clients use `GASFRAMES_<SERVICE>_TOKEN`), else env `GASFRAMES_TOKEN`. Missing: `AuthenticationError` (status 0) before any request. */
  token?: string;
  /**
   * Header carrying the token, for every request. Default: the header the API documents, which each
   * request names (`HttpRequest.tokenHeader`; the clients send `access_key` to natural gas v3 and
   * the old LNG API, `Access-Key` to natural gas v4 and LNG v1), else `access_key`.
   */
  tokenHeader?: string;
  /**
   * Pace requests to the endpoints' documented rate limits (each request's `rateLimit`), waiting for a
   * free slot rather than letting the service refuse with 429. Default true. The clients of the embedded
   * sandbox (`connect()` with no service URLs, `NatGasClient.forSandbox`) turn it
   * off: the sandbox enforces no limit, and a 30-requests-a-minute wait would only slow a notebook down.
   */
  pacing?: boolean;
  /** undici Dispatcher (custom CA, proxy, a test's own). Default: undici's global dispatcher. TLS verification is always on. */
  dispatcher?: Dispatcher;
  /** Retries after the first attempt, for failures other than 429. Default 4. */
  maxRetries?: number;
  /**
   * Retries after a 429 (rate limited), counted apart from `maxRetries`. Each waits the `Retry-After`
   * the service sent, else a backoff from 4 x `retryBaseDelayMs` (2 s) doubling to `maxRetryDelayMs`;
   * `deadlineMs` bounds them all. Default 10 (3 to 6 minutes of waiting per request at most).
   */
  maxRateLimitRetries?: number;
  /** First backoff delay; doubles each retry, with equal jitter. Default 500 ms. */
  retryBaseDelayMs?: number;
  /** Longest wait between attempts, also capping `Retry-After`. Default 60 000 ms. */
  maxRetryDelayMs?: number;
  /** Per attempt: the longest wait for the response to start, and the longest silence while reading it. Default 600 000 ms (10 min, as the vendor's own client waits for large pages). */
  attemptTimeoutMs?: number;
  /** Overall deadline of one call, retries and pages included. Default none. */
  deadlineMs?: number;
  /** v3 pages fetched at the same time. Default 4. */
  concurrency?: number;
  /** `false`: silent. `true`: always show. A sink: yours. Default auto: a tslab display in a notebook, a stderr line on a TTY, silent when not a TTY or under `CI`. */
  progress?: boolean | ProgressSink;
  /**
   * The progress hook of a notebook: called once per call when `progress` is `true` or automatic, it
   * returns a maker of in-place outputs, or undefined outside a notebook (then progress is a terminal
   * line). The clients pass the notebook layer's (src/display/kernel-display.ts: tslab, or Deno's
   * Jupyter kernel). Default none.
   */
  inPlaceDisplay?: () => (() => InPlaceDisplay) | undefined;
  /** Record/replay cache. Default `{ mode: "off" }`. */
  cache?: CacheOptions;
  /** Clock in epoch milliseconds. Default `Date.now`. */
  clock?: () => number;
  /** Sleep between retries. Default a timer that an abort cuts short. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Receives one line per attempt and retry. Default none. Never receives the token. */
  logger?: TransportLogger;
  /** Extra request headers. Default none. */
  headers?: Record<string, string>;
  /**
   * Ask for compressed responses: `true` sends `Accept-Encoding: gzip, deflate`, `false` sends
   * `identity`. A compressed body is decoded as it streams in; what the parsers, progress, `meta.bytes`
   * and the cache see is always the decoded body. An `Accept-Encoding` in `headers` wins over this.
   * Default `true` (`connect()` on the embedded sandbox: `false`, as compressing and inflating on one
   * machine only costs CPU).
   */
  compression?: boolean;
  /** Randomness for the backoff jitter, in [0, 1). Default `Math.random`. */
  random?: () => number;
}

/**
 * The service a transport talks to: a name for messages, and where its base URL and token come from.
 * The transport knows no service by name; each client passes its own (src/client/services.ts).
 */
export interface TransportService {
  /** How messages name the service ("No base URL for the <service> service"). */
  service: string;
  /** Environment variable holding the base URL. */
  baseUrlEnv: string;
  /**
   * Environment variables holding the token, tried in order before `GASFRAMES_TOKEN` (which every
   * service shares). Default: none (only `GASFRAMES_TOKEN`).
   */
  tokenEnv?: readonly string[];
  /** Added to the error when no base URL is configured: where to get one. Default: none. */
  baseUrlHint?: string;
  /**
   * The service's documented live base URL, used when a token is configured and no base URL is
   * (a token means the live service). Default: none (a base URL must then be given).
   */
  liveBaseUrl?: string;
  /**
   * The token header of a request that names none (`HttpRequest.tokenHeader`), from its path.
   * Default: none (then `access_key`).
   */
  tokenHeaderFor?(path: string): string;
}

/**
 * One logical call as the transport sees it: where it goes and what it sends. How its body becomes
 * records is the decoder's business (src/decode: `TransportRequest` adds the decoder's fields).
 */
export interface HttpRequest {
  /** How messages and the progress display name the call (the client passes its method name). */
  endpoint: string;
  httpMethod: "GET" | "POST";
  /** Path below the base URL, e.g. `/v3/rigs`. */
  path: string;
  /** JSON body (POST). */
  body?: Record<string, unknown>;
  /** Query string parameters. */
  query?: Record<string, string>;
  /** What goes into `meta.params` (masked). Default: the body (or the query for a GET). */
  params?: Record<string, unknown>;
  /** Cancels the call at once, also while waiting between retries. */
  signal?: AbortSignal;
  /** Filters that narrow a refused too-large query, for `QueryTooLargeError`. Default: the body's fields left null. */
  narrowWith?: readonly string[];
  /**
   * The header carrying the token, as this endpoint's API documents it (`Access-Key`, `access_key`).
   * The `tokenHeader` option overrides it. Default: the service's `tokenHeaderFor(path)`, else `access_key`.
   */
  tokenHeader?: string;
  /**
   * The endpoint's documented rate limit: at most `requests` requests per `perMs` milliseconds. Every
   * request to the network counts (each page, each retry; not an answer from the cache), per transport
   * and endpoint (method and path); a request that would exceed it waits for a free slot, shown in the
   * progress display. Default: none (not paced).
   */
  rateLimit?: { readonly requests: number; readonly perMs: number };
}

/**
 * What the transport tells about a finished call: the request as sent and what it took. Never holds
 * the access token (a token pasted into a parameter is masked in `url` and `params`). The table's
 * `FetchMeta`, which a Result carries, is the same type.
 */
export type TransportMeta = FetchMeta;
