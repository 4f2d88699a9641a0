import type { ByteChunks } from "../../core/byte-chunks";
import { daysInMonth, formatMonth, monthNumber } from "../../core/dates";
import { writeBytes, writeHundredthsOf, writeNumber } from "../../core/json-bytes";
import type { NatgasDataset } from "../model/dataset";
import { WELL_MONTH_NUMBERS, wellMonthsInto } from "../model/well-production";
import { wellsOf } from "../model/wells";
import type { Well } from "../model/wells";
import type { RowJoinBytes, WellMonthsWriter } from "../shared/well-month-rows";
import { MCF_PER_BCF, WET_OVER_DRY, wellIdOf } from "./v4-params";

/**
 * v4 productionbywell rows written as bytes directly, exactly the UTF-8 of `JSON.stringify` of the
 * records of production-by-well.ts (test/sandbox/production-bytes.test.ts compares them; the speed
 * guard pins whole answers). Quicker than stringifying a record (bench sandbox-ndjson) because a
 * well's fields that do not change month to month are bytes made once per well, numbers are written
 * as digits without making strings, and no string is made to be encoded again.
 */

const utf8 = (text: string): Buffer => Buffer.from(text, "utf8");

/** A month's date_prod value and the text after it up to the first number: for a valid row, and for an invalid one (nulls). */
interface MonthBytes {
  readonly valid: Buffer;
  readonly invalid: Buffer;
  readonly days: number;
}

/** A well's constant bytes, in the pieces between the fields that change. */
interface WellBytes {
  /** `{"well_id":...,"county":...,"date_prod":` */
  readonly head: Buffer;
  /** `,"operator":...,"production_month":` */
  readonly operator: Buffer;
  /** `,"region_natgas":...,"sub_region_natgas":...,"prod_water_bbl_day":` */
  readonly place: Buffer;
  /** `,"well_name":...}` */
  readonly tail: Buffer;
  /** Bytes a row of the well can take at most. */
  readonly maxRow: number;
  /** `tail + after + before + head` of the last separators used: what lies between two rows of the well. */
  link?: { readonly join: RowJoinBytes; readonly bytes: Buffer; readonly start: Buffer; readonly end: Buffer };
}

const WET_MONTH = utf8(',"prod_wet_gas_mcf_month":');
const OIL_DAY = utf8(',"prod_oil_bbl_day":');
const OIL_MONTH = utf8(',"prod_oil_bbl_month":');
const WATER_MONTH = utf8(',"prod_water_bbl_month":');
const INVALID_WATER = utf8(`null${WATER_MONTH}null`);
/**
 * Bytes of a row beyond the well's constant pieces, at most: the month's piece (under 140 bytes, with
 * nulls), the keys between the numbers (92), and seven numbers of at most 24 characters of JSON each.
 */
const MAX_VARIABLE_BYTES = 140 + 92 + 7 * 24 + 64;

/** Months from 1900 to 2199 by `month - FIRST_LISTED_MONTH`: an array read, not a Map lookup, for every row. */
const FIRST_LISTED_MONTH = monthNumber(1900, 1);
const listedMonths = new Array<MonthBytes | undefined>(300 * 12).fill(undefined);
/** Any other month (the sandbox's dates are checked, so hardly ever used). */
const otherMonths = new Map<number, MonthBytes>();
/** The numbers of the well-months being written (wellMonthsInto), grown when a well asks for more months. */
let numbersKept = new Float64Array(WELL_MONTH_NUMBERS * 128);

function monthNumbers(months: number): Float64Array {
  if (numbersKept.length < months * WELL_MONTH_NUMBERS) numbersKept = new Float64Array(months * WELL_MONTH_NUMBERS * 2);
  return numbersKept;
}
/**
 * Each catalogue's wells' bytes by well index. Looked up once per answer: a month's answer writes one
 * row per well, and a WeakMap lookup per well was as dear as writing the row.
 */
const catalogues = new WeakMap<readonly Well[], (WellBytes | undefined)[]>();

function monthBytes(month: number): MonthBytes {
  const i = month - FIRST_LISTED_MONTH;
  const listed = i >= 0 && i < listedMonths.length;
  let m = listed ? listedMonths[i] : otherMonths.get(month);
  if (m === undefined) {
    const date = JSON.stringify(formatMonth(month));
    m = {
      valid: utf8(`${date},"prod_wet_gas_mcf_day":`),
      invalid: utf8(`${date},"prod_wet_gas_mcf_day":null,"prod_wet_gas_mcf_month":null,"prod_oil_bbl_day":null,"prod_oil_bbl_month":null`),
      days: daysInMonth(month),
    };
    if (listed) listedMonths[i] = m;
    else otherMonths.set(month, m);
  }
  return m;
}

