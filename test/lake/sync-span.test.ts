/**
 * Spans: syncDataset fetches consecutive due months as one request and cuts the answer into months.
 * Against the sandbox over HTTP, through a small proxy on 127.0.0.1 that records each request's date
 * bounds and can bend the answer (rows reversed, a month's rows dropped, a wider range than asked): the
 * months are the ones a month-at-a-time sync writes (same rows, content hash, columns and query), a
 * row outside its span is refused, and a run that fails part-way through a span resumes from the
 * months it staged.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { RowOutsideMonthError } from "../../src/errors";
import { readLakeManifest, syncDataset, type SyncDatasetOptions } from "../../src/lake";
import { SPAN_LIMITS } from "../../src/lake/sync-dataset";
import { NatGasClient, NATGAS_V3, NATGAS_V4 } from "../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import type { LakeManifest } from "../../src/lake/lake-manifest";
import { monthColumnsOf, splitSpan } from "../../src/lake/span-split";
import { CodedColumn, MixedColumn, NumberColumn, RecordColumns, type Column } from "../../src/table/record-columns";
import { listenLocal } from "../helpers/listen-local";
import { allFiles, monthTotals, readLake, readSnapshotLake } from "./read-lake";

const AS_OF = "2025-06-15";
const TOKEN = "lake-span-Secret-91c4e0";
/** Nine months: spans of 1, 2, 4 and 2 months by default. */
const RANGE = { from: "2024-07", to: "2025-03", asOf: AS_OF } as const;
const DEFAULT_LIMITS = { ...SPAN_LIMITS };
let sandbox: SandboxHandle;
let root: string;
/** The month-at-a-time sync of RANGE (spans of one month), which every span sync is compared with. */
let single: LakeManifest;
let singleLake: Awaited<ReturnType<typeof readLake>>;

beforeAll(async () => {
  sandbox = await startSandbox({ asOf: AS_OF });
  root = mkdtempSync(join(tmpdir(), "gasframes-lake-span-"));
  SPAN_LIMITS.months = 1;
  const proxy = await bendingProxy(sandbox.natgasUrl);
  try {
    const run = await syncDataset(client(proxy.url), NATGAS_V4.dailyProduction, null, { dir: join(root, "single"), ...RANGE });
    single = run.manifest;
    singleLake = await readLake(run.datasetDir);
    // One request a month, each its month's first and last day.
    expect(proxy.requests).toEqual(Object.keys(single.partitions).map((m) => [`${m}-01`, lastDay(m)]));
  } finally {
    SPAN_LIMITS.months = DEFAULT_LIMITS.months;
    await proxy.close();
  }
});
afterEach(() => Object.assign(SPAN_LIMITS, DEFAULT_LIMITS));
afterAll(async () => {
  await sandbox.close();
  rmSync(root, { recursive: true, force: true });
});

const client = (url: string) => new NatGasClient({ baseUrl: url, token: TOKEN, progress: false, maxRetries: 0 });
const attempt = (f: () => Promise<unknown>) => f().then(() => undefined, (e: unknown) => e);
const lastDay = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
/** What a month-at-a-time sync and a span sync must agree on, per month. */
const entries = (m: LakeManifest) => Object.fromEntries(Object.entries(m.partitions).map(([month, p]) => [month, { rows: p.rows, contentSha256: p.contentSha256, columns: p.columns, query: p.query }]));

