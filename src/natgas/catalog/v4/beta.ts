/**
 * v4 endpoints the vendor's v4 reference and Excel pages add beyond the spec: monthly dry gas factors
 * by sub-region, and dark oil terminal volumes (beta).
 */
import type { EndpointSpec } from "../../../catalog/types";
import { v4Field as F } from "../shared/fields";
import { aggregateBy, date, excelPage, post, range, strArr, sub_region_natgas } from "./params";

/** The vendor's v4 API reference page of an endpoint (`beta/dark_oil/volumes` -> `beta_dark_oil_volumes.html`). */
export const v4Page = (path: string): string => `https://apidocs.synmax.com/v4/${path.replace(/\//g, "_")}.html`;

const barrels = (name: string, description: string) => ({ name, type: "int", unit: "BBL", description }) as const;

/** Dry gas factors and dark oil volumes. */
export const v4Beta = {
  dryGasFactors: {
    ...post,
    method: "dryGasFactors",
    path: "/v4/drygasfactors",
    params: [sub_region_natgas, date("date_factor_min"), date("date_factor_max")],
    ranges: [range("date_factor_min", "date_factor_max")],
    record: {
      name: "natgas.v4.dryGasFactors",
      fields: [
        { name: "date_factor", type: "date", description: "the month the factor applies to (YYYY-MM-01)" },
        F.sub_region_natgas,
        { name: "dry_gas_factor", type: "float", description: "dry gas / wet gas in the sub-region that month (a ratio, no unit)" },
      ],
    },
    source: {
      docs: [excelPage("drygasfactors")],
      choice:
        "The page gives POST, the path and the parameters (sub_region_natgas, date_factor_min, date_factor_max), not the fields: " +
        "gasframes names them date_factor, sub_region_natgas and dry_gas_factor, after the parameters and the v4 naming.",
    },
    description: "Monthly dry gas factors by sub-region: dry gas = wet gas x factor.",
  },
  darkOilVolumes: {
    ...post,
    method: "darkOilVolumes",
    path: "/v4/beta/dark_oil/volumes",
    params: [
      aggregateBy(["date", "terminal", "country", "month", "year"] as const),
      strArr("country"),
      date("date_max"),
      date("date_min"),
      strArr("terminal"),
      strArr("terminal_id"),
    ],
    ranges: [range("date_min", "date_max")],
    record: {
      name: "natgas.v4.darkOilVolumes",
      fields: [
        { name: "count", type: "int", description: "transactions observed" },
        { name: "country", type: "string", description: "the terminal's country (when aggregating by country)" },
        { name: "date", type: "date" },
        { name: "images", type: "int", description: "satellite images captured" },
        { name: "imputed_count", type: "int", description: "transactions imputed for days without imagery (0 when imagery exists)" },
        barrels("imputed_volume", "volume imputed for days without imagery (0 when imagery exists)"),
        { name: "month", type: "date", description: "the month (YYYY-MM-01) of the row, or of the group when aggregating by month" },
        { name: "terminal", type: "string", description: "terminal name (when aggregating by terminal)" },
        { name: "terminal_id", type: "string", description: "terminal identifier (when aggregating by terminal)" },
        { name: "total_count", type: "int", description: "observed and imputed transactions" },
        barrels("total_volume", "observed and imputed volume"),
        barrels("volume", "volume of the observed transactions, in barrels"),
        { name: "volume_unit", type: "string", description: "the unit of the volumes: \"barrels\"" },
        { name: "year", type: "int", description: "the year of the row, or of the group when aggregating by year" },
      ],
    },
    source: {
      docs: [v4Page("beta/dark_oil/volumes")],
      choice:
        "Parameters and fields as the page's tables give them (volumes in barrels, unit BBL). Aggregated rows carry only the columns of " +
        "their dimensions (the page: \"included when aggregating by ...\"), so the record schema is kept and the others are absent (null); the page names " +
        "month and year as dimensions but no field for them: gasframes adds month (YYYY-MM-01) and year (an integer), on every plain row too " +
        "(\"if not specified, all dimensions are included\").",
    },
    description: "Transactions and volumes (barrels) at dark oil terminals, observed and imputed (beta).",
  },
} as const satisfies Record<string, EndpointSpec>;
