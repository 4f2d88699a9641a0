// A body read into one buffer: straight into a buffer of the stated size as chunks arrive, and still
// whole when the stated size is wrong (more or fewer bytes than Content-Length said).
import { describe, expect, it } from "vitest";
import { readBytes } from "../../src/decode/body-columns";
import { PageBuffers } from "../../src/decode/columnar/page-buffers";

async function* chunksOf(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}
const text = "0123456789abcdefghij".repeat(50);
const decode = (b: Uint8Array) => new TextDecoder().decode(b);

describe("readBytes", () => {
  it("fills one pooled buffer of the stated size, chunk by chunk", async () => {
    const buffers = new PageBuffers();
    const bytes = await readBytes(chunksOf(text, 7), { expectedBytes: text.length, buffers });
    expect(decode(bytes)).toBe(text);
    expect(buffers.owns(bytes.buffer)).toBe(true);
    expect(buffers.allocated).toBe(1);
  });

  it("gives the whole body when there are more bytes than stated, and gives back the outgrown buffer", async () => {
    const buffers = new PageBuffers();
    const bytes = await readBytes(chunksOf(text, 64), { expectedBytes: 100, buffers });
    expect(decode(bytes)).toBe(text);
    expect(buffers.outstanding).toBe(1);
  });

  it("gives only the bytes that came when there are fewer than stated", async () => {
    const bytes = await readBytes(chunksOf(text, 64), { expectedBytes: text.length * 3 });
    expect(bytes.byteLength).toBe(text.length);
    expect(decode(bytes)).toBe(text);
  });

  it("joins the chunks of a body of unknown size into one buffer of its own", async () => {
    const bytes = await readBytes(chunksOf(text, 13));
    expect(decode(bytes)).toBe(text);
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(text.length);
  });

  it("gives its buffer back when the body fails midway", async () => {
    const buffers = new PageBuffers();
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield new Uint8Array(10);
      throw new Error("socket hang up");
    }
    await expect(readBytes(failing(), { expectedBytes: 100, buffers })).rejects.toThrow("socket hang up");
    expect(buffers.outstanding).toBe(0);
  });
});
