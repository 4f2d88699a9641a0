/**
 * The on-disk record/replay cache. A response is stored as two files named by the request key:
 * `<key>.body` (the body bytes as the parser reads them: a compressed body is stored decoded) and
 * `<key>.json` (method, URL, request body, the request it answers, status, content type, and the body's
 * length and SHA-256). The key is the SHA-256 of method, URL and the canonical request body; the token
 * is never part of a key or a file: it travels in a header that is not recorded, and a token pasted
 * into a parameter is masked in the stored URL and body.
 *
 * Every read checks that the entry answers the request asked (a file name says nothing once files are
 * exchanged or copied), then the body against the recorded length and SHA-256, before a byte is handed
 * out, so a body cut short, changed, or recorded for another request is never replayed.
 */
import { createHash, randomBytes, type Hash } from "node:crypto";
import { mkdir, open, readFile, realpath, lstat, rename, rm, type FileHandle } from "node:fs/promises";
import { isAbsolute, join, relative, sep } from "node:path";
import { CacheCorruptError, redact, redactValue, type CacheCorruptReason } from "../errors";
import { canonicalJson } from "./canonical-json";

/**
 * The format of entries written now. Entries without `sha256` (format 1) or without `request` (format 2)
 * were written by gasframes before it: they cannot be checked, so replay refuses them.
 */
export const CACHE_FORMAT = 3;

/**
 * The request an entry answers, independent of where the service listens: method, the path and query
 * relative to the base URL (a local server on another port, or the service behind another host, asks
 * the same thing), and the canonical request body.
 */
export interface CacheRequest {
  method: string;
  /** Path and query relative to the base URL (`/v3/rigs`, `/v4/rigs?county=X`). */
  target: string;
  /** The request body, undefined for none. */
  body: unknown;
}

/** What an entry records of the request it answers: readable (any secret masked) and as a digest. */
export interface CacheEntryRequest {
  method: string;
  /** Path and query relative to the base URL, any registered secret masked. */
  target: string;
  /** SHA-256 of method, target and canonical body as sent (a masked text cannot be compared). */
  sha256: string;
}

/** The path and query of `url` relative to `baseUrl` (the whole URL when it is not under it). */
export function targetOf(url: string, baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  if (url === base) return "/";
  return url.startsWith(`${base}/`) || url.startsWith(`${base}?`) ? url.slice(base.length) : url;
}

/** The digest of a request's identity (see {@link CacheEntryRequest.sha256}). */
export function requestDigest(request: CacheRequest): string {
  return createHash("sha256")
    .update(`${request.method.toUpperCase()}\n${request.target}\n${request.body === undefined ? "" : canonicalJson(request.body)}`)
    .digest("hex");
}

/** What is stored next to a cached body. */
export interface CacheEntry {
  format: number;
  method: string;
  /** The request URL, any registered secret masked. */
  url: string;
  /** The request body, any registered secret masked. */
  body: unknown;
  /** The request this entry answers (format 3 on). */
  request: CacheEntryRequest;
  status: number;
  contentType: string;
  requestId?: string;
  /** The answer carried the synthetic-data header: a replay of it is synthetic too. */
  synthetic?: boolean;
  /** Length of the body file in bytes. */
  bytes: number;
  /** SHA-256 of the body file, lower-case hex. */
  sha256: string;
  savedAt: string;
}

/** A stored response being written; nothing is visible to readers until `commit()`. */
export interface CacheWriter {
  write(chunk: Uint8Array): Promise<void>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

/** The outcome of reading an entry. */
export type CacheRead =
  | { kind: "miss" }
  | { kind: "corrupt"; error: CacheCorruptError }
  | {
      kind: "hit";
      entry: CacheEntry;
      /** The verified body, streamed; checked again as it is read (a file changed meanwhile is an error at its end). */
      body: AsyncIterable<Uint8Array>;
      /** Releases the open file when the body is not read to its end. */
      close(): Promise<void>;
    };

const READ_CHUNK = 256 * 1024;

export class ResponseCache {
  constructor(readonly dir: string) {}

  /** The request key: SHA-256 hex of method, URL and canonical body. */
  static key(method: string, url: string, body: unknown): string {
    return createHash("sha256")
      .update(`${method.toUpperCase()}\n${url}\n${body === undefined ? "" : canonicalJson(body)}`)
      .digest("hex");
  }

