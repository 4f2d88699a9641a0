import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RecordColumns } from "../../src/table/record-columns";
import { makeTransport, postRequest } from "./helpers/make-transport";
import { sendJson, startServer, type SeenRequest, type TestServer } from "./helpers/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const PAGE = 20_000;
const TOTAL = 5 * PAGE;

/** Row i of the answer: `small` has 200 values, `mid` 1,000 (250 on the first page), `big` one per row. */
function row(i: number): Record<string, unknown> {
  const mid = i % 7 === 0 ? null : `m${i % (i < PAGE ? 250 : 1000)}`;
  return { small: `s${i % 200}`, mid, big: `b${i}`, n: i };
}

function startOf(req: SeenRequest): number {
  return ((req.json as { pagination?: { start?: number } }).pagination?.start ?? 0) as number;
}

describe("a paged download into narrow codes", () => {
  it("keeps every value while a column's dictionary passes 256 and 65,536 entries between pages", async () => {
    server.handle((req, res) => {
      const start = startOf(req);
      const data = Array.from({ length: Math.min(PAGE, TOTAL - start) }, (_, k) => row(start + k));
      sendJson(res, 200, { data, pagination: { start, page_size: PAGE, total_count: TOTAL } });
    });
    const { transport } = makeTransport(server.url, { concurrency: 2 });
    const { data, meta } = await transport.fetchColumns(postRequest({ response: "envelope-paged" }));
    expect(meta.pages).toBe(5);
    expect(data).toBeInstanceOf(RecordColumns);
    const cols = data as RecordColumns;
    expect(cols.coded("small")!.codes).toBeInstanceOf(Uint8Array);
    expect(cols.coded("mid")!.codes).toBeInstanceOf(Uint16Array);
    expect(cols.coded("big")!.codes).toBeInstanceOf(Int32Array);
    expect(cols.coded("big")!.dict).toHaveLength(TOTAL);
    expect(cols.length).toBe(TOTAL);
    const records = cols.toRecords();
    for (let i = 0; i < TOTAL; i++) if (JSON.stringify(records[i]) !== JSON.stringify(row(i))) expect(records[i]).toEqual(row(i));
  });
});