describe("syncDataset spans", () => {
  it("fetches consecutive months as one request and writes the months a month-at-a-time sync writes", async () => {
    const proxy = await bendingProxy(sandbox.natgasUrl);
    try {
      const progress: string[] = [];
      const run = await syncDataset(client(proxy.url), NATGAS_V4.dailyProduction, null, { dir: join(root, "spans"), ...RANGE, onProgress: (p) => progress.push(`${p.phase} ${p.month}`) });
      // The first span is one month; each next at most twice the one before (and the rows allow it).
      expect(proxy.requests).toEqual([
        ["2024-07-01", "2024-07-31"],
        ["2024-08-01", "2024-09-30"],
        ["2024-10-01", "2025-01-31"],
        ["2025-02-01", "2025-03-31"],
      ]);
      expect(entries(run.manifest)).toEqual(entries(single));
      expect(await readLake(run.datasetDir)).toEqual(singleLake);
      // Progress stays per month: one batch and one partition each, then the commit.
      for (const month of Object.keys(single.partitions)) {
        expect(progress.filter((p) => p === `batch ${month}`)).toHaveLength(1);
        expect(progress.filter((p) => p === `partition ${month}`)).toHaveLength(1);
      }
      expect(progress.at(-1)).toBe("commit 2025-03");
    } finally {
      await proxy.close();
    }
  });

  it("keeps a span within SPAN_LIMITS: its months, and the rows the biggest month so far suggests", async () => {
    const proxy = await bendingProxy(sandbox.natgasUrl);
    try {
      const perMonth = Math.max(...Object.values(single.partitions).map((p) => p.rows));
      SPAN_LIMITS.rows = perMonth * 3;
      SPAN_LIMITS.months = 12;
      const run = await syncDataset(client(proxy.url), NATGAS_V4.dailyProduction, null, { dir: join(root, "rows-bound"), ...RANGE });
      for (const [min, max] of proxy.requests) expect(Number(max.slice(0, 4)) * 12 + Number(max.slice(5, 7)) - (Number(min.slice(0, 4)) * 12 + Number(min.slice(5, 7)))).toBeLessThan(3);
      expect(proxy.requests.length).toBeGreaterThan(3);
      expect(entries(run.manifest)).toEqual(entries(single));
    } finally {
      await proxy.close();
    }
  });

  it("places rows that come in any order, and records a month the answer lacks as a month without rows", async () => {
    const reversed = await bendingProxy(sandbox.natgasUrl, { lines: (lines) => lines.reverse() });
    const lacking = await bendingProxy(sandbox.natgasUrl, { lines: (lines) => lines.filter((l) => !l.includes('"date_prod":"2024-09')) });
    try {
      const run = await syncDataset(client(reversed.url), NATGAS_V4.dailyProduction, null, { dir: join(root, "reversed"), ...RANGE });
      expect(monthTotals(await readLake(run.datasetDir), "prod_dry_gas_bcf_day")).toEqual(monthTotals(singleLake, "prod_dry_gas_bcf_day"));
      for (const [month, p] of Object.entries(run.manifest.partitions)) expect(p.rows, month).toBe(single.partitions[month]!.rows);

      // 2024-09 is the second month of the span 2024-08..09: no rows, no file, the others as ever.
      const gap = await syncDataset(client(lacking.url), NATGAS_V4.dailyProduction, null, { dir: join(root, "lacking"), ...RANGE });
      expect(gap.manifest.partitions["2024-09"]).toMatchObject({ rows: 0, files: [], bytes: 0 });
      expect(allFiles(gap.datasetDir).filter((f) => f.startsWith("month=2024-09"))).toEqual([]);
      const { "2024-09": _lacked, ...others } = entries(gap.manifest);
      const { "2024-09": _had, ...expected } = entries(single);
      expect(others).toEqual(expected);
    } finally {
      await reversed.close();
      await lacking.close();
    }
  });

  it("cuts a v3 span (start_date/end_date, paged) into the months a month-at-a-time sync writes", async () => {
    const proxy = await bendingProxy(sandbox.natgasUrl);
    try {
      const options = { from: "2024-11", to: "2025-02", asOf: AS_OF };
      SPAN_LIMITS.months = 1;
      const one = await syncDataset(client(proxy.url), NATGAS_V3.rigs, { region: ["gulf"] }, { dir: join(root, "v3-single"), ...options });
      SPAN_LIMITS.months = DEFAULT_LIMITS.months;
      const before = proxy.requests.length;
      const spans = await syncDataset(client(proxy.url), NATGAS_V3.rigs, { region: ["gulf"] }, { dir: join(root, "v3-spans"), ...options });
      // A paged v3 call sends its bounds with every page.
      expect([...new Set(proxy.requests.slice(before).map((r) => r.join("..")))]).toEqual(["2024-11-01..2024-11-30", "2024-12-01..2025-01-31", "2025-02-01..2025-02-28"]);
      expect(entries(spans.manifest)).toEqual(entries(one.manifest));
    } finally {
      await proxy.close();
    }
  });

  for (const mode of ["a day past the span", "the filter ignored"] as const) {
    it(`refuses a row outside its span (${mode}), naming the span, and commits nothing`, async () => {
      // The first request (one month) is answered as asked; the second (2024-08..09) is bent.
      const proxy = await bendingProxy(sandbox.natgasUrl, { bounds: (n, min, max) => (n < 2 ? [min, max] : mode === "the filter ignored" ? ["2024-07-01", "2025-03-31"] : [min, nextDay(max)]) });
      try {
        const dir = join(root, `outside-${mode.replace(/ /g, "-")}`);
        const error = await attempt(() => syncDataset(client(proxy.url), NATGAS_V4.dailyProduction, null, { dir, ...RANGE }));
        expect(error).toBeInstanceOf(RowOutsideMonthError);
        const e = error as RowOutsideMonthError;
        expect(e.month).toBe("2024-08..2024-09");
        expect(e.field).toBe("date_prod");
        expect(e.value).toBe(mode === "the filter ignored" ? "2024-07-01" : "2024-10-01");
        expect(e.message).toMatch(/2024-08\.\.2024-09/);
        expect(await readLakeManifest(join(dir, "natgas", "v4", "dailyproduction"))).toBeUndefined();
        expect(allFiles(join(dir, "natgas", "v4", "dailyproduction")).filter((f) => f.endsWith(".parquet"))).toEqual([]);
      } finally {
        await proxy.close();
      }
    });
  }

  it("resumes a run that failed part-way through a span from the months it staged", async () => {
    const dir = join(root, "resumed");
    const proxy = await bendingProxy(sandbox.natgasUrl);
    try {
      // The third span is 2024-10..2025-01: the run stops once 2024-11, its second month, is staged.
      const stop = new Error("stopped mid-span");
      const options: SyncDatasetOptions = { dir, ...RANGE };
      const failure = await attempt(() =>
        syncDataset(client(proxy.url), NATGAS_V4.dailyProduction, null, {
          ...options,
          onProgress: (p) => {
            if (p.phase === "partition" && p.month === "2024-11") throw stop;
          },
        }),
      );
      expect(failure).toBe(stop);
      expect(await readLakeManifest(join(dir, "natgas", "v4", "dailyproduction"))).toBeUndefined();

      const before = proxy.requests.length;
      const batches: string[] = [];
      const resumed = await syncDataset(client(proxy.url), NATGAS_V4.dailyProduction, null, { ...options, onProgress: (p) => p.phase === "batch" && batches.push(p.month) });
      // The staged months (2024-07..11) are not fetched again; the rest is, from the month after them.
      expect(batches).toEqual(["2024-12", "2025-01", "2025-02", "2025-03"]);
      expect(proxy.requests.slice(before)[0]![0]).toBe("2024-12-01");
      expect(resumed.fetched).toEqual(Object.keys(single.partitions));
      expect(entries(resumed.manifest)).toEqual(entries(single));
      expect(monthTotals(await readSnapshotLake(resumed.datasetDir), "prod_dry_gas_bcf_day")).toEqual(monthTotals(singleLake, "prod_dry_gas_bcf_day"));
    } finally {
      await proxy.close();
    }
  });

  it("places rows by the date column whatever its kind, and makes each month's columns as a month's own answer has them", () => {
    const axis = { field: "date_prod", minParam: "date_prod_min", maxParam: "date_prod_max", kind: "date" } as const;
    const months = ["2025-01", "2025-02", "2025-03"];
    const dates = ["2025-03-02", "2025-01-31", "2025-03-01", "2025-01-01", "2025-03-31"];
    const coded = new RecordColumns(["date_prod"], new Map([["date_prod", new CodedColumn(Int32Array.from([0, 1, 2, 3, 4]), dates)]]), 5);
    const mixed = new RecordColumns(["date_prod"], new Map([["date_prod", new MixedColumn(dates)]]), 5);
    for (const columns of [coded, mixed]) expect(splitSpan(columns, axis, months, "t").map((rows) => [...rows])).toEqual([[1, 3], [], [0, 2, 4]]);
    // No date to place a row by: a lone month takes every row, a span cannot tell.
    const undated = new RecordColumns(["n"], new Map([["n", new NumberColumn(Float64Array.from([1, 2]))]]), 2);
    expect(splitSpan(undated, axis, ["2025-01"], "t").map((rows) => [...rows])).toEqual([[0, 1]]);
    expect(() => splitSpan(undated, axis, months, "t")).toThrow(RowOutsideMonthError);

    // Month 0 (rows 0, 1): `late` absent, `gas` null, `note` numbers, then text.
    const span = new RecordColumns(
      ["date_prod", "late", "gas", "note"],
      new Map<string, Column>([
        ["date_prod", new CodedColumn(Int32Array.from([0, 0, 1]), ["2025-01-01", "2025-02-01"])],
        ["late", new NumberColumn(Float64Array.from([NaN, NaN, 3]), Uint8Array.from([1, 1, 0]))],
        ["gas", new NumberColumn(Float64Array.from([NaN, NaN, 5]))],
        ["note", new MixedColumn(["a", 2, 7])],
      ]),
      3,
    );
    const [january, february] = splitSpan(span, axis, months.slice(0, 2), "t");
    const jan = monthColumnsOf(span, january!);
    expect(jan.names).toEqual(["date_prod", "gas", "note"]);
    expect(jan.columns.get("gas")).toMatchObject({ kind: "coded", dict: [null] });
    expect(jan.columns.get("note")).toMatchObject({ kind: "coded", dict: ["a", 2] });
    const feb = monthColumnsOf(span, february!);
    expect(feb.columns.get("late")!.kind).toBe("number");
    expect(feb.columns.get("late")!.absent).toBeUndefined();
    expect(feb.columns.get("note")).toMatchObject({ kind: "number" });
    expect(feb.record(0)).toEqual({ date_prod: "2025-02-01", late: 3, gas: 5, note: 7 });
  });
});

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** What a {@link bendingProxy} changes: each request's date bounds (`n` counts requests from 1), each answer's NDJSON lines. */
interface Bend {
  bounds?: (n: number, min: string, max: string) => [string, string];
  lines?: (lines: string[]) => string[];
}

