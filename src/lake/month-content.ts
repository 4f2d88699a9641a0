/**
 * The fingerprint `syncDataset` keeps of a month's rows: the SHA-256 of their content (not of the
 * file, whose bytes hold the fetch time), computed from the column buffers once the rows are columns,
 * instead of from one JSON text per row (a fifth of a sync's CPU time).
 */
import { createHash } from "node:crypto";
import type { Column } from "../table/column";
import type { RecordColumns } from "../table/record-columns";

/** Bumped whenever what {@link monthContentSha256} hashes changes: a lake's months hashed otherwise are rewritten once. */
const CONTENT_HASH_VERSION = "gasframes.month-content.2";

/**
 * The SHA-256 of a month's rows, in arrival order: per column its name, kind, the bytes of its values
 * (numbers as float64, dictionary codes as int32 after the dictionary's JSON) and of its absent-row
 * mask. The same rows collected the same way give the same digest whatever the fetch time.
 */
export function monthContentSha256(columns: RecordColumns): string {
  const hash = createHash("sha256");
  hash.update(`${CONTENT_HASH_VERSION}\n${columns.length}\n`);
  for (const name of columns.names) {
    const col = columns.columns.get(name);
    if (col === undefined) continue;
    hash.update(`${JSON.stringify(name)} ${col.kind}\n`);
    updateColumn(hash, col);
    if (col.absent !== undefined) {
      hash.update("absent\n");
      hash.update(col.absent);
    }
  }
  return hash.digest("hex");
}

function updateColumn(hash: ReturnType<typeof createHash>, col: Column): void {
  if (col.kind === "number") {
    hash.update(new Uint8Array(col.values.buffer, col.values.byteOffset, col.values.byteLength));
    return;
  }
  if (col.kind === "coded") {
    hash.update(`${JSON.stringify(col.dict)}\n`);
    // Codes come as 1, 2 or 4 bytes depending on the dictionary's size: widened, so the width never changes the digest.
    const codes = col.codes instanceof Int32Array ? col.codes : Int32Array.from(col.codes);
    hash.update(new Uint8Array(codes.buffer, codes.byteOffset, codes.byteLength));
    return;
  }
  hash.update(`${JSON.stringify(col.values)}\n`);
}
