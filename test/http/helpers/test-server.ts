/**
 * A real node:http server on 127.0.0.1, port 0, that records every request it gets.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { listenLocal } from "../../helpers/listen-local";

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
  json: unknown;
}

export type Handler = (req: SeenRequest, res: ServerResponse, index: number) => void | Promise<void>;

export interface TestServer {
  url: string;
  seen: SeenRequest[];
  /** Replaces the handler (tests share one server per file). */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function startServer(initial?: Handler): Promise<TestServer> {
  let handler: Handler = initial ?? ((_req, res) => void res.end("{}"));
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let json: unknown;
      try {
        json = body === "" ? undefined : JSON.parse(body);
      } catch {
        json = undefined;
      }
      const entry: SeenRequest = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body, json };
      seen.push(entry);
      Promise.resolve(handler(entry, res, seen.length - 1)).catch((err: unknown) => {
        res.destroy(err as Error);
      });
    });
  });
  await listenLocal(server);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    handle(h) {
      handler = h;
      seen.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers JSON with a status. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}
