/**
 * Place names checked before the data request: a value of a name filter (region, sub-region, state,
 * county, country, country code, terminal, terminal id) that the service does not know is refused
 * with the closest names it does know, so that a misspelling never comes back as a silent empty answer.
 */
import { AbortError, InvalidParamsError, redact, type ParamIssue } from "../../errors";
import type { EndpointSpec } from "../../catalog/types";
import { warnOnce, type WarningSink } from "../../util/warn-once";
import { closest } from "../closest";
import { endpointLabel } from "../validate-params";
import { BUILT_IN_NAMES, NameIndex, nearestNames, type NameLists } from "./known-names";
import { NAME_KIND_LABEL, nameKindOf, UNLISTED, type NameKind, type NameService } from "./name-kinds";
import { NAME_FETCHERS, type NameFetcher, type NameListTransport } from "./name-sources";

/** A name filter whose values were sent without being found in any list. */
export interface UncheckedNames {
  param: string;
  values: string[];
  /** `unlisted`: no list covers the parameter; `unverified`: the service's list could not be had. */
  why: "unlisted" | "unverified";
}

/** What a check let through unchecked: an empty answer to such a filter warns. */
export interface NameCheckOutcome {
  unchecked: UncheckedNames[];
}

/** Options of {@link NameChecker}. */
export interface NameCheckerOptions {
  /** Lists to trust without a request. Default: the lists built into the package for the service. */
  builtIn?: NameLists;
  /** How the service's own lists are fetched. Default: the service's (`GET /v4/regions`; LNG forecast records). */
  fetchNames?: NameFetcher;
}

type Live = { ok: true; index: NameIndex; source: string; note?: string } | { ok: false; reason: string };

/** The kinds of name each service's own list can hold: for any other kind nothing is fetched. */
const LIVE_KINDS: Readonly<Record<NameService, ReadonlySet<NameKind>>> = {
  natgas: new Set<NameKind>(["region", "sub_region", "state", "county"]),
  lng: new Set<NameKind>(["terminal", "terminal_id", "country", "country_code"]),
};

/** Longer than any place name: such a value is refused as it is, without fetching a list to compare it with. */
const MAX_NAME_LENGTH = 200;

/** Why `value` cannot be a name at all (blank, too long, control characters), or undefined. */
function notAName(value: string): string | undefined {
  if (value.trim() === "") return "a name (this one is blank)";
  if (value.length > MAX_NAME_LENGTH) return `a name of at most ${MAX_NAME_LENGTH} characters (this one has ${value.length})`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return "a name without control characters (line breaks, tabs, NUL)";
  return undefined;
}

/**
 * Checks the name filters of one client's requests.
 *
 * - A name in the built-in list passes at once (ignoring case, as the services do).
 * - Any other name makes the checker fetch the service's own list, once for the client (through the
 *   client's transport), and keep it in memory: a name on it passes; a name not on it is refused
 *   with an {@link InvalidParamsError} naming the parameter, the value and the closest known names,
 *   before the data request.
 * - When that list cannot be fetched (offline, 401/403, 404, time-out), or the service publishes no
 *   list of that kind (LNG regions), the name is sent unchecked with a one-time warning; the failure
 *   is remembered for the client's life, not retried on every call.
 */
export class NameChecker {
  readonly #builtIn: NameIndex;
  readonly #fetch: NameFetcher;
  /** The kinds the fetched list can hold; undefined for a fetcher given in the options (unknown). */
  readonly #liveKinds: ReadonlySet<NameKind> | undefined;
  #live: Promise<Live> | undefined;

  /**
   * @param service whose names (`natgas` or `lng`).
   * @param transport the client's transport; the list request goes through it.
   * @param options built-in lists and fetcher (defaults: the package's own).
   */
  constructor(
    readonly service: NameService,
    private readonly transport: NameListTransport,
    options: NameCheckerOptions = {},
  ) {
    this.#builtIn = new NameIndex(service, options.builtIn ?? BUILT_IN_NAMES[service]);
    this.#fetch = options.fetchNames ?? NAME_FETCHERS[service];
    this.#liveKinds = options.fetchNames === undefined ? LIVE_KINDS[service] : undefined;
  }

