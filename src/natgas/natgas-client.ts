/**
 * The natural gas client: every v3 and v4 endpoint as a typed method, built from the catalogs.
 */
import { buildEndpointMethods, type EndpointApi } from "../client/endpoint-methods";
import type { EndpointTransport } from "../client/endpoint-transport";
import { NATGAS_SERVICE } from "../client/services";
import { serviceTransport } from "../client/service-transport";
import type { WarningSink } from "../client/warn-once";
import { NameChecker } from "../validate/names/name-checker";
import type { TransportOptions } from "../http/types";
import { v3, type V3Catalog } from "./catalog/v3";
import { v4, type V4Catalog } from "./catalog/v4";
import { buildAsV3, type AsV3Api } from "./migrate/as-v3";
import { queryDatalinksMethod, type QueryDatalinksMethod } from "./datalinks/query-datalinks";
import { toTimeMs } from "../table/dates";

/** Options of {@link NatGasClient}: every transport option (retries, time-outs, cache, progress...) plus these. */
export interface NatGasClientOptions extends TransportOptions {
  /**
   * Base URL of the service (e.g. `http://127.0.0.1:8080` for a local sandbox). Default: env
   * `GASFRAMES_NATGAS_URL`, else, when a token is set, the live host `https://hyperion.api.synmax.com`;
   * with none of them, the constructor throws a ConfigurationError saying how to set one or start the sandbox.
   */
  baseUrl?: string;
  /** A transport to call through instead of building one (sharing one between clients, tests). Default: a new `Transport`. */
  transport?: EndpointTransport;
  /** Where one-time warnings go (deprecated endpoint, unfiltered query). Default: `console.warn`. */
  warn?: WarningSink;
  /**
   * Check region, sub-region, state and county names before each data request: a name the service
   * does not know is refused with the closest known ones (docs/natural-gas.md: "Parameters are checked before
   * anything is sent"). Default: true.
   */
  checkNames?: boolean;
  /**
   * Today, epoch ms, for the checks relative to it (a `shortTermForecastHistory` run date older than the
   * two quarters the service keeps is warned about). Default: the transport option `clock`, else
   * `Date.now`; `forSandbox` uses the sandbox's `asOf`.
   */
  today?: () => number;
}

/** The v3 endpoints. */
export type NatGasV3Api = EndpointApi<V3Catalog>;
/**
 * The v4 endpoints, plus `asV3` (v3 queries run on v4 with v3-shaped rows) and `queryDatalinks(sql)`
 * (one read-only SQL query over the data-link tables, beta).
 */
export type NatGasV4Api = EndpointApi<V4Catalog> & { readonly asV3: AsV3Api; readonly queryDatalinks: QueryDatalinksMethod };

/**
 * Client of the natural gas data service.
 *
 * @example
 * const ng = new NatGasClient({ baseUrl: sandbox.natgasUrl, token: "any-token" });
 * const rigs = await ng.v3.rigs({ region: "west", start_date: "2024-01-01", aggregate_by: "date" });
 * rigs.toFrame().print();
 * for await (const batch of ng.v4.stream.productionByWell({ region_natgas: "west" })) { ... }
 * const v3Rows = await ng.v4.asV3.rigs({ region: "west" }); // v3 query on v4, v3-shaped rows
 */
export class NatGasClient {
  /** v3 endpoints: `client.v3.rigs(params, { signal })`, and `client.v3.stream.rigs(...)` for page batches. */
  readonly v3: NatGasV3Api;
  /** v4 endpoints: `client.v4.rigs(params, { signal, ndjson })`, `client.v4.stream.rigs(...)`, `client.v4.asV3.rigs(v3Params)`. */
  readonly v4: NatGasV4Api;
  /** The transport every call goes through. */
  readonly transport: EndpointTransport;

  /** @param options see {@link NatGasClientOptions}; all optional when the environment supplies URL and token. */
  constructor(options: NatGasClientOptions = {}) {
    const { transport, warn, checkNames = true, today, ...transportOptions } = options;
    const clock = today ?? transportOptions.clock;
    this.transport = transport ?? serviceTransport(transportOptions, NATGAS_SERVICE);
    // One checker for v3 and v4: both take the same names, so the service's list is fetched once per client.
    const methodOptions = {
      ...(warn ? { warn } : {}),
      ...(checkNames ? { names: new NameChecker("natgas", this.transport) } : {}),
      ...(clock ? { clock } : {}),
    };
    this.v3 = buildEndpointMethods(this.transport, v3, methodOptions);
    const v4Api = buildEndpointMethods(this.transport, v4, methodOptions);
    this.v4 = Object.assign(v4Api, { asV3: buildAsV3(v4Api), queryDatalinks: queryDatalinksMethod(this.transport, warn) });
  }

  /**
   * A client of a running sandbox (`startSandbox()`): base URL from it, token
   * `"gasframes-sandbox-token"` unless given (the sandbox accepts any non-empty token by default; every
   * token is masked as `***` in error text, so a plain word such as "sandbox" would be masked too), and
   * no pacing to the live services' rate limits unless `pacing: true` is given (the sandbox enforces none),
   * and no compression unless `compression: true` is given (on one machine it costs CPU and saves nothing).
   * "Today" for the checks relative to it is the sandbox's `asOf` (noon UTC) when the handle has one,
   * unless `today` is given: its data end there, whatever the real date.
   */
  static forSandbox(sandbox: { natgasUrl: string; asOf?: string }, options: NatGasClientOptions = {}): NatGasClient {
    const asOf = sandbox.asOf === undefined ? undefined : toTimeMs(sandbox.asOf) + 12 * 3_600_000;
    const today = asOf === undefined || Number.isNaN(asOf) ? {} : { today: () => asOf };
    return new NatGasClient({ token: "gasframes-sandbox-token", pacing: false, compression: false, ...today, ...options, baseUrl: sandbox.natgasUrl });
  }
}
