import { daysInMonth, formatMonth } from "../../core/dates";
import type { NatgasDataset } from "../model/dataset";
import { wellMonth } from "../model/well-production";
import type { Well } from "../model/wells";
import type { RowJoin } from "../../core/types";
import { MCF_PER_BCF, WET_OVER_DRY, wellIdOf } from "./v4-params";

/**
 * v4 productionbywell rows written as text directly, byte for byte what `JSON.stringify` gives for the
 * records of production-by-well.ts (test/sandbox/production-text.test.ts compares them; the speed guard
 * pins whole answers). Two things make it quicker than stringifying a record (bench sandbox-ndjson):
 * - a well's fields that do not change month to month are JSON text made once per well;
 * - a value rounded to hundredths is printed from the integer count of hundredths. JSON.stringify
 *   prints the shortest decimal that reads back as the same double; for k / 100 (k an integer below
 *   1e15) that is k's digits with the point put back and trailing zeros dropped, because any other
 *   decimal as short lies at least 0.01 away, far beyond the double's precision there.
 */

/** A month's date as JSON text and its day count. */
interface MonthText {
  readonly date: string;
  readonly days: number;
}

/** A well's constant JSON text, in the pieces between the fields that change. */
interface WellPieces {
  /** `{"well_id":...,"county":...,"date_prod":` */
  readonly head: string;
  /** `,"operator":...,"production_month":` */
  readonly operator: string;
  /** `,"region_natgas":...,"sub_region_natgas":...,"prod_water_bbl_day":` */
  readonly place: string;
  /** `,"well_name":...}` */
  readonly tail: string;
}

/** ".dd" of each count of hundredths 0-99, trailing zeros dropped ("" for 0, ".5" for 50). */
const HUNDREDTHS = Array.from({ length: 100 }, (_, f) => (f === 0 ? "" : f % 10 === 0 ? `.${f / 10}` : `.${f < 10 ? "0" : ""}${f}`));
/** Below this count of hundredths the digits are exact (see above). */
const EXACT_HUNDREDTHS_BELOW = 1e15;

const months = new Map<number, MonthText>();
const pieces = new WeakMap<Well, WellPieces>();

function monthText(month: number): MonthText {
  let m = months.get(month);
  if (m === undefined) months.set(month, (m = { date: JSON.stringify(formatMonth(month)), days: daysInMonth(month) }));
  return m;
}

function wellPieces(w: Well): WellPieces {
  let p = pieces.get(w);
  if (p === undefined) {
    const j = JSON.stringify;
    p = {
      head: `{"well_id":${j(wellIdOf(w.api))},"county":${j(w.county.name)},"date_prod":`,
      operator: `,"operator":${j(w.operatorName)},"production_month":`,
      place: `,"region_natgas":${j(w.county.region)},"state_code":${j(w.county.stateAb)},"sub_region_natgas":${j(w.county.subRegion)},"prod_water_bbl_day":`,
      tail: `,"well_name":${j(w.wellName)}}`,
    };
    pieces.set(w, p);
  }
  return p;
}

/** JSON text of `Math.round(x * 100) / 100`. */
export function hundredthsText(x: number): string {
  const k = Math.round(x * 100);
  if (!(k >= 0 && k < EXACT_HUNDREDTHS_BELOW)) return JSON.stringify(k / 100);
  const whole = Math.floor(k / 100);
  return whole + HUNDREDTHS[k - whole * 100];
}

/** JSON text of `Math.round(x)`. */
function roundText(x: number): string {
  const n = Math.round(x);
  return Number.isFinite(n) ? "" + n : "null";
}

/** The text of a well's productionbywell rows for months [first, last], each `join.before + JSON + join.after`. */
export function productionText(data: NatgasDataset, w: Well, first: number, last: number, join: RowJoin): string {
  const p = wellPieces(w);
  const open = join.before + p.head;
  const close = p.tail + join.after;
  let out = "";
  for (let month = first; month <= last; month++) {
    const { date, days } = monthText(month);
    const v = wellMonth(data.seed, w, month);
    const age = month - w.firstProdMonth + 1;
    if (v.invalid) {
      out += `${open}${date},"prod_wet_gas_mcf_day":null,"prod_wet_gas_mcf_month":null,"prod_oil_bbl_day":null,"prod_oil_bbl_month":null${p.operator}${age}${p.place}null,"prod_water_bbl_month":null${close}`;
      continue;
    }
    const wet = v.gas * MCF_PER_BCF * WET_OVER_DRY;
    out +=
      `${open}${date},"prod_wet_gas_mcf_day":${hundredthsText(wet)},"prod_wet_gas_mcf_month":${roundText(wet * days)}` +
      `,"prod_oil_bbl_day":${hundredthsText(v.oil)},"prod_oil_bbl_month":${roundText(v.oil * days)}${p.operator}${age}` +
      `${p.place}${hundredthsText(v.water)},"prod_water_bbl_month":${roundText(v.water * days)}${close}`;
  }
  return out;
}
