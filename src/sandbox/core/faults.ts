/**
 * Deliberate misbehaviour of the sandbox, for tests and demos of retries. Every fault is driven by one
 * counter of the requests whose path matches `paths` (1-based), so a run is exactly repeatable.
 */

/** Which requests fail, and how. Every field is optional; an absent field never fires. */
export interface SandboxFaults {
  /** Answer 429 with `Retry-After` to every Nth matching request (N, 2N, ...). */
  readonly rateLimitEvery?: number;
  /** Seconds sent in `Retry-After` with the 429. Default 1. */
  readonly retryAfterSeconds?: number;
  /**
   * Bursts of server errors: in each cycle of `every` matching requests the last `length` fail with
   * `status` (default 503). `{ every: 5, length: 2 }` fails requests 4, 5, 9, 10, ...
   */
  readonly errorBurst?: { readonly every: number; readonly length: number; readonly status?: number };
  /** Destroy the socket (TCP reset) after `faultAfterBytes` of the body of every Nth matching request. */
  readonly resetEvery?: number;
  /**
   * Every Nth matching request sends a `Content-Length` larger than what follows, writes
   * `faultAfterBytes` of the body, then closes the connection cleanly: a truncated body.
   */
  readonly truncateEvery?: number;
  /** Bytes of body sent before a reset or a truncation. Default 1024. */
  readonly faultAfterBytes?: number;
  /** Wait `slowMs` before answering every Nth matching request. */
  readonly slowEvery?: number;
  /** Delay of a slow response in milliseconds. Default 2000. */
  readonly slowMs?: number;
  /**
   * Which requests count and may fail: a path prefix (`"/v3/"`, `"/lng/v1/"`) or a RegExp tested on
   * the path (doubled slashes collapsed, query string excluded). Default: every request.
   */
  readonly paths?: string | RegExp;
}

/** What the fault plan decided for one request. */
export type FaultDecision =
  | { readonly kind: "none" }
  | { readonly kind: "rate-limit"; readonly retryAfterSeconds: number }
  | { readonly kind: "error"; readonly status: number }
  | { readonly kind: "reset"; readonly afterBytes: number }
  | { readonly kind: "truncate"; readonly afterBytes: number };

/** Decides, request by request, which fault (if any) applies. */
export class FaultPlan {
  private count = 0;

  constructor(private readonly faults: SandboxFaults | undefined) {}

  /** Counts the request when its path matches, and returns the fault for it plus any delay to apply first. */
  next(path: string): { decision: FaultDecision; delayMs: number } {
    const f = this.faults;
    if (!f || !matches(f.paths, path)) return { decision: { kind: "none" }, delayMs: 0 };
    const n = ++this.count;
    const every = (k: number | undefined): boolean => k !== undefined && k > 0 && n % Math.floor(k) === 0;
    const delayMs = every(f.slowEvery) ? Math.max(0, f.slowMs ?? 2000) : 0;
    const afterBytes = Math.max(0, f.faultAfterBytes ?? 1024);
    if (every(f.rateLimitEvery)) {
      return { decision: { kind: "rate-limit", retryAfterSeconds: f.retryAfterSeconds ?? 1 }, delayMs };
    }
    const burst = f.errorBurst;
    if (burst && burst.every > 0 && burst.length > 0) {
      const position = (n - 1) % Math.floor(burst.every);
      if (position >= burst.every - burst.length) return { decision: { kind: "error", status: burst.status ?? 503 }, delayMs };
    }
    if (every(f.resetEvery)) return { decision: { kind: "reset", afterBytes }, delayMs };
    if (every(f.truncateEvery)) return { decision: { kind: "truncate", afterBytes }, delayMs };
    return { decision: { kind: "none" }, delayMs };
  }
}

function matches(paths: string | RegExp | undefined, path: string): boolean {
  if (paths === undefined) return true;
  if (typeof paths === "string") return path.startsWith(paths);
  paths.lastIndex = 0;
  return paths.test(path);
}
