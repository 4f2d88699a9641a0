/**
 * A proxy in front of a test's S3 server (s3rver), on 127.0.0.1: each request goes to `intercept`
 * first, which may answer it itself, hold it, or pass it on with `forward`. The tests use it to hold a
 * compaction's upload, or to honour `If-None-Match: *` on PUT as AWS S3 does (s3rver ignores it).
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { listenLocal } from "./listen-local";

/** A running proxy: its endpoint (`http://127.0.0.1:<port>`), and `close`. */
export interface S3Proxy {
  readonly endpoint: string;
  close(): Promise<void>;
}

/** Sends `req` on to `upstream` and its answer back, as is (a failed connection is a 502). */
export function forwardTo(upstream: URL): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const out = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    out.on("error", () => res.writeHead(502).end());
    req.pipe(out);
  };
}

/**
 * Starts a proxy to `upstreamEndpoint` (the S3 server's `http://127.0.0.1:<port>`).
 * @param intercept called for every request with `forward`; default: forward everything.
 */
export async function startS3Proxy(
  upstreamEndpoint: string,
  intercept: (req: IncomingMessage, res: ServerResponse, forward: (req: IncomingMessage, res: ServerResponse) => void) => void = (req, res, forward) => forward(req, res),
): Promise<S3Proxy> {
  const forward = forwardTo(new URL(upstreamEndpoint));
  const server: Server = createServer((req, res) => intercept(req, res, forward));
  const port = await listenLocal(server);
  return { endpoint: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
