import { createRequire } from "node:module";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEFERRED_BY_DANFO, withDeferredModules } from "../../src/frame/danfo-deferred-modules";
import { loadDanfo } from "../../src/frame/load-danfo";

interface ModuleLoader {
  _load(request: string, ...rest: unknown[]): unknown;
}

const Module = createRequire(__filename)("node:module") as ModuleLoader;
const original = Module._load;
afterEach(() => {
  Module._load = original;
});

/** Counts the loads of each request that reach Node's loader. */
function countLoads(): Map<string, number> {
  const counts = new Map<string, number>();
  Module._load = function (request: string, ...rest: unknown[]): unknown {
    counts.set(request, (counts.get(request) ?? 0) + 1);
    return original.call(this, request, ...rest);
  };
  return counts;
}

const danfoRequire = createRequire(require.resolve("danfojs-node"));
// Resolved from inside danfo, as danfo resolves them.
const fromDanfo = createRequire(danfoRequire.resolve("danfojs-node/dist/danfojs-base/core/frame.js"));

describe("danfo's deferred packages", () => {
  it("each stand-in answers __esModule as its installed package does", () => {
    for (const [name, esModule] of DEFERRED_BY_DANFO) expect([name, (fromDanfo(name) as { __esModule?: boolean }).__esModule === true]).toEqual([name, esModule]);
  });

  it("a stand-in loads its package on first use, once, and then is the package", () => {
    const counts = countLoads();
    const projectRequire = createRequire(join(process.cwd(), "package.json"));
    const mathjs = withDeferredModules(() => projectRequire("mathjs")) as { std(v: number[]): number; __esModule?: boolean };
    expect(counts.get("mathjs") ?? 0).toBe(0);
    expect(mathjs.__esModule).toBe(true);
    expect(counts.get("mathjs") ?? 0).toBe(0);
    expect(mathjs.std([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(2.138, 3);
    expect(mathjs.std([1, 3])).toBeCloseTo(Math.SQRT2, 12);
    expect(counts.get("mathjs")).toBe(1);
    expect(Object.keys(mathjs)).toContain("median");
    expect("variance" in mathjs).toBe(true);
  });

  it("other packages load as before while danfo loads", () => {
    const counts = countLoads();
    const projectRequire = createRequire(join(process.cwd(), "package.json"));
    const papaparse = withDeferredModules(() => projectRequire("papaparse")) as { parse: unknown };
    expect(counts.get("papaparse")).toBe(1);
    expect(typeof papaparse.parse).toBe("function");
  });

  it("a call through TypeScript's __importDefault reaches the package (request's `default`)", () => {
    const projectRequire = createRequire(join(process.cwd(), "package.json"));
    const mod = withDeferredModules(() => projectRequire("request")) as { __esModule?: boolean; default?: unknown };
    const wrapped: { default?: unknown } = mod.__esModule ? mod : { default: mod };
    expect(typeof (wrapped.default as { get: unknown }).get).toBe("function");
    expect((wrapped.default as { get: unknown }).get).toBe((fromDanfo("request") as { get: unknown }).get);
  });

  it("danfo's statistics that use mathjs give mathjs's answers", () => {
    const dfd = loadDanfo();
    const df = new dfd.DataFrame({ a: [1, 2, 3, 10], b: [2, 2, 5, 7], g: ["x", "x", "y", "y"] });
    const math = fromDanfo("mathjs") as { median(v: number[]): number; std(v: number[]): number; variance(v: number[]): number };
    expect(df.column("a").median()).toBe(math.median([1, 2, 3, 10]));
    expect(df.column("b").std()).toBeCloseTo(math.std([2, 2, 5, 7]), 12);
    expect((df.loc({ columns: ["a", "b"] }).var({ axis: 0 }) as { values: number[] }).values).toEqual([math.variance([1, 2, 3, 10]), math.variance([2, 2, 5, 7])]);
    const grouped = df.groupby(["g"]).col(["a"]).std() as { column(n: string): { values: number[] } };
    expect(grouped.column("a_std").values.map((v) => Number(v.toFixed(12)))).toEqual([math.std([1, 2]), math.std([3, 10])].map((v) => Number(v.toFixed(12))));
  });
});
