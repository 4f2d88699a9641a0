/**
 * Answers of the sandbox kept on disk between runs, so that a process starting the sandbox again with the
 * same data (seed, "today", page size) and the same code answers a request it has answered before without
 * generating the rows again. Used by the report (`gasframes report`), whose notebooks ask the same
 * questions on every run; off unless `startSandbox({ answerCache })` names a folder.
 *
 * An entry is keyed by the SHA-256 of everything that decides the answer's bytes: the content of every code
 * file of this gasframes build (so any change of the generators, or of anything they import, misses), the
 * seed, asOf and page size, the service mount, the method, path, query string and body of the request, and
 * whether it asked for NDJSON. The handlers read nothing else of a request (no header, no clock, no
 * randomness but the seed). Only row answers (the bulk of the data) of the natural-gas and LNG v1 services
 * are stored: the old job API (whose jobs have state) is never wrapped, and whole-JSON answers and SQL data
 * links (answered after I/O, as a promise) pass through. An answer is
 * stored only once it was generated whole (not one a client abandoned or a fault cut short), and never one
 * whose bytes hold the request's access token. Each entry carries its length and SHA-256: a damaged or
 * unreadable entry is a miss, generated and written again. A failure to write only costs the generation.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { extname, join, relative, resolve } from "node:path";
import { extractToken } from "./auth";
import type { SpareBuffers } from "./byte-chunks";
import type { RowJoin, SandboxContext, SandboxReply, SandboxRequest, ServiceHandler } from "./types";

/** Answers larger than this are served but not stored (a report's largest is a few MB). */
const MAX_STORED_BYTES = 64 * 1024 * 1024;
const FORMAT = "gasframes sandbox answer 1";

type RowsReply = Extract<SandboxReply, { kind: "rows" }>;

/** What an entry holds besides the body: how the core frames the rows. */
interface EntryHead {
  readonly format: RowsReply["format"];
  readonly pagination?: RowsReply["pagination"];
  readonly bytes: number;
  readonly sha256: string;
}

/** Counts of one process's look-ups (tests and measurements read them). */
export interface StoredAnswerStats {
  hits: number;
  misses: number;
  stored: number;
}

let codeHash: string | undefined;

/**
 * SHA-256 of every code file of this build (the `.js`, or under a TypeScript runner the `.ts`, files of
 * the folder holding `sandbox/`, with their relative paths), computed once per process.
 */
export function sandboxCodeHash(): string {
  if (codeHash === undefined) {
    const root = resolve(__dirname, "..", "..");
    const hash = createHash("sha256");
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== "node_modules") walk(path);
        } else if (/\.(c|m)?(j|t)s$|\.json$/.test(entry.name) && !entry.name.endsWith(".d.ts") && extname(entry.name) !== ".map") {
          hash.update(relative(root, path)).update("\0").update(readFileSync(path)).update("\0");
        }
      }
    };
    walk(root);
    codeHash = hash.digest("hex");
  }
  return codeHash;
}

/**
 * `handler` (mounted at `mount`) with its row answers kept in `dir`: a stored answer is sent as stored, a
 * new one stored once it has been generated whole. `stats` counts the look-ups.
 */
export function withStoredAnswers(handler: ServiceHandler, dir: string, mount: string, stats?: StoredAnswerStats): ServiceHandler {
  return (req, ctx) => {
    const key = answerKey(mount, req, ctx);
    const hit = readEntry(dir, key);
    if (hit !== undefined) {
      if (stats) stats.hits++;
      return storedReply(hit.head, hit.body);
    }
    const reply = handler(req, ctx);
    if (reply === undefined || reply instanceof Promise || reply.kind !== "rows") return reply;
    if (stats) stats.misses++;
    const token = extractToken(req.headers);
    return recordingReply(reply, (body) => {
      // The answers carry no token by construction; this keeps it so should a generator ever echo one.
      if (token !== undefined && body.includes(token)) return;
      if (writeEntry(dir, key, { format: reply.format, ...(reply.pagination ? { pagination: reply.pagination } : {}) }, body) && stats) stats.stored++;
    });
  };
}

function answerKey(mount: string, req: SandboxRequest, ctx: SandboxContext): string {
  const fields = [FORMAT, sandboxCodeHash(), ctx.seed, ctx.asOf, ctx.pageSize, mount, req.method, req.path, req.query.toString(), JSON.stringify(req.body) ?? null, req.ndjson];
  return createHash("sha256").update(JSON.stringify(fields)).digest("hex");
}

/** The reply of a stored answer: its rows' bytes, as the generator wrote them, in batches of the size asked. */
function storedReply(head: EntryHead, body: Buffer): RowsReply {
  return {
    kind: "rows",
    format: head.format,
    ...(head.pagination ? { pagination: head.pagination } : {}),
    rows: [],
    *bytes(_join: RowJoin, chunkBytes: number) {
      for (let at = 0; at < body.length; at += chunkBytes) yield body.subarray(at, at + chunkBytes);
    },
  };
}

/** `reply`, its rows' bytes collected as they are written and handed to `done` once all are. */
function recordingReply(reply: RowsReply, done: (body: Buffer) => void): RowsReply {
  const source = reply.bytes;
  return {
    ...reply,
    *bytes(join: RowJoin, chunkBytes: number, spare?: SpareBuffers) {
      const chunks: Buffer[] = [];
      let size = 0;
      for (const chunk of source ? source(join, chunkBytes, spare) : rowChunks(reply.rows, join, chunkBytes)) {
        // A copy: the chunk's buffer goes back to `spare` once sent.
        if (size <= MAX_STORED_BYTES) chunks.push(Buffer.from(chunk));
        size += chunk.length;
        yield chunk;
      }
      if (size <= MAX_STORED_BYTES) done(Buffer.concat(chunks, size));
    },
  };
}

/** Records as `JSON.stringify` text joined by `join`, in buffers of about `chunkBytes` (as the core writes rows). */
function* rowChunks(rows: Iterable<Record<string, unknown>>, join: RowJoin, chunkBytes: number): Generator<Buffer> {
  let text = "";
  let first = true;
  for (const row of rows) {
    text += (first ? "" : join.before) + JSON.stringify(row) + join.after;
    first = false;
    if (text.length >= chunkBytes) {
      yield Buffer.from(text, "utf8");
      text = "";
    }
  }
  if (text !== "") yield Buffer.from(text, "utf8");
}

function readEntry(dir: string, key: string): { head: EntryHead; body: Buffer } | undefined {
  let data: Buffer;
  try {
    data = readFileSync(join(dir, `${key}.answer`));
  } catch {
    return undefined;
  }
  try {
    const eol = data.indexOf(10);
    if (eol < 0) return undefined;
    const head = JSON.parse(data.subarray(0, eol).toString("utf8")) as EntryHead;
    const body = data.subarray(eol + 1);
    if (!["array", "ndjson", "envelope"].includes(head.format) || body.length !== head.bytes) return undefined;
    if (createHash("sha256").update(body).digest("hex") !== head.sha256) return undefined;
    return { head, body };
  } catch {
    return undefined;
  }
}

function writeEntry(dir: string, key: string, head: Omit<EntryHead, "bytes" | "sha256">, body: Buffer): boolean {
  const file = join(dir, `${key}.answer`);
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    const line = JSON.stringify({ ...head, bytes: body.length, sha256: createHash("sha256").update(body).digest("hex") });
    writeFileSync(temp, Buffer.concat([Buffer.from(line + "\n", "utf8"), body]));
    renameSync(temp, file);
    return true;
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      // Nothing more to do: the entry was not written, and the next run generates the answer again.
    }
    return false;
  }
}