function wellBytes(table: (WellBytes | undefined)[], w: Well): WellBytes {
  let b = table[w.index];
  if (b === undefined) {
    const j = JSON.stringify;
    const head = utf8(`{"well_id":${j(wellIdOf(w.api))},"county":${j(w.county.name)},"date_prod":`);
    const operator = utf8(`,"operator":${j(w.operatorName)},"production_month":`);
    const place = utf8(`,"region_natgas":${j(w.county.region)},"state_code":${j(w.county.stateAb)},"sub_region_natgas":${j(w.county.subRegion)},"prod_water_bbl_day":`);
    const tail = utf8(`,"well_name":${j(w.wellName)}}`);
    const maxRow = head.length + operator.length + place.length + tail.length + MAX_VARIABLE_BYTES;
    b = { head, operator, place, tail, maxRow, link: undefined };
    table[w.index] = b;
  }
  return b;
}

/** The writer of a dataset's productionbywell rows as bytes (wellMonthRows' `writeWell`). */
export function productionRowsWriter(data: NatgasDataset): WellMonthsWriter {
  const catalogue = wellsOf(data.seed);
  let table = catalogues.get(catalogue);
  if (table === undefined) catalogues.set(catalogue, (table = new Array<WellBytes | undefined>(catalogue.length)));
  const bytes = table;
  return (out, w, first, last, join) => writeProductionRows(data, wellBytes(bytes, w), out, w, first, last, join);
}

/** Writes a well's productionbywell rows for months [first, last], each `join.before + JSON + join.after`. */
function writeProductionRows(data: NatgasDataset, p: WellBytes, out: ByteChunks, w: Well, first: number, last: number, join: RowJoinBytes): void {
  let l = p.link;
  if (l === undefined || l.join !== join) {
    const start = Buffer.concat([join.before, p.head]);
    const end = Buffer.concat([p.tail, join.after]);
    p.link = l = { join, bytes: Buffer.concat([end, start]), start, end };
  }
  const { bytes: link, start, end } = l;
  const room = p.maxRow + join.before.length + join.after.length;
  out.room(room);
  out.pos = writeBytes(out.buf, out.pos, start);
  const numbers = monthNumbers(last - first + 1);
  wellMonthsInto(data.seed, w, first, last, numbers);
  for (let month = first, at = 0; month <= last; month++, at += WELL_MONTH_NUMBERS) {
    const m = monthBytes(month);
    const buf = out.buf;
    let pos = out.pos;
    if (numbers[at + 3] !== 0) {
      pos = writeBytes(buf, pos, m.invalid);
      pos = writeBytes(buf, pos, p.operator);
      pos = writeNumber(buf, pos, month - w.firstProdMonth + 1);
      pos = writeBytes(buf, pos, p.place);
      pos = writeBytes(buf, pos, INVALID_WATER);
    } else {
      const wet = numbers[at] * MCF_PER_BCF * WET_OVER_DRY;
      const oil = numbers[at + 1];
      const water = numbers[at + 2];
      pos = writeBytes(buf, pos, m.valid);
      pos = writeHundredthsOf(buf, pos, Math.round(wet * 100));
      pos = writeBytes(buf, pos, WET_MONTH);
      pos = writeNumber(buf, pos, Math.round(wet * m.days));
      pos = writeBytes(buf, pos, OIL_DAY);
      pos = writeHundredthsOf(buf, pos, Math.round(oil * 100));
      pos = writeBytes(buf, pos, OIL_MONTH);
      pos = writeNumber(buf, pos, Math.round(oil * m.days));
      pos = writeBytes(buf, pos, p.operator);
      pos = writeNumber(buf, pos, month - w.firstProdMonth + 1);
      pos = writeBytes(buf, pos, p.place);
      pos = writeHundredthsOf(buf, pos, Math.round(water * 100));
      pos = writeBytes(buf, pos, WATER_MONTH);
      pos = writeNumber(buf, pos, Math.round(water * m.days));
    }
    if (month === last) {
      out.pos = writeBytes(buf, pos, end);
      return;
    }
    if (pos + end.length + room <= buf.length) {
      out.pos = writeBytes(buf, pos, link);
      continue;
    }
    // The next row may not fit: end this one here and start the next in a fresh buffer.
    out.pos = writeBytes(buf, pos, end);
    out.room(room);
    out.pos = writeBytes(out.buf, out.pos, start);
  }
}
