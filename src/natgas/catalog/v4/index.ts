/**
 * The natural gas v4 endpoints as data (spec: natgas-service.md, Versioning; the vendor's v4 pages).
 * Each entry's `source` says which of the two it follows and where gasframes chose; docs/conformance.md
 * lists them endpoint by endpoint.
 */
import { v4Activity } from "./activity";
import { v4Beta } from "./beta";
import { v4Forecasts } from "./forecasts";
import { v4Reference } from "./reference";
import { v4Series } from "./series";
import { v4StfAggregates } from "./stf-aggregates";
import { v4Wells } from "./wells";

const { completions, fracCrews, rigs, tils } = v4Activity;
const { dailyFrackedFeet, dailyProduction, ducsByOperator, longTermForecast } = v4Series;
const { productionByWell } = v4Wells;
const { shortTermForecast, shortTermForecastDeclines, shortTermForecastHistory, shortTermForecastHistoryDates } = v4Forecasts;
const { stfAggregatedHistory, lower48StfFilled } = v4StfAggregates;
const { glossary, operatorClassification, regions } = v4Reference;
const { dryGasFactors, darkOilVolumes } = v4Beta;

/** v4 endpoints by client method name: the spec's, in its order, then those only the vendor's pages name. */
export const v4 = {
  completions,
  dailyFrackedFeet,
  dailyProduction,
  ducsByOperator,
  glossary,
  fracCrews,
  longTermForecast,
  operatorClassification,
  productionByWell,
  regions,
  rigs,
  shortTermForecast,
  shortTermForecastDeclines,
  shortTermForecastHistory,
  shortTermForecastHistoryDates,
  stfAggregatedHistory,
  lower48StfFilled,
  tils,
  dryGasFactors,
  darkOilVolumes,
};

/** The v4 catalog's type. */
export type V4Catalog = typeof v4;
export { v4Datalinks } from "./datalinks";