/**
 * A proxy to the sandbox on 127.0.0.1 that records each request's date bounds (`*_min`/`*_max`, or v3's
 * `start_date`/`end_date`; query string and JSON body) as sent by the sync, and bends them or the
 * answer's NDJSON lines as `bend` says. Answers are read whole, uncompressed.
 */
async function bendingProxy(target: string, bend: Bend = {}): Promise<{ url: string; requests: [string, string][]; close(): Promise<void> }> {
  const base = new URL(target);
  const requests: [string, string][] = [];
  const rewrite = (params: Record<string, unknown> | URLSearchParams): void => {
    const get = (k: string) => (params instanceof URLSearchParams ? params.get(k) ?? undefined : (params[k] as string | undefined));
    const set = (k: string, v: string) => (params instanceof URLSearchParams ? params.set(k, v) : (params[k] = v));
    const keys = params instanceof URLSearchParams ? [...params.keys()] : Object.keys(params);
    const minKey = keys.find((k) => /(_min|^start_date)$/.test(k));
    const maxKey = keys.find((k) => /(_max|^end_date)$/.test(k));
    if (minKey === undefined || maxKey === undefined) return;
    const [min, max] = [String(get(minKey)), String(get(maxKey))];
    requests.push([min, max]);
    if (bend.bounds === undefined) return;
    const [a, b] = bend.bounds(requests.length, min, max);
    set(minKey, a);
    set(maxKey, b);
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url!, base);
      let body = Buffer.concat(chunks);
      if (body.length > 0 && /json/.test(String(req.headers["content-type"]))) {
        const parsed = JSON.parse(body.toString("utf8")) as Record<string, unknown>;
        rewrite(parsed);
        body = Buffer.from(JSON.stringify(parsed));
      } else rewrite(url.searchParams);
      const { "accept-encoding": _encoding, ...headers } = req.headers;
      const out = request({ host: base.hostname, port: base.port, method: req.method, path: `${url.pathname}${url.search}`, headers: { ...headers, host: base.host, "content-length": String(body.length) } }, (answer) => {
        const parts: Buffer[] = [];
        answer.on("data", (c: Buffer) => parts.push(c));
        answer.on("end", () => {
          let text = Buffer.concat(parts);
          if (bend.lines !== undefined && /ndjson/.test(String(answer.headers["content-type"]))) {
            const lines = text.toString("utf8").split("\n").filter((l) => l.length > 0);
            const bent = bend.lines(lines);
            text = Buffer.from(bent.length === 0 ? "" : `${bent.join("\n")}\n`, "utf8");
          }
          const { "content-length": _length, "transfer-encoding": _chunked, ...kept } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, { ...kept, "content-length": String(text.length) });
          res.end(text);
        });
      });
      out.on("error", () => res.destroy());
      out.end(body);
    });
  });
  const port = await listenLocal(server);
  return { url: `http://127.0.0.1:${port}${base.pathname === "/" ? "" : base.pathname}`, requests, close: () => new Promise((r) => server.close(() => r())) };
}
