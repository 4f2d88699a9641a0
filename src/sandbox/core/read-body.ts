import type { IncomingMessage } from "node:http";
import { SandboxHttpError } from "../types";

/**
 * Reads and parses a JSON request body of at most `limit` bytes. An empty body is `undefined`.
 * Oversized bodies answer 413 and malformed JSON 400, both as SandboxHttpError.
 */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw new SandboxHttpError(413, `request body of ${declared} bytes is larger than the ${limit}-byte limit`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      req.resume();
      throw new SandboxHttpError(413, `request body is larger than the ${limit}-byte limit`);
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SandboxHttpError(400, `malformed JSON body: ${reason}`);
  }
}
