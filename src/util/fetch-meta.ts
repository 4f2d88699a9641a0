/**
 * The provenance of one call as the transport measures it: a type shared by the transport (which fills
 * it) and the table (whose Results carry it), kept in util/ so that neither layer imports the other.
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
