/**
 * Reusable buffers for response bodies on their way to the parse workers. A body is read into one of
 * these, moved to a worker, and moved back once parsed, so a download of a hundred pages allocates a
 * handful of buffers instead of a hundred. A page buffer that is merely dropped is external memory
 * that its thread frees only at its next full garbage collection, and a parse worker allocates too
 * little to run one often: each worker held tens of megabytes of dead pages, and the process's peak
 * resident memory with them.
 *
 * A buffer the pool lets go (beyond what it keeps, or idle when a download ends) has its memory
 * freed at once (util/free-now.ts) rather than held until the calling thread's next full collection.
 */
import { freeNow, readyFreeNow } from "../../util/free-now";

/** Options of a {@link PageBuffers}. */
export interface PageBuffersOptions {
  /** Most idle buffers kept for reuse. Default 6. */
  keep?: number;
  /** Biggest buffer kept for reuse, in bytes (bigger ones are used once and dropped). Default 16 MiB. */
  maxBytes?: number;
  /** Milliseconds after the last buffer came back before the idle ones are let go. Default 1000. */
  idleMs?: number;
}

export class PageBuffers {
  private readonly idle: ArrayBuffer[] = [];
  /** The buffers this pool made (only these may be moved to a worker whole, whatever the view). */
  private readonly made = new WeakSet<ArrayBuffer>();
  private out = 0;
  private madeCount = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly keep: number;
  private readonly maxBytes: number;
  private readonly idleMs: number;

  constructor(options: PageBuffersOptions = {}) {
    this.keep = options.keep ?? 6;
    this.maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
    this.idleMs = options.idleMs ?? 1000;
    readyFreeNow();
  }

  /** Idle buffers held for reuse. */
  get idleCount(): number {
    return this.idle.length;
  }

  /** Buffers made so far (the rest of what {@link take} handed out was reused). */
  get allocated(): number {
    return this.madeCount;
  }

  /** Buffers handed out and not yet given back (a buffer lost with a crashed worker stays counted). */
  get outstanding(): number {
    return this.out;
  }

  /** `size` bytes, not zero-filled: a view at offset 0 of a buffer of this pool, which may be longer. */
  take(size: number): Uint8Array {
    let best = -1;
    for (let i = 0; i < this.idle.length; i++) {
      const n = this.idle[i]!.byteLength;
      if (n >= size && (best === -1 || n < this.idle[best]!.byteLength)) best = i;
    }
    this.out++;
    if (best !== -1) return new Uint8Array(this.idle.splice(best, 1)[0]!, 0, size);
    // A sixteenth more than asked: pages of one answer differ by a few bytes and then share buffers.
    const capacity = size >= this.maxBytes ? size : Math.min(this.maxBytes, size + (size >> 4));
    const buffer = Buffer.allocUnsafeSlow(capacity).buffer as ArrayBuffer;
    this.made.add(buffer);
    this.madeCount++;
    return new Uint8Array(buffer, 0, size);
  }

  /** Whether `buffer` came from {@link take} (so it belongs to nothing else and may be moved whole). */
  owns(buffer: ArrayBufferLike): boolean {
    return this.made.has(buffer as ArrayBuffer);
  }

  /**
   * Gives a buffer back once nothing reads it any more. Buffers of other origins, detached ones and
   * ones past the size or count kept are dropped.
   * @param movedBack the buffer is one of this pool's moved to another thread and back (moving makes
   *   a new ArrayBuffer object of the same memory, so it is known by the job, not by identity).
   */
  give(buffer: ArrayBufferLike | undefined, movedBack = false): void {
    if (buffer === undefined) return;
    if (movedBack) this.made.add(buffer as ArrayBuffer);
    else if (!this.made.has(buffer as ArrayBuffer)) return;
    this.out = Math.max(0, this.out - 1);
    if (this.idle.includes(buffer as ArrayBuffer)) return;
    if (buffer.byteLength > 0 && buffer.byteLength <= this.maxBytes && this.idle.length < this.keep) this.idle.push(buffer as ArrayBuffer);
    else freeNow([buffer as ArrayBuffer]);
    if (this.idle.length > 0) this.releaseLater();
  }

  /**
   * Marks a buffer of this pool moved to another thread and back (a new ArrayBuffer object of the same
   * memory) as this pool's, still in use: {@link give} takes it back later.
   */
  adopt(buffer: ArrayBufferLike): void {
    this.made.add(buffer as ArrayBuffer);
  }

  /** A buffer handed out will never come back (it died with a worker). */
  lost(): void {
    this.out = Math.max(0, this.out - 1);
  }

  /** Lets every idle buffer go now, its memory freed (the transport does when a download ends, so it pins nothing). */
  clear(): void {
    freeNow(this.idle.splice(0));
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  // Idle buffers are kept only while bodies keep coming: a finished download must not pin megabytes
  // for the life of a notebook kernel. Unreferenced, so it never keeps a process alive.
  private releaseLater(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      freeNow(this.idle.splice(0));
    }, this.idleMs);
    this.timer.unref();
  }
}
