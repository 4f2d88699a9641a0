/**
 * undici's `request`, loaded without the rest of undici. `require("undici")` loads all of it (fetch,
 * WebSocket, the caches, the mock agents, EventSource: 110 modules, 110-120 ms on the development
 * machine), which a cold process paid before its first request; `request` needs 26 of them (its
 * handler, the global dispatcher and the Agent it makes: 40-45 ms). The files are undici's own (the
 * package has no `exports` map, so they are public paths); a version that moved them falls back to
 * the whole package, with the same answer.
 *
 * The call does what undici's exported `request(url, opts)` does for the options gasframes passes: the
 * URL parsed by undici's own `parseURL`, its origin and path (with the query) given to the dispatcher,
 * `opts.dispatcher` or else the process's global one (shared with any other copy of undici through
 * its global symbol, so `setGlobalDispatcher` from the user's undici still applies).
 */
import { types } from "node:util";
import type { Dispatcher } from "undici";

type RequestOptions = { dispatcher?: Dispatcher } & Omit<Dispatcher.RequestOptions, "origin" | "path"> & { method: Dispatcher.HttpMethod };
type RequestFn = (url: string, opts: RequestOptions) => Promise<Dispatcher.ResponseData>;

let loaded: { request: RequestFn; lean: boolean } | undefined;

/** undici's symbol for the process's global dispatcher (shared by every copy of undici, and Node's fetch). */
const GLOBAL_DISPATCHER = Symbol.for("undici.globalDispatcher.1");

/**
 * Whether a global dispatcher that chooses something is set (with undici's `setGlobalDispatcher`): any
 * but a plain `Agent` made without options, which undici installs when it loads and Node's fetch on its
 * first use, and which connects as gasframes' own client does.
 */
export function globalDispatcherSet(): boolean {
  const current: unknown = (globalThis as Record<symbol, unknown>)[GLOBAL_DISPATCHER];
  return current !== undefined && !isPlainAgent(current);
}

/**
 * An undici `Agent` as undici and Node's fetch make one by default: the class itself (no subclass, no
 * `compose()`d proxy with interceptors), no option set, its own connection factory, no redirects.
 * Anything else was made to choose something, and is honoured.
 */
function isPlainAgent(dispatcher: unknown): boolean {
  if (typeof dispatcher !== "object" || dispatcher === null || types.isProxy(dispatcher)) return false;
  const proto: unknown = Object.getPrototypeOf(dispatcher);
  const base: unknown = proto === null ? null : Object.getPrototypeOf(proto);
  if (nameOf(proto) !== "Agent" || nameOf(base) !== "DispatcherBase") return false;
  // undici keeps an Agent's state under symbols of these descriptions (undici 7, and Node 20's undici 6).
  const own = new Map(Object.getOwnPropertySymbols(dispatcher).map((s) => [s.description, (dispatcher as Record<symbol, unknown>)[s]]));
  const options = own.get("options");
  if (typeof options !== "object" || options === null) return false;
  // Unset options, and undici 7's default of no limit on origins; anything set chooses something.
  const plainOptions = Object.entries(options).every(([name, v]) => v === null || v === undefined || (name === "maxOrigins" && v === Infinity));
  const factory = own.get("factory");
  const plainFactory = !own.has("factory") || (typeof factory === "function" && factory.name === "defaultFactory");
  const redirects = own.get("maxRedirections");
  return plainOptions && plainFactory && (redirects === undefined || redirects === null || redirects === 0);
}

function nameOf(proto: unknown): string | undefined {
  const ctor: unknown = typeof proto === "object" && proto !== null ? (proto as { constructor?: unknown }).constructor : undefined;
  return typeof ctor === "function" ? ctor.name : undefined;
}

function load(): { request: RequestFn; lean: boolean } {
  const lean = leanRequest();
  return lean !== undefined ? { request: lean, lean: true } : { request: (require("undici") as typeof import("undici")).request, lean: false };
}

/** undici's `request` (the lean one when undici's files are where this version keeps them). */
export function undiciRequest(url: string, opts: RequestOptions): Promise<Dispatcher.ResponseData> {
  loaded ??= load();
  return loaded.request(url, opts);
}

/** Whether {@link undiciRequest} takes the lean path (loads it if not yet loaded). */
export function usesLeanRequest(): boolean {
  loaded ??= load();
  return loaded.lean;
}

function leanRequest(): RequestFn | undefined {
  let apiRequest: (this: Dispatcher, opts: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
  let parseURL: (url: string) => URL;
  let getGlobalDispatcher: () => Dispatcher;
  try {
    apiRequest = require("undici/lib/api/api-request.js");
    ({ parseURL } = require("undici/lib/core/util.js") as { parseURL: (url: string) => URL });
    ({ getGlobalDispatcher } = require("undici/lib/global.js") as { getGlobalDispatcher: () => Dispatcher });
  } catch {
    return undefined;
  }
  if (typeof apiRequest !== "function" || typeof parseURL !== "function" || typeof getGlobalDispatcher !== "function") return undefined;
  return (url, opts) => {
    let parsed: URL;
    try {
      parsed = parseURL(url);
    } catch (err) {
      return Promise.reject(err as Error);
    }
    const dispatcher = opts.dispatcher ?? getGlobalDispatcher();
    return apiRequest.call(dispatcher, {
      ...opts,
      origin: parsed.origin,
      path: parsed.search ? `${parsed.pathname}${parsed.search}` : parsed.pathname,
    } as Dispatcher.RequestOptions);
  };
}
