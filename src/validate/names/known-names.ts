/**
 * Lists of known names, and lookups in them that ignore case as the services do.
 */
import { LNG_LIQUEFACTION_ROWS, LNG_REGASIFICATION_ROWS, lngTerminalId } from "../../places/lng-terminals";
import { NATGAS_COUNTIES, NATGAS_REGIONS, NATGAS_STATES, NATGAS_SUB_REGIONS } from "../../places/natgas-places";
import { editDistance } from "../closest";
import type { NameKind, NameService } from "./name-kinds";

/** Names by kind; a kind that is absent has no list. */
export type NameLists = Partial<Record<NameKind, readonly string[]>>;

const sorted = (values: Iterable<string>): string[] => [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

const LNG_ROWS = [...LNG_LIQUEFACTION_ROWS.map((r) => ["liquefaction", r] as const), ...LNG_REGASIFICATION_ROWS.map((r) => ["regasification", r] as const)];

/**
 * The lists built into the package, per service, read from the one list of place names the sandbox
 * also serves (src/places/). They may be older than a live service's own lists.
 */
export const BUILT_IN_NAMES: Readonly<Record<NameService, NameLists>> = {
  natgas: {
    region: NATGAS_REGIONS.map((r) => r.name),
    sub_region: NATGAS_SUB_REGIONS.map((s) => s.name),
    state: NATGAS_STATES,
    county: sorted(NATGAS_COUNTIES.map((c) => c.county)),
  },
  lng: {
    country: sorted(LNG_ROWS.map(([, r]) => r[1])),
    country_code: sorted(LNG_ROWS.map(([, r]) => r[2])),
    region: sorted(LNG_ROWS.map(([, r]) => r[3])),
    terminal: sorted(LNG_ROWS.map(([, r]) => r[0])),
    terminal_id: sorted(LNG_ROWS.map(([kind, r]) => lngTerminalId(kind, r[2], r[0]))),
  },
};

/**
 * How the services compare names: both ignore case (the sandbox lower-cases filter values and record
 * values before comparing), and the natural gas service also ignores spaces around a value.
 */
export function nameKey(service: NameService, name: string): string {
  return (service === "natgas" ? name.trim() : name).toLowerCase();
}

/** Lists of names indexed by their comparison key. */
export class NameIndex {
  readonly #keys = new Map<NameKind, Set<string>>();
  readonly #names = new Map<NameKind, readonly string[]>();

  /**
   * @param service whose comparison rule applies (see {@link nameKey}).
   * @param lists the names by kind.
   */
  constructor(
    readonly service: NameService,
    lists: NameLists,
  ) {
    for (const [kind, names] of Object.entries(lists) as [NameKind, readonly string[]][]) {
      this.#names.set(kind, names);
      this.#keys.set(kind, new Set(names.map((n) => nameKey(service, n))));
    }
  }

  /** Whether there is a list of `kind`. */
  covers(kind: NameKind): boolean {
    return this.#keys.has(kind);
  }

  /** Whether the list of `kind` holds `name` (ignoring case); false when there is no such list. */
  has(kind: NameKind, name: string): boolean {
    return this.#keys.get(kind)?.has(nameKey(this.service, name)) ?? false;
  }

  /** The names of `kind`, as listed; empty when there is no such list. */
  names(kind: NameKind): readonly string[] {
    return this.#names.get(kind) ?? [];
  }
}

/**
 * The `count` candidates closest to `input` by edit distance, ignoring case (ties in list order), each
 * once. Used to list "the closest valid names" in a refusal.
 */
export function nearestNames(input: string, candidates: Iterable<string>, count = 3): string[] {
  const needle = input.trim().toLowerCase();
  const seen = new Set<string>();
  const scored: { name: string; d: number; i: number }[] = [];
  let i = 0;
  for (const name of candidates) {
    const key = name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    // A 10 MB value must not cost seconds: compare at most the first 200 characters.
    scored.push({ name, d: editDistance(needle.slice(0, 200), key), i: i++ });
  }
  scored.sort((a, b) => a.d - b.d || a.i - b.i);
  return scored.slice(0, count).map((s) => s.name);
}
