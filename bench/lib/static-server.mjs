// A tiny 127.0.0.1 server answering the benchmark's queries from bytes prepared beforehand, so that
// neither gasframes nor a reference pays for the sandbox's data generation.
import { createServer } from "node:http";

/**
 * Starts the server. `v3Pages`: Map start -> Buffer of the envelope page; `v3Path`; `ndjson`: Buffer of
 * the v4 NDJSON answer (also served as a JSON array when NDJSON is not asked for: `jsonArray`).
 */
export async function startStaticServer({ v3Path, v3Pages, v4Path, ndjson, jsonArray }) {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const path = req.url.replace(/^\/+/, "/");
      let body = {};
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : {};
      } catch {
        return reply(res, 400, Buffer.from('{"error":"bad JSON body"}'), "application/json");
      }
      if (path === v3Path && req.method === "POST") {
        const page = v3Pages.get(body.pagination?.start ?? 0);
        if (page === undefined) return reply(res, 400, Buffer.from('{"error":"no such page"}'), "application/json");
        return reply(res, 200, page, "application/json");
      }
      if (path === v4Path && req.method === "POST") {
        const wantsNdjson = String(req.headers.accept ?? "").includes("application/x-ndjson");
        if (wantsNdjson) return reply(res, 200, ndjson, "application/x-ndjson");
        return reply(res, 200, jsonArray(), "application/json");
      }
      reply(res, 404, Buffer.from(`{"error":"not found: ${req.method} ${path}"}`), "application/json");
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function reply(res, status, bytes, type) {
  res.writeHead(status, { "content-type": type, "content-length": bytes.length });
  res.end(bytes);
}
