import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { compile } from "vega-lite";
import { VEGA_LITE_SCHEMA } from "../../src/plot";
import { sampleCharts } from "./support/charts";
import { validateAgainst } from "./support/json-schema";

const schema = createRequire(__filename)("vega-lite/build/vega-lite-schema.json") as Record<string, unknown>;
const charts = sampleCharts();

/** A vega-lite logger that keeps warnings so a test can require there are none. */
function collectingLogger(): { warnings: string[]; logger: Record<string, unknown> } {
  const warnings: string[] = [];
  const logger: Record<string, unknown> = {};
  Object.assign(logger, {
    level: () => logger,
    warn: (...args: unknown[]) => (warnings.push(args.join(" ")), logger),
    info: () => logger,
    debug: () => logger,
    error: (...args: unknown[]) => (warnings.push(args.join(" ")), logger),
  });
  return { warnings, logger };
}

describe("every builder's spec is valid Vega-Lite v5", () => {
  for (const [name, spec] of Object.entries(charts)) {
    it(`${name}: validates against the shipped JSON schema`, () => {
      expect(spec.$schema).toBe(VEGA_LITE_SCHEMA);
      expect(validateAgainst(schema, spec)).toEqual([]);
    });

    it(`${name}: compiles with vega-lite without warnings`, () => {
      const { warnings, logger } = collectingLogger();
      const out = compile(spec as never, { logger: logger as never });
      expect(out.spec).toHaveProperty("marks");
      expect(warnings).toEqual([]);
    });

    it(`${name}: is plain JSON a user can tweak (survives a JSON round trip unchanged)`, () => {
      expect(JSON.parse(JSON.stringify(spec))).toEqual(spec);
    });
  }

  it("the warning collector sees vega-lite warnings (guards the no-warning tests)", () => {
    const { warnings, logger } = collectingLogger();
    compile({ ...charts.production, encoding: { ...charts.production!.encoding, order: { field: "region", type: "nominal" } } } as never, { logger: logger as never });
    expect(warnings.join(" ")).toMatch(/order/i);
  });

  it("the schema check itself refuses an invalid spec (guards the checker)", () => {
    const bad = { ...charts.voyages, mark: "bogus" };
    expect(validateAgainst(schema, bad).length).toBeGreaterThan(0);
    const badType = { ...charts.voyages, encoding: { ...charts.voyages!.encoding, y: { field: "vessel", type: "categorical" } } };
    expect(validateAgainst(schema, badType).length).toBeGreaterThan(0);
  });
});
