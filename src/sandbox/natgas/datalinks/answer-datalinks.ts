/**
 * POST /v4/beta/query_datalinks in the sandbox: `{"query": "<SQL>"}` answered by running the SQL,
 * read-only, on the sandbox's data-link tables in DuckDB. Without DuckDB installed it answers 501
 * naming the install command.
 */
import { MissingDependencyError } from "../../../errors/missing-dependency";
import { SandboxHttpError, type SandboxContext, type SandboxReply, type SandboxRequest } from "../../core/types";
import type { DatalinkAnswer, DatalinkEngine } from "./engine";

/** The endpoint's path, lower case. */
export const DATALINKS_PATH = "/v4/beta/query_datalinks";

/** Longest SQL the sandbox runs, in characters. */
const MAX_QUERY_CHARS = 100_000;

/** The reply to a data-links request (a 4xx/5xx is a thrown SandboxHttpError). */
export async function answerDatalinks(req: SandboxRequest, ctx: SandboxContext, engine: DatalinkEngine): Promise<SandboxReply> {
  if (req.method !== "POST") throw new SandboxHttpError(405, `${DATALINKS_PATH} takes POST, not ${req.method}`);
  const body = req.body;
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new SandboxHttpError(400, `${DATALINKS_PATH}: the request body must be a JSON object {"query": "<SQL>"}`);
  }
  // The vendor's PowerShell example also sends a `session_id`; it is accepted and has no effect here.
  const unknown = Object.keys(body).filter((k) => k !== "query" && k !== "session_id");
  if (unknown.length > 0) throw new SandboxHttpError(400, `${DATALINKS_PATH}: unknown parameter ${JSON.stringify(unknown[0]!.slice(0, 80))}; it takes "query" (and an optional "session_id")`);
  const sql = (body as { query?: unknown }).query;
  if (typeof sql !== "string" || sql.trim() === "") throw new SandboxHttpError(400, `${DATALINKS_PATH}: "query" must be a non-empty string of SQL`);
  if (sql.length > MAX_QUERY_CHARS) throw new SandboxHttpError(400, `${DATALINKS_PATH}: "query" is longer than ${MAX_QUERY_CHARS} characters`);
  let answer: DatalinkAnswer;
  try {
    answer = await engine.query(sql, ctx, req.signal);
  } catch (e) {
    if (e instanceof MissingDependencyError) throw new SandboxHttpError(501, `${DATALINKS_PATH} is not available: ${e.message}`);
    throw e;
  }
  return { kind: "rows", format: req.ndjson ? "ndjson" : "array", rows: recordsOf(answer) };
}

/** The answer's rows as records, made one at a time as the core writes them. */
function* recordsOf(answer: DatalinkAnswer): Generator<Record<string, unknown>> {
  const { names, columns, rows } = answer;
  for (let i = 0; i < rows; i++) {
    const record: Record<string, unknown> = {};
    // defineProperty: a column named __proto__ stays a column.
    for (let j = 0; j < names.length; j++) Object.defineProperty(record, names[j]!, { value: columns[j]![i], enumerable: true, writable: true, configurable: true });
    yield record;
  }
}
