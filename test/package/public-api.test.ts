// The package root is an explicit list of what users call (src/index.ts). This holds it to its word:
// internals stay out, the user-facing names are in, every error class a user may catch is in, and
// every name the README, docs, notebooks, scripts and bench take from "gasframes" is exported.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type * as TS from "typescript";
import { ts } from "../helpers/typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { budget } from "../helpers/budget";
import * as root from "../../src";

const repo = join(__dirname, "..", "..");
const INDEX = join(repo, "src", "index.ts");

/** Names the root exports, as the compiler sees them: "value" (classes, functions, constants) or "type". */
let exported: Map<string, "value" | "type">;
let program: TS.Program;
/** The root's functions and classes, with whether their JSDoc carries an `@example`. */
let callables: Map<string, boolean>;

beforeAll(() => {
  const config = ts.getParsedCommandLineOfConfigFile(join(repo, "tsconfig.json"), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    },
  });
  program = ts.createProgram([INDEX], { ...config!.options, noEmit: true });
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(INDEX)!)!;
  exported = new Map();
  callables = new Map();
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    exported.set(symbol.name, target.flags & ts.SymbolFlags.Value ? "value" : "type");
    if (target.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Class)) {
      callables.set(symbol.name, target.getJsDocTags(checker).some((tag) => tag.name === "example"));
    }
  }
}, budget(180_000));

/** Internals: plumbing of the transport, validation, columns, danfo, errors and the notebook runner. */
const INTERNALS = [
  "joinUrl",
  "canonicalJson",
  "ResponseCache",
  "Transport",
  "TOKEN_ENV",
  "DEFAULT_BATCH_SIZE",
  "RETRYABLE_STATUSES",
  "backoffDelay",
  "parseRetryAfter",
  "formatProgress",
  "terminalSink",
  "checkParam",
  "closest",
  "editDistance",
  "validateParams",
  "endpointLabel",
  "checkPolygons",
  "isValidImo",
  "isCalendarDate",
  "normaliseTimestamp",
  "timestampMs",
  "COUNTRY_CODES",
  "NameChecker",
  "NameIndex",
  "nearestNames",
  "BUILT_IN_NAMES",
  "fetchNatgasNames",
  "EmptyAnswerWatch",
  "callEndpoint",
  "streamEndpoint",
  "buildEndpointMethods",
  "schemaFor",
  "normaliseRecords",
  "warnOnce",
  "RecordColumnsBuilder",
  "columnsFromRecords",
  "columnsToFrame",
  "frameFromColumns",
  "toColumns",
  "isDataFrame",
  "requireColumns",
  "loadDanfo",
  "unitForField",
  "daysInMonth",
  "isLeapYear",
  "MASK",
  "clip",
  "redact",
  "redactValue",
  "registerSecret",
  "errorForStatus",
  "KernelClient",
  "bundledTslabSpec",
  "renderMarkdown",
  "renderNotebookPage",
  "notebookTitle",
  "readNotebook",
  "writeNotebook",
  "serializeNotebook",
  "validateNotebook",
  "looksLikeError",
  "tryParseServiceTimestamp",
  "FORECAST_RUN_AT_HINT",
  // Issue 29: the column model, the transport's request types, type plumbing and the timestamp codec.
  "COLUMN_SOURCE",
  "HasColumnSource",
  "RecordColumns",
  "Column",
  "NumberColumn",
  "CodedRecordColumn",
  "MixedColumn",
  "EndpointTransport",
  "EndpointRequest",
  "TransportRequest",
  "ResponseKind",
  "Simplify",
  "FieldValue",
  "ValueOfKind",
  "parseServiceTimestamp",
  "canonicalUnit",
  "datasetFolder",
  "MANIFEST_FILE",
  "isLakeSource",
];

/** Values a user calls (functions, classes, catalogs, constants of the docs). */
const USER_VALUES = [
  "connect",
  "closeSharedSandbox",
  "DEFAULT_SANDBOX_AS_OF",
  "NatGasClient",
  "LngClient",
  "LegacyLngClient",
  "LegacyResult",
  "resetWarnings",
  "NATGAS_V3",
  "NATGAS_V4",
  "LNG_V1",
  "LEGACY_API",
  "Result",
  "collectResult",
  "toFrame",
  "unitsOf",
  "withUnits",
  "notesOf",
  "convertUnits",
  "volumeUnitKey",
  "sameVolumeUnit",
  "distinctVolumeUnits",
  "rollup",
  "resampleFlows",
  "deriveVoyages",
  "fleetSummary",
  "addDailyRate",
  "addMonthlyVolume",
  "compareForecastVintages",
  "legacyOverview",
  "legacyFlowTimeseries",
  "flowsChart",
  "productionChart",
  "forecastChart",
  "activityChart",
  "mapChart",
  "voyagesChart",
  "show",
  "displayBundle",
  "save",
  "toSvg",
  "toPng",
  "V3_TO_V4",
  "v3ParamsToV4",
  "v4ParamsToV3",
  "v3RecordToV4",
  "v4RecordToV3",
  "runV3OnV4",
  "LEGACY_FIELD_RENAMES",
  "LEGACY_REPORT_REPLACEMENTS",
  "legacyRecordToV1",
  "startSandbox",
  "runNotebooks",
  "executeNotebook",
  "buildReport",
];

