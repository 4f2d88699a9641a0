import { createRequire } from "node:module";
import { inspect } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { displayBundle, show, VEGA_LITE_MIME } from "../../src/plot";
import { toFrame } from "../../src/frame";
import { sampleCharts } from "./support/charts";
import { productionRecords } from "./support/sample-data";

// tslab's real kernel-side module (the one a running kernel uses), not a stand-in.
const tslabRequire = createRequire(require.resolve("tslab/package.json"));
const jupyter = tslabRequire("./dist/jupyter") as {
  lastWriteDisplayData: unknown;
  JupyterHandlerImpl: new (executor: unknown, isJs: boolean) => {
    handleExecute(req: { code: string }, writeStream: (name: string, text: string) => void, writeDisplayData: (content: unknown, update: boolean) => void): Promise<{ status: string }>;
  };
};

interface Sent {
  content: { data: Record<string, unknown>; metadata: Record<string, unknown> };
  update: boolean;
}

/**
 * Runs `cell` as tslab runs a cell: through JupyterHandlerImpl.handleExecute, which installs the cell's
 * display sender before calling the executor. Returns what the cell sent as display messages.
 */
async function runInTslabCell(cell: () => Promise<unknown>): Promise<{ sent: Sent[]; status: string; result: unknown }> {
  const sent: Sent[] = [];
  let result: unknown;
  const executor = {
    execute: async () => {
      result = await cell();
      return true;
    },
  };
  const handler = new jupyter.JupyterHandlerImpl(executor, false);
  // handleExecute redirects process.stdout/stderr to the cell; put them back afterwards.
  const { write: out } = process.stdout;
  const { write: err } = process.stderr;
  try {
    const reply = await handler.handleExecute(
      { code: "await show(x)" },
      () => undefined,
      (content, update) => sent.push({ content: content as Sent["content"], update }),
    );
    return { sent, status: reply.status, result };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
}

afterEach(() => {
  jupyter.lastWriteDisplayData = null;
});

describe("show in a tslab kernel", () => {
  it("tslab still keeps the cell's display sender where show looks for it (guards the tslab internals relied on)", async () => {
    expect(jupyter.lastWriteDisplayData).toBeNull();
    let during: unknown;
    await runInTslabCell(async () => {
      during = jupyter.lastWriteDisplayData;
    });
    expect(typeof during).toBe("function");
    // tslab's own display.raw goes through the same sender, one MIME type per message.
    const publicApi = tslabRequire("./dist/public") as { display: { raw(type: string, data: string): void } };
    const { sent } = await runInTslabCell(async () => publicApi.display.raw("text/plain", "hi"));
    expect(sent.map((s) => Object.keys(s.content.data))).toEqual([["text/plain"]]);
  });

  it("a chart goes out as ONE display_data bundle with vega-lite, svg and text", async () => {
    const chart = sampleCharts().voyages!;
    const { sent, status, result } = await runInTslabCell(() => show(chart));
    expect(status).toBe("ok");
    expect(result).toBeUndefined();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.update).toBe(false);
    const data = sent[0]!.content.data;
    expect(Object.keys(data).sort()).toEqual([VEGA_LITE_MIME, "image/svg+xml", "text/plain"].sort());
    expect(VEGA_LITE_MIME).toBe("application/vnd.vegalite.v5+json");
    expect(data[VEGA_LITE_MIME]).toEqual(chart);
    // A JSON object (not JSON text), and no method of the spec goes over the wire.
    expect(typeof data[VEGA_LITE_MIME]).toBe("object");
    expect(Object.getOwnPropertySymbols(data[VEGA_LITE_MIME] as object)).toEqual([]);
    expect(String(data["image/svg+xml"])).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(String(data["text/plain"])).toContain("Voyages");
  });

  it("a frame goes out as an HTML table with a text fallback: head and tail, shape, types and units", async () => {
    const records = productionRecords();
    const frame = toFrame(records);
    const { sent } = await runInTslabCell(() => show(frame, { rows: 5 }));
    expect(sent).toHaveLength(1);
    const data = sent[0]!.content.data;
    expect(Object.keys(data).sort()).toEqual(["text/html", "text/plain"]);
    const html = String(data["text/html"]);
    // The header, the first 3 rows, the gap, the last 2 rows.
    expect(html.match(/<tr>/g)).toHaveLength(1 + 3 + 1 + 2);
    expect(html).toContain(`${records.length} rows × 5 columns (first 3 and last 2 shown)`);
    expect(html).toContain("Bcf/d");
    expect(html).toContain("Permian");
    const text = String(data["text/plain"]);
    expect(text.split("\n")[0]).toMatch(/^date\s+region\s+sub_region\s+county\s+gas_daily$/);
    expect(text.split("\n")[1]).toMatch(/\s+float \[Bcf\/d\]$/);
    expect(text).toContain("108 rows × 5 columns");
  });
});

describe("show without await", () => {
  it("prints a hint to add await instead of an opaque pending promise", async () => {
    const { sent } = await runInTslabCell(async () => {
      const pending = show(sampleCharts().completions!);
      expect(inspect(pending)).toContain("await show(x)");
      await pending;
    });
    expect(sent).toHaveLength(1);
  });
});

describe("show outside a kernel", () => {
  it("prints the text form and resolves to the bundle", async () => {
    const chunks: string[] = [];
    const { write } = process.stdout;
    process.stdout.write = ((c: string) => (chunks.push(String(c)), true)) as typeof process.stdout.write;
    let bundle: Record<string, unknown> | undefined;
    try {
      bundle = await show(sampleCharts().completions!);
    } finally {
      process.stdout.write = write;
    }
    expect(bundle && Object.keys(bundle).sort()).toEqual([VEGA_LITE_MIME, "image/svg+xml", "text/plain"].sort());
    expect(chunks.join("")).toContain('Vega-Lite chart "Completions per week" (bar, 3 rows)');
  });

  it("escapes HTML in frame cells, and shows records and empty frames", async () => {
    const bundle = await displayBundle([{ operator_name: "<b>A&B</b>", gas_daily: 1.5 }]);
    expect(String(bundle["text/html"])).toContain("&lt;b&gt;A&amp;B&lt;/b&gt;");
    expect(String(bundle["text/html"])).not.toContain("<b>A");
    const empty = await displayBundle(toFrame([], { name: "t", fields: [{ name: "date", type: "date" }, { name: "gas_daily", type: "float", unit: "BCF/day" }] }));
    expect(String(empty["text/plain"])).toContain("0 rows × 2 columns");
  });

  it("refuses a value it cannot show with a DataError", async () => {
    await expect(displayBundle(42)).rejects.toMatchObject({ code: "DATA" });
  });
});
