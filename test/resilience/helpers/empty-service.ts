/**
 * A 127.0.0.1 server that answers every endpoint of the catalogs with a valid, empty answer of the
 * endpoint's shape, and counts the requests it gets: "accepted" means a request arrived here.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { EndpointSpec } from "../../../src/catalog";
import { listenLocal } from "../../helpers/listen-local";

export interface EmptyService {
  url: string;
  /** Requests received so far. */
  readonly count: number;
  close(): Promise<void>;
}

/** Starts the server; `catalog` gives each path's response shape (`/lng` and `/legacy` prefixes are stripped). */
export async function startEmptyService(catalog: readonly EndpointSpec[]): Promise<EmptyService> {
  const shapes = new Map(catalog.map((spec) => [spec.path.toLowerCase(), spec.decoder]));
  let count = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      count++;
      const path = (req.url ?? "/").split("?")[0]!.replace(/^\/(lng|legacy)(?=\/)/, "").toLowerCase();
      const ndjson = /x-ndjson/.test(String(req.headers.accept ?? ""));
      const body = answerFor(shapes.get(path), Buffer.concat(chunks).toString("utf8"), ndjson);
      if (body === undefined) {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: `no such endpoint ${path}` }));
        return;
      }
      res.writeHead(200, { "content-type": ndjson ? "application/x-ndjson" : "application/json" });
      res.end(body);
    });
  });
  await listenLocal(server);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get count() {
      return count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answerFor(shape: EndpointSpec["decoder"] | undefined, requestBody: string, ndjson: boolean): string | undefined {
  switch (shape) {
    case "envelope-paged": {
      let start = 0;
      try {
        start = Number((JSON.parse(requestBody) as { pagination?: { start?: number } }).pagination?.start ?? 0);
      } catch {
        start = 0;
      }
      return JSON.stringify({ data: [], pagination: { start, page_size: 1000, total_count: 0 } });
    }
    case "envelope":
      return JSON.stringify({ data: [] });
    case "array":
      return ndjson ? "" : "[]";
    case "object":
      return "{}";
    case "job":
      return JSON.stringify({ version: "2", state: "SUCCESS", job_id: "job-1", meta: { report_result: [], code: 200 }, execution_seconds: 0 });
    default:
      return undefined;
  }
}
