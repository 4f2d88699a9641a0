import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { InvalidParamsError } from "../errors";
import { FaultPlan } from "./core/faults";
import type { SandboxFaults } from "./core/faults";
import { handleRequest } from "./core/handle-request";
import type { Mount } from "./core/handle-request";
import { parseDay } from "./core/dates";
import { DEFAULT_SANDBOX_AS_OF } from "../util/sandbox-as-of";
import { answerCacheFromEnv } from "../util/sandbox-answer-cache";
import { createLegacyHandler, createLngHandler } from "./lng";
import { createNatgasHandler } from "./natgas";
import { DatalinkEngine } from "./natgas/datalinks/engine";
import { resolveDatalinkLimits, type DatalinkLimits } from "./natgas/datalinks/limits";
import { MOUNT_PREFIXES } from "./routes";
import type { SandboxContext, ServiceHandler } from "./core/types";
import { withStoredAnswers } from "./core/stored-answers";

/** Options of {@link startSandbox}. */
export interface SandboxOptions {
  /** TCP port. Default 0: a free port chosen by the system. */
  readonly port?: number;
  /** Interface to listen on. Default "127.0.0.1". */
  readonly host?: string;
  /** Seed of the synthetic data. Default 1. */
  readonly seed?: number;
  /** "Today" for the data, YYYY-MM-DD: history before it, forecasts after it. Default {@link DEFAULT_SANDBOX_AS_OF} ("2026-11-01"), as `connect()`. */
  readonly asOf?: string;
  /** Rows per v3 page (`page_size` of the pagination envelope). Default 10,000. */
  readonly pageSize?: number;
  /** Accepted access tokens. Default: any non-empty token. A token not in the list answers 401. */
  readonly tokens?: readonly string[];
  /** Deliberate faults (rate limits, 5xx bursts, resets, truncations, slow answers). Default: none. */
  readonly faults?: SandboxFaults;
  /** Largest request body accepted, in bytes; larger answers 413. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /**
   * Compress answers for clients that ask (`Accept-Encoding: gzip` or `deflate`): zlib level 1,
   * streamed, NDJSON still sent batch by batch, with `Vary: Accept-Encoding`. JSON answers under 1 KiB
   * and answers cut by a reset or truncation fault are sent as they are. `false`: never compress.
   * Default true.
   */
  readonly compression?: boolean;
  /**
   * Whether the listening server keeps the process alive. Default false: a script that starts the
   * sandbox ends by itself when its own work is done, `close()` called or not (a request in flight
   * still keeps it alive: the client's socket does). `true` for a sandbox that serves other
   * processes (`gasframes sandbox`, the report's notebook kernels) until it is closed.
   */
  readonly keepProcessAlive?: boolean;
  /**
   * Limits of the SQL data-link engine (`/v4/beta/query_datalinks`): query time, answer size, spill
   * size, queries at once and waiting. Default: 60 s, 256 MiB, 4 GiB, 2 and 16 (see docs/sandbox.md).
   */
  readonly datalinks?: DatalinkLimits;
  /**
   * A folder where the natural-gas and LNG v1 services keep their row answers between runs, keyed by
   * everything that decides them (this build's code, seed, asOf, page size, the request): a process that
   * asks again gets the stored bytes instead of the rows generated anew (see `src/sandbox/core/stored-answers.ts`
   * and docs/report.md). Default: the folder env `GASFRAMES_SANDBOX_ANSWER_CACHE` names, else none (every
   * answer generated). The stored bytes are those the sandbox would generate, so a folder changes no answer.
   */
  readonly answerCache?: string;
}

