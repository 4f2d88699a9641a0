/**
 * Contracts inside the sandbox: how the server core hands a parsed request to a service module
 * (natgas, lng, legacy) and how a module answers. The sandbox never imports the client code.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { SpareBuffers } from "./byte-chunks";

/** Settings every service module sees. */
export interface SandboxContext {
  /** Seed of the synthetic data; same seed and asOf, same bytes. */
  readonly seed: number;
  /** "Today" for the data, YYYY-MM-DD: history before it, forecasts after it. */
  readonly asOf: string;
  /** v3 page size (the `page_size` in the pagination envelope). */
  readonly pageSize: number;
}

/** A request after the core has checked the token and parsed the body. */
export interface SandboxRequest {
  readonly method: string;
  /** Path below the service's base, doubled slashes collapsed, no trailing slash: `/v3/rigs`, `/v1/volume_flows`, `/api/v2/live_status`. */
  readonly path: string;
  readonly query: URLSearchParams;
  /** Parsed JSON body (`undefined` when there was none). */
  readonly body: unknown;
  readonly headers: IncomingHttpHeaders;
  /** True when the `Accept` header asks for `application/x-ndjson`. */
  readonly ndjson: boolean;
  /** Aborted when the client goes away before the answer is written (work for it can stop). */
  readonly signal?: AbortSignal;
}

/** How rows are joined in a text answer: NDJSON ends each row with "\n"; a JSON array puts "," between rows. */
export interface RowJoin {
  /** Written before every row but the first of the answer. */
  readonly before: string;
  /** Written after every row. */
  readonly after: string;
}

/**
 * A module's answer:
 * - `json`: a whole body, serialised by the core.
 * - `rows`: records produced lazily and streamed by the core, never held whole: as a JSON array, as
 *   NDJSON (one record a line), or inside a v3 envelope `{"data":[...],"pagination":{...}}`.
 */
export type SandboxReply =
  | { readonly kind: "json"; readonly status: number; readonly body: unknown }
  | {
      readonly kind: "rows";
      readonly rows: Iterable<Record<string, unknown>>;
      /**
       * The same rows as UTF-8 bytes, when the module writes them quicker than `JSON.stringify` would:
       * buffers of whole rows of up to `chunkBytes` each, each row exactly `JSON.stringify` of its record.
       * Buffers may be taken from `spare`, to which the caller gives each back once it is sent.
       */
      readonly bytes?: (join: RowJoin, chunkBytes: number, spare?: SpareBuffers) => Iterable<Buffer>;
      readonly format: "array" | "ndjson" | "envelope";
      /** For `envelope`: the pagination object written after the data. */
      readonly pagination?: { start: number; page_size: number; total_count: number };
    };

/** Thrown by a module to answer a 4xx with `{"error": message}`. */
export class SandboxHttpError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * A service module: answers the requests under its base, or returns undefined for an unknown path (404).
 * An answer that needs I/O first (a SQL data-link query) is a promise of the reply.
 */
export type ServiceHandler = (req: SandboxRequest, ctx: SandboxContext) => SandboxReply | Promise<SandboxReply> | undefined;
