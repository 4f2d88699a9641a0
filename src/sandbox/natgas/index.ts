import { SandboxHttpError } from "../core/types";
import type { ServiceHandler } from "../core/types";
import { datasetOf } from "./model/dataset";
import type { EndpointAnswer } from "./shared/endpoint";
import { natgasEndpointOf } from "./endpoints";
import { paramsKey, parseParams } from "./shared/params";
import { QueryCache } from "./query-cache";
import { rowsOf } from "./shared/row-set";
import { answerDatalinks, DATALINKS_PATH } from "./datalinks/answer-datalinks";
import type { DatalinkEngine } from "./datalinks/engine";

/**
 * The natural-gas service (v3 and v4) of the sandbox, mounted at the root. v3 POST endpoints answer
 * in the pagination envelope; v3 GET endpoints `{"data": [...]}`; v4 a JSON array or NDJSON.
 * @param datalinks the SQL engine answering `/v4/beta/query_datalinks` (closed with the sandbox).
 */
export function createNatgasHandler(datalinks: DatalinkEngine): ServiceHandler {
  // Pages of one query share its answer: row sets are random-access, so page N costs O(page size).
  // Kept small: an aggregated answer is materialised and can hold a few hundred thousand rows.
  const answers = new QueryCache<EndpointAnswer>(8);
  return (req, ctx) => {
    if (req.path.toLowerCase() === DATALINKS_PATH) return answerDatalinks(req, ctx, datalinks);
    const endpoint = natgasEndpointOf(req.path);
    if (!endpoint) return undefined;
    if (req.method !== endpoint.method) {
      throw new SandboxHttpError(405, `${req.path} takes ${endpoint.method}, not ${req.method}`);
    }
    const path = req.path.toLowerCase();
    const params = parseParams(req.path, req.body, endpoint.params, { pagination: path.startsWith("/v3/") && endpoint.paged });
    const answer = answers.get(paramsKey(path, `${ctx.seed}|${ctx.asOf}`, params), () => endpoint.answer(params, datasetOf(ctx), req));
    if ("json" in answer) return { kind: "json", status: 200, body: answer.json };
    const rows = answer.rows;
    if (endpoint.paged) {
      const start = params.start;
      return {
        kind: "rows",
        format: "envelope",
        rows: rowsOf(rows, start, start + ctx.pageSize),
        pagination: { start, page_size: ctx.pageSize, total_count: rows.count },
      };
    }
    const bytes = rows.byteChunks?.bind(rows);
    return {
      kind: "rows",
      format: req.ndjson ? "ndjson" : "array",
      rows: rowsOf(rows),
      bytes: bytes && ((join, chunkBytes, spare) => bytes(0, rows.count, join, chunkBytes, spare)),
    };
  };
}
