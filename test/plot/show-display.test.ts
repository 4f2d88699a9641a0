/**
 * The display bundles themselves, as Deno's Jupyter kernel reads them from `Symbol.for("Jupyter.display")`
 * (Table, Result, danfo frames, chart specs) and as `show` sends them in any kernel.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { displayBundle, show, VEGA_LITE_MIME } from "../../src/plot";
import { Table } from "../../src/table/table";
import { Result } from "../../src/table/result";
import { toFrame } from "../../src/frame";
import { display } from "../../src/display/notebook-display";
import { kernelChannel } from "../../src/display/kernel-channel";
import { sampleCharts } from "./support/charts";
import { budget } from "../helpers/budget";

const JUPYTER = Symbol.for("Jupyter.display");
type Displayable = { [JUPYTER]: (options?: { rows?: number }) => Record<string, unknown> | Promise<Record<string, unknown>> };

const schema = {
  name: "natgas.v3.example",
  fields: [
    { name: "date", type: "date" as const },
    { name: "region", type: "string" as const },
    { name: "gas_daily", type: "float" as const, unit: "BCF/day" },
    { name: "wellpad_id", type: "int" as const },
  ],
};
const rows = Array.from({ length: 25 }, (_, i) => ({ date: `2024-01-${String(i + 1).padStart(2, "0")}`, region: i % 2 ? "Permian" : "Haynesville", gas_daily: 12345.6789 + i, wellpad_id: 1000000 + i }));

/** A fake `Deno.jupyter` as the kernel defines it, recording what is displayed. */
function withDenoJupyter(): { shown: unknown[]; restore: () => void } {
  const shown: unknown[] = [];
  const g = globalThis as { Deno?: unknown };
  const before = g.Deno;
  g.Deno = { jupyter: { display: async (bundle: unknown, options: { raw: boolean }) => void shown.push({ bundle, raw: options.raw }) } };
  return { shown, restore: () => (before === undefined ? delete g.Deno : (g.Deno = before)) };
}

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe("a table's display (Deno shows it when a table ends a cell)", () => {
  it("is text/html and text/plain only: shape, column types and units, head and tail, readable numbers", () => {
    const table = Table.fromRecords(rows, { schema });
    const bundle = (table as unknown as Displayable)[JUPYTER]() as Record<string, string>;
    expect(Object.keys(bundle).sort()).toEqual(["text/html", "text/plain"]);
    expect(bundle).not.toHaveProperty("application/vnd.dataresource+json");
    const html = bundle["text/html"]!;
    expect(html).toContain("natgas.v3.example: 25 rows × 4 columns (first 5 and last 5 shown)");
    expect(html).toContain("float, Bcf/d");
    expect(html).toContain(">date<br><span style=\"font-weight:normal;color:#777\">date</span>");
    expect(html).toContain("12,345.679"); // grouped, three decimals
    expect(html).toContain(">1000000<"); // an identifier keeps its digits
    expect(html).toContain("2024-01-25"); // the tail
    expect(html).not.toContain("2024-01-06"); // the middle is left out
    expect(html.match(/<tr>/g)).toHaveLength(1 + 5 + 1 + 5);
    const text = bundle["text/plain"]!.split("\n");
    expect(text[0]).toMatch(/^date\s+region\s+gas_daily\s+wellpad_id$/);
    expect(text[1]).toMatch(/^date\s+string\s+float \[Bcf\/d\]\s+int$/);
    expect(text.filter((l) => /^…\s/.test(l))).toHaveLength(1);
    expect(text[text.length - 1]).toBe("(natgas.v3.example: 25 rows × 4 columns (first 5 and last 5 shown))");
  });

  it("is the same for a table held as columns, and a Result shows as a table", async () => {
    const fromRows = Table.fromRecords(rows, { schema });
    const fromColumns = Table.fromColumns(fromRows.columns(), { schema });
    expect(fromColumns.isColumnar).toBe(true);
    expect((fromColumns as unknown as Displayable)[JUPYTER]()).toEqual((fromRows as unknown as Displayable)[JUPYTER]());
    const result = new Result(rows, { endpoint: "x" } as never, schema);
    expect(await displayBundle(result, { rows: 4 })).toEqual((fromRows as unknown as Displayable)[JUPYTER]({ rows: 4 }));
  });

  it("shows -0, missing cells and small numbers plainly", () => {
    const t = Table.fromRecords([{ difference: -0, v: null, tiny: 0.000123456, neg: -1e-9 }]);
    const text = String((t as unknown as Displayable)[JUPYTER]()["text/plain" as never]);
    const cells = text.split("\n")[3]!.trim().split(/\s+/);
    expect(cells).toEqual(["0", "0.000123", "0"]);
  });
});

