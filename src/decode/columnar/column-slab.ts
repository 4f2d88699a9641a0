/**
 * The columns of one parsed page carved from one buffer (a slab) that goes from the calling thread to
 * a parse worker and back, page after page. Without it each page's columns were a few dozen fresh
 * arrays made on the worker and dropped on the calling thread once appended to the answer: memory
 * freed on one thread, made again on another, which the allocator handed back to the system only in
 * part, so resident memory grew with every page. Arrays that do not fit are made fresh, as before.
 */
import type { ColumnMemory } from "../../table/column-builder";

/** Bytes a slab is carved in (a Float64Array must start at a multiple of 8). */
const ALIGN = 8;

export class ColumnSlab implements ColumnMemory {
  private at = 0;
  private wanted = 0;

  /** @param buffer the slab (undefined: every array is made fresh, and {@link wanted} still counts). */
  constructor(readonly buffer: ArrayBuffer | undefined) {}

  /** Bytes asked for so far (carved or not): the slab size that would have held them all. */
  get wantedBytes(): number {
    return this.wanted;
  }

  float64(length: number): Float64Array {
    const at = this.carve(length * 8);
    return at === -1 ? new Float64Array(length) : new Float64Array(this.buffer!, at, length);
  }

  int32(length: number): Int32Array {
    const at = this.carve(length * 4);
    return at === -1 ? new Int32Array(length) : new Int32Array(this.buffer!, at, length);
  }

  /** A view of a slab array (it moves with the slab); an exact copy of any other. */
  trim<T extends Float64Array | Int32Array>(a: T, length: number): T {
    if (a.length === length) return a;
    return (this.buffer !== undefined && a.buffer === this.buffer ? a.subarray(0, length) : a.slice(0, length)) as T;
  }

  /** The offset of `bytes` bytes of the slab, or -1 when they do not fit. */
  private carve(bytes: number): number {
    const size = Math.ceil(bytes / ALIGN) * ALIGN;
    this.wanted += size;
    if (this.buffer === undefined || this.at + size > this.buffer.byteLength) return -1;
    const at = this.at;
    this.at += size;
    return at;
  }
}