/** Types in the signatures users write against. */
const USER_TYPES = [
  "ConnectOptions",
  "Connection",
  "NatGasClientOptions",
  "LngClientOptions",
  "LegacyLngClientOptions",
  "TransportOptions",
  "CacheOptions",
  "ProgressSink",
  "ProgressUpdate",
  "ResultMeta",
  "RecordSchema",
  "FieldSpec",
  "FieldType",
  "FrameInput",
  "ConvertUnitsOptions",
  "RollupOptions",
  "ResampleFlowsOptions",
  "FleetSummaryOptions",
  "VegaLiteSpec",
  "ChartInput",
  "ShowOptions",
  "SandboxOptions",
  "SandboxHandle",
  "RunNotebooksOptions",
  "BuildReportOptions",
];

describe("the package root", () => {
  // The issue caps values (what users call); the cap on all names (types included) keeps the barrel from
  // growing back unnoticed: 209 after the lake's error classes and verifyLake and the polars view joined.
  it("names at most ~150 values and ~220 names (issue 29: it had 120 values among 296 names)", () => {
    const values = [...exported.values()].filter((kind) => kind === "value").length;
    expect(values).toBeLessThanOrEqual(150);
    expect(exported.size).toBeLessThanOrEqual(220);
    // What the root no longer carries is on a documented subpath (test/package/exports-map.test.ts).
    expect(exported.has("VolumeFlowRecord")).toBe(false);
  });

  it("does not export internals", () => {
    expect(exported.size).toBeGreaterThan(100);
    expect(INTERNALS.filter((name) => exported.has(name))).toEqual([]);
    expect(INTERNALS.filter((name) => name in root)).toEqual([]);
  });

  it("exports what users call, as values at run time", () => {
    expect(USER_VALUES.filter((name) => exported.get(name) !== "value")).toEqual([]);
    const missing = USER_VALUES.filter((name) => (root as Record<string, unknown>)[name] === undefined);
    expect(missing).toEqual([]);
    expect(typeof root.connect).toBe("function");
    expect(typeof root.Result).toBe("function");
  });

  it("exports the types in users' signatures", () => {
    expect(USER_TYPES.filter((name) => !exported.has(name))).toEqual([]);
  });

  it("exports every error class a user may catch (every class of src/ that extends GasframesError)", () => {
    const checker = program.getTypeChecker();
    const errorClasses: string[] = [];
    const extendsGasframesError = (type: TS.Type): boolean =>
      type.getSymbol()?.name === "GasframesError" ||
      (type.isClassOrInterface() && checker.getBaseTypes(type).some(extendsGasframesError));
    for (const file of program.getSourceFiles()) {
      if (!file.fileName.startsWith(join(repo, "src"))) continue;
      ts.forEachChild(file, (node) => {
        if (!ts.isClassDeclaration(node) || !node.name) return;
        if (!node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return;
        if (extendsGasframesError(checker.getTypeAtLocation(node.name))) errorClasses.push(node.name.text);
      });
    }
    expect(errorClasses.length).toBeGreaterThan(20);
    expect(errorClasses.filter((name) => exported.get(name) !== "value")).toEqual([]);
    for (const name of errorClasses) {
      const cls = (root as Record<string, unknown>)[name] as abstract new (...args: never[]) => unknown;
      expect(cls === root.GasframesError || cls.prototype instanceof root.GasframesError, name).toBe(true);
    }
  });
});

/** Code of a file as a user reads it: a notebook's code cells, or the whole text of anything else. */
function codeOf(file: string): string {
  const text = readFileSync(file, "utf8");
  if (!file.endsWith(".ipynb")) return text;
  const notebook = JSON.parse(text) as { cells: { cell_type: string; source: string | string[] }[] };
  return notebook.cells
    .filter((c) => c.cell_type === "code")
    .map((c) => (Array.isArray(c.source) ? c.source.join("") : c.source))
    .join("\n");
}

/** A name list of `{ a, type B, c as d }` or a destructuring `{ a, b: c }`: the names taken from the module. */
function listNames(list: string): string[] {
  return list
    .split(",")
    .map((part) => part.trim().replace(/^type\s+/, "").split(/\s+as\s+|\s*:\s*/)[0].trim())
    .filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
}

/**
 * Every name `code` takes from the package "gasframes": named imports and re-exports, require() and
 * import() destructuring, and properties of a namespace (`import * as g`, `const g = require(...)`).
 * @param extraNamespaces variables known to hold the package (the bench's `gf = gasframes()`).
 */
function namesFromGasframes(code: string, extraNamespaces: readonly string[] = []): string[] {
  const names = new Set<string>();
  const pkg = String.raw`["']gasframes["']`;
  const patterns = [
    new RegExp(String.raw`\bimport\s+(?:type\s+)?(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*${pkg}`, "g"),
    new RegExp(String.raw`\bexport\s+(?:type\s+)?\{([^}]*)\}\s*from\s*${pkg}`, "g"),
    new RegExp(String.raw`\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*(?:await\s+import|require)\(\s*${pkg}\s*\)`, "g"),
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) for (const name of listNames(m[1])) names.add(name);
  const namespaces = new Set(extraNamespaces);
  const nsPatterns = [
    new RegExp(String.raw`\bimport\s+(?:type\s+)?\*\s*as\s+([\w$]+)\s+from\s*${pkg}`, "g"),
    new RegExp(String.raw`\b(?:const|let|var)\s+([\w$]+)\s*=\s*(?:await\s+import|require)\(\s*${pkg}\s*\)`, "g"),
  ];
  for (const re of nsPatterns) for (const m of code.matchAll(re)) namespaces.add(m[1]);
  for (const ns of namespaces) {
    for (const m of code.matchAll(new RegExp(String.raw`(?<![\w$.])${ns.replace(/\$/g, "\\$")}\.([A-Za-z_$][\w$]*)`, "g"))) names.add(m[1]);
  }
  for (const m of code.matchAll(new RegExp(String.raw`\brequire\(\s*${pkg}\s*\)\.([A-Za-z_$][\w$]*)`, "g"))) names.add(m[1]);
  return [...names];
}

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === "node_modules" || entry === "results" ? [] : filesUnder(path, keep);
    return keep(path) ? [path] : [];
  });
}