describe("a danfo frame's display", () => {
  it("is the table display, with the frame's units, also for frames derived by danfo (tail)", () => {
    const frame = Table.fromRecords(rows, { schema }).toFrame();
    const tail = frame.tail(3) as unknown as Displayable;
    expect(typeof tail[JUPYTER]).toBe("function");
    const bundle = tail[JUPYTER]() as Record<string, string>;
    expect(Object.keys(bundle).sort()).toEqual(["text/html", "text/plain"]);
    expect(bundle["text/html"]).toContain("DataFrame: 3 rows × 4 columns");
    expect(bundle["text/html"]).toContain("Bcf/d");
    expect(bundle["text/plain"]).toContain("2024-01-25");
  });
});

describe("danfo where a notebook declared a global window (Deno's cells share one global scope)", () => {
  it("still loads, and its frames display", async () => {
    // A fresh process: danfo is loaded once per process. The built package is what a notebook loads.
    const script = [
      "globalThis.window = { a: 1 };",
      `const { Table } = require(${JSON.stringify(join(__dirname, "../../dist/index.js"))});`,
      "const frame = Table.fromRecords([{ gas_daily: 1.5 }]).toFrame();",
      'process.stdout.write(frame[Symbol.for("Jupyter.display")]()["text/plain"]);',
    ].join("\n");
    const { stdout } = await promisify(execFile)(process.execPath, ["-e", script], { timeout: budget(300_000) });
    expect(stdout).toContain("float [Bcf/d]");
  }, budget(300_000));
});

describe("a chart's display", () => {
  it("is vega-lite as a JSON object, svg and text, under a key that is not part of the spec's JSON", async () => {
    const chart = sampleCharts().voyages! as unknown as Displayable & Record<string, unknown>;
    expect(Object.keys(chart)).not.toContain(String(JUPYTER));
    expect(JSON.stringify(chart)).not.toContain("Jupyter");
    const bundle = (await chart[JUPYTER]()) as Record<string, unknown>;
    expect(Object.keys(bundle).sort()).toEqual([VEGA_LITE_MIME, "image/svg+xml", "text/plain"].sort());
    expect(bundle[VEGA_LITE_MIME]).toEqual(JSON.parse(JSON.stringify(chart)));
    expect(String(bundle["image/svg+xml"])).toMatch(/^<svg[\s\S]*<\/svg>$/);
  });
});

describe("show and display in Deno's Jupyter kernel", () => {
  it("finds no kernel outside one, and Deno's when Deno.jupyter is there", () => {
    expect(kernelChannel()).toBeUndefined();
    restore = withDenoJupyter().restore;
    expect(kernelChannel()?.kernel).toBe("deno");
  });

  it("finds no kernel in a Deno script, where reading Deno.jupyter throws", () => {
    const g = globalThis as { Deno?: unknown };
    g.Deno = Object.defineProperty({}, "jupyter", {
      get() {
        throw new Error("Deno.jupyter is only available in `deno jupyter` subcommand");
      },
    });
    restore = () => delete g.Deno;
    expect(kernelChannel()).toBeUndefined();
  });

  it("show sends one raw bundle through Deno.jupyter.display and resolves to undefined", async () => {
    const deno = withDenoJupyter();
    restore = deno.restore;
    const result = await show(Table.fromRecords(rows, { schema }), { rows: 2 });
    expect(result).toBeUndefined();
    expect(deno.shown).toHaveLength(1);
    const { bundle, raw } = deno.shown[0] as { bundle: Record<string, string>; raw: boolean };
    expect(raw).toBe(true);
    expect(bundle["text/html"]).toContain("first 1 and last 1 shown");
  });

  it("display.markdown (what notebooks call as tslab.display.markdown) returns nothing and sends markdown", async () => {
    const deno = withDenoJupyter();
    restore = deno.restore;
    expect(display.markdown("**bold**")).toBeUndefined();
    await new Promise((r) => setImmediate(r));
    expect(deno.shown).toEqual([{ bundle: { "text/markdown": "**bold**", "text/plain": "**bold**" }, raw: true }]);
  });
});

describe("show's refusals", () => {
  it("names what it cannot show", async () => {
    await expect(displayBundle({ a: 1 })).rejects.toThrow(/show: expected a Vega-Lite spec, a Table, a DataFrame or records, got an object with keys a/);
    expect(toFrame).toBeTypeOf("function");
  });
});
