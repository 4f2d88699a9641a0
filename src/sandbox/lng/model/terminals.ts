import { LNG_LIQUEFACTION_ROWS, LNG_REGASIFICATION_ROWS, lngTerminalId, type LngBasin, type LngTerminalRow } from "../../../places/lng-terminals";

/**
 * Real LNG terminals (approximate coordinates; the names from src/places/lng-terminals.ts) used by the sandbox. Liquefaction terminals load
 * cargoes, regasification terminals receive them; a few regas terminals also reload.
 */

export type TerminalKind = "liquefaction" | "regasification";

/** Ocean basin, used only to make trade routes look like the real market. */
export type Basin = LngBasin;

export interface Terminal {
  readonly id: string;
  readonly name: string;
  readonly country: string;
  /** ISO 3166-1 alpha-2. */
  readonly countryCode: string;
  readonly region: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly kind: TerminalKind;
  readonly basin: Basin;
  /** Relative share of the world's loadings (liquefaction) or offloadings (regasification). */
  readonly weight: number;
  /** Regas terminal that also reloads cargoes onto carriers. */
  readonly reloads?: boolean;
  /** Regas terminal that is a floating storage and regasification unit. */
  readonly fsru?: boolean;
}

function toTerminal(kind: TerminalKind, row: LngTerminalRow): Terminal {
  const [name, country, code, region, lat, lon, basin, weight, flags] = row;
  return {
    id: lngTerminalId(kind, code, name),
    name,
    country,
    countryCode: code,
    region,
    latitude: lat,
    longitude: lon,
    kind,
    basin,
    weight,
    ...(flags === "reload" ? { reloads: true } : {}),
    ...(flags === "fsru" ? { fsru: true } : {}),
  };
}

/** Every terminal of the sandbox, liquefaction first; the order is part of determinism. */
export const TERMINALS: readonly Terminal[] = [
  ...LNG_LIQUEFACTION_ROWS.map((r) => toTerminal("liquefaction", r)),
  ...LNG_REGASIFICATION_ROWS.map((r) => toTerminal("regasification", r)),
];

export const LIQUEFACTION_TERMINALS: readonly Terminal[] = TERMINALS.filter((t) => t.kind === "liquefaction");
export const REGASIFICATION_TERMINALS: readonly Terminal[] = TERMINALS.filter((t) => t.kind === "regasification");

/** Great-circle distance in nautical miles. */
export function distanceNm(a: Terminal, b: Terminal): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 3440.065 * Math.asin(Math.min(1, Math.sqrt(h)));
}
