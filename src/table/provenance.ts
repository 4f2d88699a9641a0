/**
 * Provenance: what a call sent and what it took. The transport measures it (`FetchMeta`); a client adds
 * which service, version and endpoint answered (`ResultMeta`). Never holds the access token.
 */

import type { FetchMeta } from "../util/fetch-meta";

export type { FetchMeta };

/** Provenance of a result: the fetch and which service, version and endpoint answered. Never holds the access token. */
export interface ResultMeta extends FetchMeta {
  /** `natgas`, `lng` or `legacy`. */
  service: string;
  /** `v3`, `v4`, `v1` or `legacy`. */
  apiVersion: string;
  /** The client method name (`rigs`, `volumeFlows`). */
  endpoint: string;
  /**
   * Where the answer came from: `live` (a service that did not mark its answers synthetic), `sandbox` (the
   * embedded sandbox, synthetic data), `replay` (the on-disk cache; see `synthetic` for what was recorded), or
   * `lake` (a query of the local Parquet lake; its manifest says what it holds).
   */
  source: "live" | "sandbox" | "replay" | "lake";
  /**
   * Present when the answer's fields differ from the catalog's record: `added`, fields the catalog does not
   * know (kept as sent), and `missing`, catalog fields the answer lacked (null in every row).
   */
  drift?: { readonly added: readonly string[]; readonly missing: readonly string[] };
}
