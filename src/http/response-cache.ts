/**
 * The on-disk record/replay cache. A response is stored as two files named by the request key:
 * `<key>.body` (the body bytes as received) and `<key>.json` (method, URL, request body, status,
 * content type). The key is the SHA-256 of method, URL and the canonical request body; the token is
 * never part of a key or a file, because it travels in a header that is not recorded.
 */
import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, readFile, rename, rm, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { canonicalJson } from "./canonical-json";

/** What is stored next to a cached body. */
export interface CacheEntry {
  method: string;
  url: string;
  body: unknown;
  status: number;
  contentType: string;
  requestId?: string;
  bytes: number;
  savedAt: string;
}

/** A stored response being written; nothing is visible to readers until `commit()`. */
export interface CacheWriter {
  write(chunk: Uint8Array): Promise<void>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

export class ResponseCache {
  constructor(readonly dir: string) {}

  /** The request key: SHA-256 hex of method, URL and canonical body. */
  static key(method: string, url: string, body: unknown): string {
    return createHash("sha256")
      .update(`${method.toUpperCase()}\n${url}\n${body === undefined ? "" : canonicalJson(body)}`)
      .digest("hex");
  }

  /** The stored entry of `key`, or undefined when none (or a half-written one) is there. */
  async lookup(key: string): Promise<CacheEntry | undefined> {
    try {
      const entry = JSON.parse(await readFile(this.metaPath(key), "utf8")) as CacheEntry;
      return typeof entry.status === "number" ? entry : undefined;
    } catch {
      return undefined;
    }
  }

  /** The stored body bytes of `key`, streamed. */
  openBody(key: string): AsyncIterable<Uint8Array> {
    return createReadStream(this.bodyPath(key));
  }

  /** Starts storing a response; the body file is renamed into place only on commit. */
  async writer(key: string, entry: Omit<CacheEntry, "bytes" | "savedAt">): Promise<CacheWriter> {
    await mkdir(this.dir, { recursive: true });
    const tmp = `${this.bodyPath(key)}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
    const handle: FileHandle = await open(tmp, "w");
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
        await handle.write(chunk);
      },
      commit: async () => {
        await close();
        await rename(tmp, this.bodyPath(key));
        const meta: CacheEntry = { ...entry, bytes, savedAt: new Date().toISOString() };
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

  private bodyPath(key: string): string {
    return join(this.dir, `${key}.body`);
  }

  private metaPath(key: string): string {
    return join(this.dir, `${key}.json`);
  }
}
