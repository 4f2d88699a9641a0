import type { IncomingMessage } from "node:http";
import { SandboxHttpError } from "./types";

/**
 * Deepest nesting of arrays and objects a request body may have (the body object itself is level 1).
 * The deepest legitimate request is a polygon filter at level 5 (body, list of polygons, polygon, ring,
 * point); 32 leaves room for any future parameter while keeping every recursive step that follows
 * (validation, error messages, JSON.stringify of echoed bodies) far from the call-stack limit.
 */
export const MAX_BODY_DEPTH = 32;

/**
 * Reads and parses a JSON request body of at most `limit` bytes. An empty body is `undefined`.
 * Oversized bodies answer 413; malformed JSON, and JSON nested deeper than {@link MAX_BODY_DEPTH},
 * answer 400, all as SandboxHttpError.
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
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SandboxHttpError(400, `malformed JSON body: ${reason}`);
  }
  if (depthExceeds(value, MAX_BODY_DEPTH)) {
    throw new SandboxHttpError(400, `request body is nested more than ${MAX_BODY_DEPTH} levels deep (arrays and objects); no parameter needs that`);
  }
  return value;
}

/**
 * True when `value` nests arrays/objects deeper than `limit`. Iterative (an explicit stack), so the
 * check itself cannot overflow the call stack it protects.
 */
export function depthExceeds(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (item === null || typeof item !== "object") continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
    }
  }
  return false;
}
