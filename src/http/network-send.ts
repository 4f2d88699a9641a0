/**
 * The request function at the bottom of the layers: sends one attempt, with gasframes' own HTTP/1.1
 * client (wire-request.ts) unless the user chose a dispatcher (the configuration's, or a global one),
 * and with undici's `request` then. A non-2xx answer becomes its typed error here; a 2xx answer is
 * handed up with its body as it arrives (still encoded: the decompression layer decodes it).
 */
import { globalDispatcherSet, undiciRequest } from "./undici-request";
import { wireRequest, type WireBody } from "./wire-request";
import { withReadInto, type ReadInto } from "./read-into";
import type { ApiError } from "../errors";
import type { Call } from "./call";
import { tokenHeaderOf } from "./config";
import { codingsOf, decodeBody } from "./content-encoding";
import type { RequestSpec } from "./layer";
import { connectionErrorOf, errorFromResponse, headerValue, requestIdOf } from "./http-errors";
import type { Watchdog } from "./watchdog";
import { SYNTHETIC_DATA_HEADER, SYNTHETIC_DATA_VALUE } from "../util/synthetic-data";
import type { Send } from "./layer";

const ERROR_BODY_LIMIT = 64 * 1024;
const USER_AGENT = `gasframes (node ${process.version})`;

export const networkSend: Send = async ({ call, spec, signal, watchdog }) => {
  const config = call.config;
  const headers: Record<string, string> = {
    "user-agent": USER_AGENT,
    accept: spec.accept,
  };
  if (spec.method === "POST") headers["content-type"] = "application/json";
  for (const [k, v] of Object.entries(config.headers)) headers[k.toLowerCase()] = v;
  const tokenHeader = tokenHeaderOf(config, call.req);
  // The credentials layer has refused an attempt without a token.
  headers[tokenHeader.toLowerCase()] = config.token as string;

  config.logger.debug?.(`${spec.method} ${spec.url} (attempt ${call.attempts})`);
  const body = spec.method === "POST" ? JSON.stringify(spec.body ?? {}) : null;
  const own = sendsOwn(config.dispatcher);
  const res = own
    ? await wireRequest(spec.url, { method: spec.method, headers, body, signal })
    : await undiciRequest(spec.url, {
        method: spec.method,
        headers,
        body,
        signal,
        ...(config.dispatcher !== undefined ? { dispatcher: config.dispatcher } : {}),
        // The watchdog enforces the attempt time-out (and is paused while a consumer holds a batch).
        headersTimeout: 0,
        bodyTimeout: 0,
      });
  watchdog.touch();
  const resHeaders = res.headers as Record<string, string | string[] | undefined>;
  const ctx = { method: spec.method, url: spec.url, status: res.statusCode };
  if (res.statusCode < 200 || res.statusCode >= 300) {
    const bodyText = await readErrorBody(res.body, headerValue(resHeaders, "content-encoding"), ctx, watchdog);
    throw errorFromResponse({
      status: res.statusCode,
      method: spec.method,
      url: spec.url,
      headers: resHeaders,
      ...(bodyText !== undefined ? { bodyText } : {}),
      ...(spec.narrowWith !== undefined ? { narrowWith: spec.narrowWith } : {}),
      tokenHeader,
      now: config.clock(),
    });
  }
  const length = Number(headerValue(resHeaders, "content-length"));
  const requestId = requestIdOf(resHeaders);
  const encoding = headerValue(resHeaders, "content-encoding");
  return {
    status: res.statusCode,
    fromCache: false,
    synthetic: headerValue(resHeaders, SYNTHETIC_DATA_HEADER) === SYNTHETIC_DATA_VALUE,
    ...(Number.isSafeInteger(length) && length > 0 ? { bodyBytes: length } : {}),
    ...(requestId !== undefined ? { requestId } : {}),
    ...(encoding !== undefined ? { contentEncoding: encoding } : {}),
    contentType: headerValue(resHeaders, "content-type") ?? "",
    chunks: withReadInto(networkBody(res.body, ctx), own ? readIntoOf(res.body as WireBody) : undefined),
    serviceError: serviceErrorOf(call, spec, res.statusCode, resHeaders),
    bytesRead: () => 0,
    commit: async () => undefined,
    discard: async () => void res.body.destroy(),
  };
};

/**
 * Whether an attempt goes through gasframes' own client: yes, unless a dispatcher decides how to
 * connect (the configuration's `dispatcher`, or a global one set with undici's `setGlobalDispatcher`
 * or by Node's fetch), or the environment says `GASFRAMES_HTTP=undici`.
 */
function sendsOwn(dispatcher: unknown): boolean {
  return dispatcher === undefined && process.env.GASFRAMES_HTTP !== "undici" && !globalDispatcherSet();
}

/** The factory of the typed error of a 2xx body holding the service's `{"error": ...}`. */
export function serviceErrorOf(
  call: Call,
  spec: RequestSpec,
  status: number,
  headers: Record<string, string | string[] | undefined>,
): (bodyText: string) => ApiError {
  return (bodyText) =>
    errorFromResponse({
      status,
      method: spec.method,
      url: spec.url,
      headers,
      bodyText,
      ...(spec.narrowWith !== undefined ? { narrowWith: spec.narrowWith } : {}),
      now: call.config.clock(),
    });
}

/** The own client's body read straight into a consumer's buffer (see read-into.ts). */
function readIntoOf(body: WireBody): ReadInto {
  return (target) => (body.readInto(target) ? () => body.destroy() : undefined);
}

/** Network body chunks; a socket failure mid-body becomes a ConnectionError saying how far it got. */
async function* networkBody(
  body: AsyncIterable<Uint8Array>,
  ctx: { method: string; url: string; status: number },
): AsyncGenerator<Uint8Array, void, undefined> {
  let bytesRead = 0;
  try {
    for await (const chunk of body) {
      bytesRead += chunk.byteLength;
      yield chunk;
    }
  } catch (err) {
    throw connectionErrorOf(err, { ...ctx, bytesRead });
  }
}

/**
 * The first 64 KiB of an error body as text, decoded from its Content-Encoding (so the limit is on the
 * decoded bytes); undefined if the body could not be read. An encoding that cannot be decoded leaves
 * the status to speak for itself.
 */
async function readErrorBody(
  body: AsyncIterable<Uint8Array> & { destroy(): void },
  encoding: string | undefined,
  ctx: { method: string; url: string; status: number },
  watchdog: Watchdog,
): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  let source: AsyncIterable<Uint8Array> = body;
  try {
    source = decodeBody(body, codingsOf(encoding, ctx), ctx);
  } catch {
    body.destroy();
    return undefined;
  }
  try {
    for await (const chunk of source) {
      watchdog.touch();
      chunks.push(Buffer.from(chunk));
      size += chunk.byteLength;
      if (size >= ERROR_BODY_LIMIT) break;
    }
  } catch {
    if (size === 0) return undefined;
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, ERROR_BODY_LIMIT).toString("utf8");
}
