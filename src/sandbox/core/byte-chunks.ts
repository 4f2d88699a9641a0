/**
 * Output buffers for rows written as bytes: a writer asks for room before each row, and full buffers
 * are set aside whole for the caller to send. A buffer is used again only when the caller hands it
 * back through `SpareBuffers` once the socket has written it.
 */
export class ByteChunks {
  /** The buffer being filled. */
  buf: Buffer;
  /** Bytes written into `buf`. */
  pos = 0;
  private full: Buffer[] = [];

  /**
   * @param chunkBytes size of each buffer (a row larger than this gets a buffer of its own size).
   * @param spare buffers written and handed back, taken before any is allocated.
   */
  constructor(
    private readonly chunkBytes: number,
    private readonly spare?: SpareBuffers,
  ) {
    this.buf = this.fresh(chunkBytes);
  }

  /** Makes sure `bytes` more fit in `buf`, setting the current buffer aside when they do not. */
  room(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    if (this.pos > 0) this.full.push(this.buf.subarray(0, this.pos));
    this.buf = this.fresh(Math.max(this.chunkBytes, bytes));
    this.pos = 0;
  }

  /** The buffers filled so far, handed over (empty when none is full yet). */
  takeFull(): Buffer[] {
    const out = this.full;
    if (out.length > 0) this.full = [];
    return out;
  }

  /** Everything written and not yet handed over, the current buffer included. */
  takeAll(): Buffer[] {
    if (this.pos > 0) this.full.push(this.buf.subarray(0, this.pos));
    this.buf = Buffer.allocUnsafe(0);
    this.pos = 0;
    return this.takeFull();
  }

  private fresh(bytes: number): Buffer {
    return this.spare !== undefined && bytes <= this.spare.bytes ? this.spare.take() : Buffer.allocUnsafe(bytes);
  }
}

/**
 * Buffers of one size for one answer's rows, handed out by `take` and given back by whoever sent them
 * once the socket (or the compressor) has consumed them. A million-row answer then fills the same few
 * buffers instead of hundreds of fresh ones: fresh memory costs page faults, and external memory that
 * V8 counts towards collections (bench sandbox-ndjson, docs/performance.md).
 */
export class SpareBuffers {
  private readonly spare: ArrayBuffer[] = [];
  /** Memory handed out by `take` and not given back yet: only this may come back. */
  private readonly out = new WeakSet<ArrayBuffer>();

  /**
   * @param bytes size of every buffer.
   * @param keep buffers kept for reuse at most (more in flight are simply let go).
   */
  constructor(
    readonly bytes: number,
    private readonly keep = 4,
  ) {}

  /** A buffer of `bytes`, used before or fresh; its contents are whatever was last written. */
  take(): Buffer {
    const memory = this.spare.pop() ?? Buffer.allocUnsafeSlow(this.bytes).buffer;
    this.out.add(memory);
    return Buffer.from(memory, 0, this.bytes);
  }

  /**
   * Gives back the memory of a buffer from `take` (or a view of one) once nothing reads it any more.
   * Anything else, and a buffer already given back, is ignored.
   */
  give(chunk: Uint8Array): void {
    const memory = chunk.buffer;
    if (!(memory instanceof ArrayBuffer) || !this.out.delete(memory)) return;
    if (this.spare.length < this.keep) this.spare.push(memory);
  }
}