  /**
   * Reads the entry of `key`: a `hit` whose body has the recorded length and SHA-256; a `miss` when no
   * entry (or no body file, or unreadable metadata) is there; `corrupt` when the body does not match,
   * the entry answers another request than `request`, the entry has no checksum or no request (an
   * older format), or a file links outside the cache folder.
   * @param request the request asked (whose key is `key`); undefined: not checked.
   */
  async read(key: string, request?: CacheRequest): Promise<CacheRead> {
    const metaPath = this.metaPath(key);
    const bodyPath = this.bodyPath(key);
    const corrupt = (reason: CacheCorruptReason, file: string, why: string, cause?: unknown): CacheRead => ({
      kind: "corrupt",
      error: new CacheCorruptError(`cache entry ${file} ${why}`, { reason, file, ...(cause !== undefined ? { cause } : {}) }),
    });

    const metaReal = await this.inside(metaPath);
    if (metaReal === undefined) return { kind: "miss" };
    if (metaReal === "outside") return corrupt("outside", metaPath, "is a link to a file outside the cache folder; refusing to read it");
    let entry: CacheEntry;
    try {
      entry = JSON.parse(await readFile(metaReal, "utf8")) as CacheEntry;
    } catch {
      // Damaged metadata is "not recorded": readwrite fetches it again, replay says it is missing.
      return { kind: "miss" };
    }
    if (entry === null || typeof entry !== "object" || typeof entry.status !== "number") return { kind: "miss" };

    const bodyReal = await this.inside(bodyPath);
    if (bodyReal === undefined) return { kind: "miss" };
    if (bodyReal === "outside") return corrupt("outside", bodyPath, "is a link to a file outside the cache folder; refusing to read it");
    if (typeof entry.sha256 !== "string" || !/^[0-9a-f]{64}$/.test(entry.sha256) || !Number.isSafeInteger(entry.bytes)) {
      return corrupt(
        "unverifiable",
        metaPath,
        "was recorded without a checksum (by an older gasframes), so it cannot be verified; re-record it: run once with cache mode \"readwrite\" (or delete the cache folder)",
      );
    }
    if (request !== undefined) {
      const recorded = entry.request as Partial<CacheEntryRequest> | undefined;
      if (recorded === null || typeof recorded !== "object" || typeof recorded.sha256 !== "string") {
        return corrupt(
          "unverifiable",
          metaPath,
          "was recorded without the request it answers (by an older gasframes), so it cannot be checked against this one; re-record it: run once with cache mode \"readwrite\" (or delete the cache folder)",
        );
      }
      if (recorded.sha256 !== requestDigest(request)) {
        return corrupt("mismatch", metaPath, `answers ${describeRecorded(entry)}, not the request asked, ${describeAsked(request)} (were its files exchanged or copied?); refusing to replay it`);
      }
    }

    let handle: FileHandle;
    try {
      handle = await open(bodyReal, "r");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return { kind: "miss" };
      return corrupt("unreadable", bodyPath, `cannot be read (${(err as NodeJS.ErrnoException).code ?? "error"})`, err);
    }
    try {
      const size = (await handle.stat()).size;
      if (size !== entry.bytes) {
        await handle.close();
        return corrupt("length", bodyPath, `holds ${size} bytes where ${entry.bytes} were recorded (cut short or overwritten)`);
      }
      const hash = createHash("sha256");
      for await (const chunk of readFrom(handle, size)) hash.update(chunk);
      if (hash.digest("hex") !== entry.sha256) {
        await handle.close();
        return corrupt("checksum", bodyPath, "does not match its recorded SHA-256 (changed since it was recorded)");
      }
    } catch (err) {
      await handle.close().catch(() => undefined);
      return corrupt("unreadable", bodyPath, `cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, err);
    }

    let closed = false;
    const close = async (): Promise<void> => {
      if (closed) return;
      closed = true;
      await handle.close().catch(() => undefined);
    };
    const expected = entry;
    async function* body(): AsyncGenerator<Uint8Array, void, undefined> {
      try {
        // Read again from the same open file, hashing again: a file rewritten in place between the check
        // and this read is caught at its end instead of being replayed.
        const again = createHash("sha256");
        let bytes = 0;
        for await (const chunk of readFrom(handle, expected.bytes + 1)) {
          again.update(chunk);
          bytes += chunk.byteLength;
          yield chunk;
        }
        if (bytes !== expected.bytes || again.digest("hex") !== expected.sha256) {
          throw new CacheCorruptError(`cache entry ${bodyPath} changed while it was being read`, { reason: "checksum", file: bodyPath });
        }
      } finally {
        await close();
      }
    }
    return { kind: "hit", entry, body: body(), close };
  }

  /**
   * Starts storing a response; the body file is renamed into place only on commit.
   * @param request the request it answers, recorded in the entry (see {@link CacheEntryRequest}).
   */
  async writer(key: string, entry: Omit<CacheEntry, "format" | "bytes" | "sha256" | "savedAt" | "request">, request: CacheRequest): Promise<CacheWriter> {
    await mkdir(this.dir, { recursive: true });
    const tmp = `${this.bodyPath(key)}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
    const handle: FileHandle = await open(tmp, "w");
    const hash: Hash = createHash("sha256");
    let bytes = 0;
    let closed = false;
    const close = async (): Promise<void> => {
      if (!closed) {
        closed = true;
        await handle.close();
      }
    };
    return {
      write: async (chunk) => {
        bytes += chunk.byteLength;
        hash.update(chunk);
        await handle.write(chunk);
      },
      commit: async () => {
        await close();
        await rename(tmp, this.bodyPath(key));
        const meta: CacheEntry = {
          format: CACHE_FORMAT,
          ...entry,
          url: redact(entry.url),
          body: redactValue(entry.body),
          request: { method: request.method.toUpperCase(), target: redact(request.target), sha256: requestDigest(request) },
          bytes,
          sha256: hash.digest("hex"),
          savedAt: new Date().toISOString(),
        };
        if (entry.requestId !== undefined) meta.requestId = redact(entry.requestId);
        const metaTmp = `${this.metaPath(key)}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
        const fh = await open(metaTmp, "w");
        try {
          await fh.writeFile(JSON.stringify(meta, null, 1));
        } finally {
          await fh.close();
        }
        // The meta file appears last: a reader that finds it also finds a whole body.
        await rename(metaTmp, this.metaPath(key));
      },
      abort: async () => {
        await close().catch(() => undefined);
        await rm(tmp, { force: true });
      },
    };
  }

  /**
   * The real path of `path` when it exists and lies inside the cache folder (a link inside the folder
   * is followed), `"outside"` when it resolves elsewhere, undefined when it does not exist.
   */
  private async inside(path: string): Promise<string | "outside" | undefined> {
    try {
      await lstat(path);
    } catch {
      return undefined;
    }
    let real: string;
    let root: string;
    try {
      real = await realpath(path);
      root = await realpath(this.dir);
    } catch {
      // A dangling link: there is nothing to read, as with a deleted file.
      return undefined;
    }
    const rel = relative(root, real);
    if (rel === "" || rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return "outside";
    return real;
  }

  private bodyPath(key: string): string {
    return join(this.dir, `${key}.body`);
  }

  private metaPath(key: string): string {
    return join(this.dir, `${key}.json`);
  }
}

/** Request bodies quoted in a mismatch message are cut here (after masking). */
const QUOTED_BODY_CHARS = 200;

function quoteBody(body: unknown): string {
  if (body === undefined || body === null) return "without a body";
  const text = canonicalJson(redactValue(body));
  return `with body ${text.length > QUOTED_BODY_CHARS ? `${text.slice(0, QUOTED_BODY_CHARS)}...` : text}`;
}

function describeRecorded(entry: CacheEntry): string {
  const method = typeof entry.request?.method === "string" ? entry.request.method : String(entry.method);
  const target = typeof entry.request?.target === "string" ? entry.request.target : String(entry.url);
  return `${redact(method)} ${redact(target)} ${quoteBody(entry.body)}`;
}

function describeAsked(request: CacheRequest): string {
  return `${request.method.toUpperCase()} ${redact(request.target)} ${quoteBody(request.body)}`;
}

/** The bytes of an open file from its start, at most `limit` of them, in chunks. */
async function* readFrom(handle: FileHandle, limit: number): AsyncGenerator<Uint8Array, void, undefined> {
  let position = 0;
  while (position < limit) {
    const buffer = Buffer.allocUnsafe(Math.min(READ_CHUNK, limit - position));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) return;
    position += bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}
