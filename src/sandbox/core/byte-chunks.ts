/**
 * Output buffers for rows written as bytes: a writer asks for room before each row, and full buffers
 * are set aside whole for the caller to send. Buffers are never reused: a socket may still hold one
 * it has not written yet.
 */
export class ByteChunks {
  /** The buffer being filled. */
  buf: Buffer;
  /** Bytes written into `buf`. */
  pos = 0;
  private full: Buffer[] = [];

  /** @param chunkBytes size of each buffer (a row larger than this gets a buffer of its own size). */
  constructor(private readonly chunkBytes: number) {
    this.buf = Buffer.allocUnsafe(chunkBytes);
  }

  /** Makes sure `bytes` more fit in `buf`, setting the current buffer aside when they do not. */
  room(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    if (this.pos > 0) this.full.push(this.buf.subarray(0, this.pos));
    this.buf = Buffer.allocUnsafe(Math.max(this.chunkBytes, bytes));
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
}
