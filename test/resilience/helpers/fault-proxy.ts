/**
 * A proxy on 127.0.0.1 in front of a sandbox that counts requests and can make chosen requests fail
 * for ever (a fault that never clears), which the sandbox's counter-driven faults cannot aim at one page.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { listenLocal } from "../../helpers/listen-local";

/** What happens to one request: forwarded, or answered by the proxy itself. */
export type ProxyAnswer =
  | { kind: "forward" }
  | { kind: "status"; status: number; retryAfter?: number }
  | { kind: "reset" };

export interface SeenByProxy {
  method: string;
  path: string;
  body: string;
  answer: ProxyAnswer["kind"];
}

export interface FaultProxy {
  url: string;
  seen: SeenByProxy[];
  close(): Promise<void>;
}

/** Starts a proxy forwarding to `target` (an `http://127.0.0.1:PORT` root); `decide` picks each answer. */
export async function startFaultProxy(target: string, decide: (method: string, path: string, body: string) => ProxyAnswer): Promise<FaultProxy> {
  const upstream = new URL(target);
  const seen: SeenByProxy[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const method = req.method ?? "GET";
      const path = req.url ?? "/";
      const answer = decide(method, path, body.toString("utf8"));
      seen.push({ method, path, body: body.toString("utf8"), answer: answer.kind });
      if (answer.kind === "reset") {
        res.socket?.destroy();
        return;
      }
      if (answer.kind === "status") {
        const text = JSON.stringify({ error: `proxy fault: status ${answer.status}` });
        const headers: Record<string, string | number> = { "content-type": "application/json", "content-length": Buffer.byteLength(text) };
        if (answer.retryAfter !== undefined) headers["retry-after"] = answer.retryAfter;
        res.writeHead(answer.status, headers);
        res.end(text);
        return;
      }
      forward(upstream, method, path, req.headers, body, res);
    });
  });
  await listenLocal(server);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function forward(upstream: URL, method: string, path: string, headers: IncomingHttpHeaders, body: Buffer, res: ServerResponse): void {
  const outgoing = httpRequest(
    { host: upstream.hostname, port: upstream.port, method, path, headers: { ...headers, host: upstream.host, "content-length": body.length } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on("error", () => res.destroy());
    },
  );
  outgoing.on("error", () => res.destroy());
  outgoing.end(body);
}
