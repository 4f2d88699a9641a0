/**
 * Provenance: what a call sent and what it took. The transport measures it (`FetchMeta`); a client adds
 * which service, version and endpoint answered (`ResultMeta`). Never holds the access token.
 */

/** The request as sent and what it took, as the transport measured it. Never holds the access token. */
export interface FetchMeta {
  /** HTTP method. */
  method: string;
  /** The request URL (no token: the token travels in a header). */
  url: string;
  /** The parameters as sent on the wire, after normalisation. */
  params: Record<string, unknown>;
  /** ISO 8601 UTC time the first request was sent. */
  fetchedAt: string;
  /** Pages fetched (1 for unpaginated endpoints). */
  pages: number;
  /** Records in the result. */
  rows: number;
  /** Response bytes read (after decompression). */
  bytes: number;
  /** HTTP attempts made, retries included. */
  attempts: number;
  /** Wall time of the whole call, in milliseconds. */
  durationMs: number;
  /** Whether every page came from the on-disk cache. */
  fromCache: boolean;
  /** Whether any page is synthetic data (its answer carried the synthetic-data header, or was recorded from one). */
  synthetic: boolean;
  /** Request ids the service sent back, when it sent any, in the order the answers arrived (pages are fetched concurrently). */
  requestIds: string[];
}

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
