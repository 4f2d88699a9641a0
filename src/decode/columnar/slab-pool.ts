/**
 * The slabs the parse pool hands out with big bodies (see column-slab.ts): sized from what the last
 * answer's columns wanted per body byte, back from the worker with its answer, and reused once the
 * columns carved from them are copied into the whole answer.
 */
import type { Column, RecordColumns } from "../../table/record-columns";
import { PageBuffers } from "./page-buffers";

export class SlabPool {
  private readonly slabs = new PageBuffers();
  /** Slab bytes the last columns wanted per body byte (0 until a parse has told). */
  private perByte = 0;

  /** A slab for the columns of a body of `bodyBytes` bytes, or undefined before any parse has told the size. */
  forBody(bodyBytes: number): ArrayBuffer | undefined {
    if (this.perByte === 0) return undefined;
    // 5% over: pages of one answer are alike, not equal.
    return this.slabs.take(Math.ceil(bodyBytes * this.perByte * 1.05)).buffer as ArrayBuffer;
  }

  /** A parse of a body of `bodyBytes` bytes made columns that wanted `wantedBytes` of slab. */
  learn(wantedBytes: number, bodyBytes: number): void {
    if (bodyBytes > 0 && wantedBytes > 0) this.perByte = wantedBytes / bodyBytes;
  }

  /**
   * A slab is back from a parse: in use by its columns (until {@link recycle}), or idle at once.
   * @param movedBack it went to a worker and back (a new ArrayBuffer object of the same memory).
   */
  returned(columns: readonly Column[], slab: ArrayBuffer, movedBack: boolean): void {
    const used = columns.some((c) => bufferOf(c) === slab);
    if (!used) this.slabs.give(slab, movedBack);
    else if (movedBack) this.slabs.adopt(slab);
  }

  /** Takes back the slab of a part once its values are copied elsewhere (the part must not be used afterwards). */
  recycle(part: RecordColumns): void {
    for (const col of part.columns.values()) {
      const buffer = bufferOf(col);
      if (buffer !== undefined && this.slabs.owns(buffer)) this.slabs.give(buffer);
    }
  }

  /** A slab handed out will never come back (it died with a worker). */
  lost(): void {
    this.slabs.lost();
  }

  /** Lets the idle slabs go. */
  clear(): void {
    this.slabs.clear();
  }
}

function bufferOf(col: Column): ArrayBufferLike | undefined {
  return col.kind === "number" ? col.values.buffer : col.kind === "coded" ? col.codes.buffer : undefined;
}
