import type { IncomingMessage, ServerResponse } from "node:http";
import { SandboxHttpError } from "./types";
import type { SandboxContext, SandboxReply, SandboxRequest, ServiceHandler } from "./types";
import { extractToken } from "./auth";
import type { FaultPlan } from "./faults";
import { readJsonBody } from "./read-body";
import { writeReply } from "./write-reply";
import { SYNTHETIC_DATA_HEADER, SYNTHETIC_DATA_VALUE } from "../../util/synthetic-data";

/** A service module and the path prefix it is mounted at ("" for the root). */
export interface Mount {
  readonly prefix: string;
  readonly handler: ServiceHandler;
}

/** Everything the request pipeline needs, fixed when the server starts. */
export interface PipelineSettings {
  readonly context: SandboxContext;
  /** Mounts, longest prefix first. */
  readonly mounts: readonly Mount[];
  /** Accepted tokens; undefined accepts any non-empty token. */
  readonly tokens: ReadonlySet<string> | undefined;
  readonly faults: FaultPlan;
  readonly maxBodyBytes: number;
  /** Sleep used for slow-response faults (injectable). */
  readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

let requestCounter = 0;

/**
 * The whole life of one request: request id, path clean-up, token, faults, body, module, reply.
 * Never rejects: client mistakes answer 4xx JSON, a sandbox bug answers 500 JSON (or drops the
 * connection when the body had already started).
 */
export async function handleRequest(req: IncomingMessage, res: ServerResponse, settings: PipelineSettings): Promise<void> {
  const requestId = `sbx-${(++requestCounter).toString(16).padStart(8, "0")}`;
  res.setHeader("x-request-id", requestId);
  // Every answer says it is synthetic, so a client pointed here by URL still knows (meta.source, chart marks).
  res.setHeader(SYNTHETIC_DATA_HEADER, SYNTHETIC_DATA_VALUE);
  const aborted = new AbortController();
  res.once("close", () => aborted.abort());
  try {
    // Not `new URL(...)`: it would read `//v3/rigs` (the Python client's doubled slash) as a host name.
    const raw = req.url ?? "/";
    const q = raw.indexOf("?");
    const path = cleanPath(q < 0 ? raw : raw.slice(0, q));
    const query = new URLSearchParams(q < 0 ? "" : raw.slice(q + 1));
    const token = extractToken(req.headers);
    if (token === undefined) {
      req.resume();
      throw new SandboxHttpError(401, "missing access token: send it in the access_key (or Access-Key, x-api-key, Authorization: Bearer) header");
    }
    if (settings.tokens && !settings.tokens.has(token)) {
      req.resume();
      throw new SandboxHttpError(401, "invalid access token");
    }
    const { decision, delayMs } = settings.faults.next(path);
    if (delayMs > 0) await settings.sleep(delayMs, aborted.signal);
    if (aborted.signal.aborted) return;
    if (decision.kind === "rate-limit") {
      req.resume();
      res.setHeader("retry-after", String(decision.retryAfterSeconds));
      await writeReply(res, { kind: "json", status: 429, body: { error: "rate limit exceeded: retry later" } }, { kind: "none" });
      return;
    }
    if (decision.kind === "error") {
      req.resume();
      await writeReply(res, { kind: "json", status: decision.status, body: { error: `service unavailable (sandbox fault, status ${decision.status})` } }, { kind: "none" });
      return;
    }
    const mount = settings.mounts.find((m) => m.prefix === "" || path === m.prefix || path.startsWith(m.prefix + "/"));
    const method = (req.method ?? "GET").toUpperCase();
    const body = method === "GET" || method === "HEAD" ? (req.resume(), undefined) : await readJsonBody(req, settings.maxBodyBytes);
    const accept = String(req.headers.accept ?? "");
    const sandboxRequest: SandboxRequest = {
      method,
      path: mount && mount.prefix !== "" ? path.slice(mount.prefix.length) || "/" : path,
      query,
      body,
      headers: req.headers,
      ndjson: /application\/x-ndjson/i.test(accept),
      signal: aborted.signal,
    };
    const reply: SandboxReply | undefined = mount ? await mount.handler(sandboxRequest, settings.context) : undefined;
    if (aborted.signal.aborted) return;
    if (!reply) throw new SandboxHttpError(404, `no such endpoint: ${method} ${path}`);
    await writeReply(res, reply, decision);
  } catch (error) {
    answerError(res, error);
  }
}

/** Collapses doubled slashes and drops a trailing slash: `//v3//rigs/` is `/v3/rigs`. */
export function cleanPath(pathname: string): string {
  const collapsed = pathname.replace(/\/{2,}/g, "/");
  return collapsed.length > 1 && collapsed.endsWith("/") ? collapsed.slice(0, -1) : collapsed;
}

function answerError(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    // The status line is gone: the only honest signal left is to break the connection.
    res.destroy();
    return;
  }
  const known = error instanceof SandboxHttpError;
  const status = known ? error.status : 500;
  const message = known ? error.message : `internal sandbox error: ${error instanceof Error ? error.message : String(error)}`;
  const body = Buffer.from(JSON.stringify({ error: message }), "utf8");
  res.statusCode = status;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.setHeader("content-length", body.length);
  res.end(body);
}