  /**
   * Checks the name filters of a validated request body (lists of strings).
   *
   * @returns the filters sent unchecked (an empty answer to them should warn: see {@link warnIfEmpty}).
   * @throws InvalidParamsError naming every unknown name, with the closest known ones.
   * @throws AbortError when `signal` fires while the service's list is being fetched.
   */
  async check(spec: EndpointSpec, body: Readonly<Record<string, unknown>>, opts: { signal?: AbortSignal; warn?: WarningSink } = {}): Promise<NameCheckOutcome> {
    const label = endpointLabel(spec);
    const unchecked: UncheckedNames[] = [];
    // Values that cannot be names are refused first, before any list is fetched to compare them with.
    const asIs: ParamIssue[] = [];
    for (const [param, value] of Object.entries(body)) {
      if (nameKindOf(spec.service, param) === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) {
        const why = typeof v === "string" ? notAName(v) : undefined;
        if (why !== undefined) asIs.push({ param, value: v, expected: why });
      }
    }
    if (asIs.length > 0) throw new InvalidParamsError(label, asIs);
    const issues: ParamIssue[] = [];
    for (const [param, value] of Object.entries(body)) {
      const kind = nameKindOf(spec.service, param);
      if (kind === undefined) continue;
      const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");
      if (values.length === 0) continue;
      if (kind === UNLISTED) {
        unchecked.push({ param, values, why: "unlisted" });
        continue;
      }
      const misses = values.filter((v) => !this.#builtIn.has(kind, v));
      if (misses.length === 0) continue;
      // Nothing is fetched for a kind the service's list cannot hold (LNG regions): that kind is then
      // treated as publishing no list.
      const live: Live =
        this.#liveKinds !== undefined && !this.#liveKinds.has(kind)
          ? { ok: true, index: new NameIndex(this.service, {}), source: "" }
          : await this.#liveNames(opts.signal);
      if (live.ok && live.index.covers(kind)) {
        for (const v of misses) if (!live.index.has(kind, v)) issues.push(this.#issue(param, kind, v, live));
        continue;
      }
      const why = live.ok ? `the service publishes no list of ${NAME_KIND_LABEL[kind]} names` : `the service's list could not be fetched (${live.reason})`;
      for (const v of misses) {
        const near = closest(v, this.#builtIn.names(kind));
        warnOnce(
          `names:unverified:${label}:${param}:${v}`,
          redact(`${label}: ${param} = ${show(v)} is not a ${NAME_KIND_LABEL[kind]} gasframes knows and ${why}: sent unchecked${near === undefined ? "" : ` (did you mean "${near}"?)`}`),
          opts.warn,
        );
      }
      unchecked.push({ param, values: misses, why: "unverified" });
    }
    if (issues.length > 0) throw new InvalidParamsError(label, issues);
    return { unchecked };
  }

  #issue(param: string, kind: NameKind, value: string, live: Live & { ok: true }): ParamIssue {
    const candidates = [...live.index.names(kind), ...this.#builtIn.names(kind)];
    const nearest = nearestNames(value, candidates, 3);
    const suggestion = closest(value, candidates);
    const expected =
      `a ${NAME_KIND_LABEL[kind]} the service knows (${live.source} lists them; case is ignored${live.note ? `; ${live.note}` : ""})` +
      (nearest.length > 0 ? `; the closest: ${nearest.map((n) => JSON.stringify(n)).join(", ")}` : "");
    return { param, value, expected, ...(suggestion === undefined ? {} : { suggestion }) };
  }

  async #liveNames(signal: AbortSignal | undefined): Promise<Live> {
    // One request shared by every call of this client; no caller's signal is given to it, so one
    // caller giving up does not fail the others. A caller's abort ends only its own wait.
    this.#live ??= this.#fetch(this.transport).then(
      (live): Live => ({ ok: true, index: new NameIndex(this.service, live.lists), source: live.source, ...(live.note ? { note: live.note } : {}) }),
      (err: unknown): Live => ({ ok: false, reason: reasonOf(err) }),
    );
    if (signal === undefined) return this.#live;
    if (signal.aborted) throw new AbortError("aborted by the caller while fetching the service's list of names", { cause: signal.reason });
    return new Promise<Live>((resolve, reject) => {
      const onAbort = (): void => reject(new AbortError("aborted by the caller while fetching the service's list of names", { cause: signal.reason }));
      signal.addEventListener("abort", onAbort, { once: true });
      this.#live!.then(
        (live) => {
          signal.removeEventListener("abort", onAbort);
          resolve(live);
        },
        () => undefined,
      );
    });
  }
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function reasonOf(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  const short = text.length > 200 ? `${text.slice(0, 197)}...` : text;
  return redact(short);
}

/**
 * Warns once when an answer is empty or all zero and some of its name filters went unchecked (no
 * list covers them, or the service's list could not be fetched): the name may be misspelt.
 */
export function warnIfEmpty(spec: EndpointSpec, outcome: NameCheckOutcome, emptiness: "no rows" | "only zeros" | undefined, warn?: WarningSink): void {
  if (emptiness === undefined || outcome.unchecked.length === 0) return;
  const label = endpointLabel(spec);
  const filters = outcome.unchecked.map((u) => `${u.param} = ${show(u.values.length === 1 ? u.values[0] : u.values)}`);
  const why = outcome.unchecked.some((u) => u.why === "unverified")
    ? "these names could not be checked against the service's list"
    : "the service publishes no list of these names, so they were sent unchecked";
  warnOnce(
    `names:empty:${label}:${filters.join(";")}`,
    redact(`${label} answered ${emptiness} for ${filters.join(", ")}: ${why}; check their spelling (a name the service does not know matches nothing)`),
    warn,
  );
}