describe("names used from \"gasframes\"", () => {
  it("reads imports, require() destructuring and namespace properties", () => {
    const sample = [
      'import { connect, type Result as R, show } from "gasframes";',
      'import type { VolumeFlowRecord } from "gasframes";',
      'const { rollup, deriveVoyages: dv } = require("gasframes");',
      'import * as g from "gasframes"; g.flowsChart(x); g.joinUrl("a", "b");',
      'const gf2 = require("gasframes"); gf2.toSvg(spec);',
      'require("gasframes").startSandbox();',
      'import { other } from "gasframes-extra";',
    ].join("\n");
    expect(namesFromGasframes(sample).sort()).toEqual(
      ["Result", "VolumeFlowRecord", "connect", "deriveVoyages", "flowsChart", "joinUrl", "rollup", "show", "startSandbox", "toSvg"].sort(),
    );
    expect(namesFromGasframes("const out = gf.rollup(frame); gf.loadDanfo();", ["gf"]).sort()).toEqual(["loadDanfo", "rollup"]);
  });

  it("are all exported by the root: README, docs, notebooks, scripts, bench and tests' scripts", () => {
    const self = join(__dirname, "public-api.test.ts");
    const sources = [
      join(repo, "README.md"),
      ...filesUnder(join(repo, "docs"), (f) => f.endsWith(".md")),
      ...filesUnder(join(repo, "notebooks"), (f) => f.endsWith(".ipynb")),
      ...filesUnder(join(repo, "scripts"), (f) => /\.(ts|mts|cts|js|mjs|cjs)$/.test(f)),
      ...filesUnder(join(repo, "bench"), (f) => /\.(ts|mts|js|mjs|cjs)$/.test(f)),
      ...filesUnder(join(repo, "test"), (f) => /\.ts$/.test(f) && f !== self),
    ].filter((f) => existsSync(f));
    const used = new Map<string, string[]>();
    for (const file of sources) {
      // The bench loads the built package through bench/lib/gasframes.mjs: `gf = gasframes()`.
      const namespaces = file.startsWith(join(repo, "bench")) ? ["gf"] : [];
      const code = codeOf(file).replace(/gasframes\(\)\./g, "gf.");
      for (const name of namesFromGasframes(code, namespaces)) {
        used.set(name, [...(used.get(name) ?? []), relative(repo, file)]);
      }
    }
    // Enough found that the parse cannot have silently missed the docs and notebooks.
    const fromNotebooks = [...used].filter(([, files]) => files.some((f) => f.startsWith("notebooks"))).length;
    expect(fromNotebooks).toBeGreaterThanOrEqual(10);
    // The README is a short front page (its one example imports `connect`); the examples live in docs/.
    expect([...used].filter(([, files]) => files.includes("README.md")).length).toBeGreaterThanOrEqual(1);
    expect([...used].filter(([, files]) => files.some((f) => f.startsWith("docs/"))).length).toBeGreaterThanOrEqual(20);
    expect([...used].filter(([, files]) => files.some((f) => f.startsWith("bench"))).length).toBeGreaterThanOrEqual(5);
    const notExported = [...used].filter(([name]) => !exported.has(name)).map(([name, files]) => `${name} (${files.join(", ")})`);
    expect(notExported).toEqual([]);
  });
});

describe("the root's JSDoc", () => {
  it("gives every public function and class a short @example (error classes aside: they are caught, not called)", () => {
    const errorClasses = new Set(Object.entries(root).filter(([, v]) => typeof v === "function" && v.prototype instanceof root.GasframesError).map(([k]) => k));
    errorClasses.add("GasframesError");
    const without = [...callables].filter(([name, has]) => !has && !errorClasses.has(name)).map(([name]) => name);
    expect(callables.size).toBeGreaterThan(40);
    expect(without).toEqual([]);
  });
});
