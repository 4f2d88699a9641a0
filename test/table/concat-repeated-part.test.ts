import { describe, expect, it } from "vitest";
import { collectResult } from "../../src/table/collect-result";
import { columnsFromRecords } from "../../src/table/columns-from-records";
import { RecordColumns } from "../../src/table/record-columns";
import type { ResultMeta } from "../../src/table/result";

// RecordColumns.concat(parts, consume=true) drops the parts' columns: only once every part is in, since
// one part object may be listed twice (its rows came out as {} when each part was cleared right after it).
describe("concat with consume and a repeated part", () => {
  it("RecordColumns.concat([a, b, a], true) keeps the second copy of a", () => {
    const a = columnsFromRecords([{ x: 1, r: "P" }])!;
    const b = columnsFromRecords([{ x: 2 }])!;
    expect(RecordColumns.concat([a, b, a], true).toRecords()).toEqual([{ x: 1, r: "P" }, { x: 2 }, { x: 1, r: "P" }]);
  });

  it("collectResult of a stream that yields the same batch twice", async () => {
    const batch = columnsFromRecords([{ x: 1 }])!;
    async function* stream(): AsyncGenerator<RecordColumns, ResultMeta, undefined> {
      yield batch;
      yield batch;
      return {} as ResultMeta;
    }
    const result = await collectResult(stream());
    expect(result.records).toEqual([{ x: 1 }, { x: 1 }]);
  });
});