/** A running sandbox. */
export interface SandboxHandle {
  /** Root address, `http://127.0.0.1:PORT`. */
  readonly url: string;
  /** Natural gas service base (the root): `{natgasUrl}/v3/rigs`, `{natgasUrl}/v4/rigs`. */
  readonly natgasUrl: string;
  /** LNG v1 service base: `{lngUrl}/v1/volume_flows`. */
  readonly lngUrl: string;
  /** Old job-based LNG API base: `{legacyUrl}/api/v2/analysis_report`. */
  readonly legacyUrl: string;
  /** Seed the data was generated with. */
  readonly seed: number;
  /** "Today" of the data, YYYY-MM-DD. */
  readonly asOf: string;
  /** v3 page size. */
  readonly pageSize: number;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/**
 * Starts the embedded sandbox: one HTTP server answering the natural gas service at the root, LNG v1
 * at `/lng` and the old LNG API at `/legacy`, on deterministic synthetic data (same seed and asOf,
 * same bytes). Resolves once it listens.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const context = resolveContext(options);
  const datalinks = new DatalinkEngine(resolveDatalinkLimits(options.datalinks));
  const answerCache = options.answerCache ?? answerCacheFromEnv(process.env);
  const mounts: Mount[] = [
    { prefix: MOUNT_PREFIXES.legacy, handler: createLegacyHandler() },
    { prefix: MOUNT_PREFIXES.lng, handler: stored(createLngHandler(), MOUNT_PREFIXES.lng, answerCache) },
    { prefix: MOUNT_PREFIXES.natgas, handler: stored(createNatgasHandler(datalinks), MOUNT_PREFIXES.natgas, answerCache) },
  ];
  const settings = {
    context,
    mounts,
    tokens: options.tokens ? new Set(options.tokens) : undefined,
    faults: new FaultPlan(options.faults),
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    sleep: abortableSleep,
  };
  const compression = options.compression ?? true;
  if (typeof compression !== "boolean") {
    throw new InvalidParamsError("startSandbox", [{ param: "compression", value: compression, expected: "true or false" }]);
  }
  const server = createServer((req, res) => {
    // Without compression the sandbox answers as a server that knows none: the request never offered it.
    if (!compression) delete req.headers["accept-encoding"];
    void handleRequest(req, res, settings);
  });
  // Node closes idle keep-alive sockets after 5 s, while clients (undici, fetch) keep them about as long:
  // a request sent on a socket the server is closing at that moment fails with ECONNRESET. Idle sockets
  // are held well past any client's own idle limit instead, so the client always closes first.
  server.keepAliveTimeout = 65_000;
  if (options.keepProcessAlive !== true) {
    // Neither the listener nor the server's end of a connection holds the event loop: the client's end
    // does while it waits for an answer, and an idle keep-alive connection holds nothing.
    server.unref();
    server.on("connection", (socket) => socket.unref());
  }
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    // Requests Node could not parse never reach handleRequest: answer them in the same JSON shape.
    const [status, reason, message] =
      error.code === "HPE_HEADER_OVERFLOW"
        ? [431, "Request Header Fields Too Large", "request headers are too large"]
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? [408, "Request Timeout", "the request was not received in time"]
          : [400, "Bad Request", "malformed HTTP request"];
    const body = JSON.stringify({ error: message });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    natgasUrl: url,
    lngUrl: `${url}/lng`,
    legacyUrl: `${url}/legacy`,
    seed: context.seed,
    asOf: context.asOf,
    pageSize: context.pageSize,
    close() {
      closing ??= new Promise<void>((resolve) => {
        datalinks.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** `handler`, its answers kept in `dir` when one is given. */
function stored(handler: ServiceHandler, mount: string, dir: string | undefined): ServiceHandler {
  return dir === undefined ? handler : withStoredAnswers(handler, dir, mount);
}

function resolveContext(options: SandboxOptions): SandboxContext {
  const seed = options.seed ?? 1;
  if (!Number.isSafeInteger(seed)) throw new InvalidParamsError("startSandbox", [{ param: "seed", value: seed, expected: "an integer" }]);
  const asOf = options.asOf ?? DEFAULT_SANDBOX_AS_OF;
  if (parseDay(asOf) === undefined) throw new InvalidParamsError("startSandbox", [{ param: "asOf", value: asOf, expected: "a real date YYYY-MM-DD" }]);
  const pageSize = options.pageSize ?? 10_000;
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) {
    throw new InvalidParamsError("startSandbox", [{ param: "pageSize", value: pageSize, expected: "a positive integer" }]);
  }
  return { seed, asOf, pageSize };
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
