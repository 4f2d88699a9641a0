/**
 * danfo requires, when it loads, packages only a few of its methods use: mathjs (`median`, `mode`, `std`,
 * `var`, `describe()` and the group-by aggregations of the same names), xlsx (Excel files) and request
 * (CSV and JSON read from a URL). They are most of what loading danfo costs: about 0.75, 0.16 and 0.14 s of
 * the 1.3 s it took on Node 20 (2026-11-28), which every notebook kernel building a frame paid. danfo reads
 * them only inside those methods, as properties of the module object (`mathjs_1.std(...)`,
 * `request_1.default.get(...)`, `xlsx_1.readFile(...)`), so they are handed a stand-in that loads the real
 * package, from where danfo would have loaded it, the first time any property is read or it is called.
 */
import { createRequire } from "node:module";

interface ModuleLoader {
  _load(request: string, parent: unknown, ...rest: unknown[]): unknown;
}

/**
 * The packages danfo gets as stand-ins while it loads, each with the `__esModule` mark of its CommonJS exports
 * (read by TypeScript's `__importDefault`; test/frame/danfo-deferred-modules.test.ts checks them against the
 * installed packages).
 */
export const DEFERRED_BY_DANFO: ReadonlyMap<string, boolean> = new Map([
  ["mathjs", true],
  ["xlsx", false],
  ["request", false],
]);

/** `load()` (which loads danfo), danfo's own requests for {@link DEFERRED_BY_DANFO} answered by stand-ins. */
export function withDeferredModules<T>(load: () => T): T {
  const Module = createRequire(__filename)("node:module") as ModuleLoader;
  const original = Module._load;
  Module._load = function (request: string, parent: unknown, ...rest: unknown[]): unknown {
    const esModule = DEFERRED_BY_DANFO.get(request);
    if (esModule === undefined) return original.call(this, request, parent, ...rest);
    return deferred(() => original.call(Module, request, parent, ...rest), esModule);
  };
  try {
    return load();
  } finally {
    Module._load = original;
  }
}

/**
 * A stand-in for a module: loaded by `load()` on first use (a property read, a call, `in`, listing its
 * keys). `__esModule` is answered without loading, as the package answers it, so TypeScript's
 * `__importDefault` wraps the stand-in as it would wrap the package.
 */
function deferred(load: () => unknown, esModule: boolean): unknown {
  let real: object | undefined;
  const get = (): object => (real ??= load() as object);
  // An arrow function: callable (request's export is a function), with no non-configurable own key that the
  // proxy would have to report.
  const target = (() => undefined) as unknown as object;
  return new Proxy(target, {
    get: (_t, key) => (key === "__esModule" ? (esModule ? true : undefined) : Reflect.get(get(), key)),
    has: (_t, key) => Reflect.has(get(), key),
    ownKeys: () => Reflect.ownKeys(get()),
    getOwnPropertyDescriptor: (_t, key) => {
      const d = Reflect.getOwnPropertyDescriptor(get(), key);
      return d === undefined ? undefined : { ...d, configurable: true };
    },
    apply: (_t, self, args) => Reflect.apply(get() as (...a: unknown[]) => unknown, self, args),
  });
}
