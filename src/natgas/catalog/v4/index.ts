/**
 * The natural gas v4 endpoints as data (spec: natgas-service.md, Versioning). Where the spec leaves a
 * name unsaid, the choice is the sandbox's and is documented in docs/natural-gas.md (migrating from v3 to v4).
 */
import { v4Activity } from "./activity";
import { v4Reference } from "./reference";
import { v4Series } from "./series";
import { v4Wells } from "./wells";

const { completions, fracCrews, rigs } = v4Activity;
const { dailyFrackedFeet, dailyProduction, ducsByOperator, longTermForecast } = v4Series;
const { productionByWell, shortTermForecast, shortTermForecastDeclines, shortTermForecastHistory, shortTermForecastHistoryDates } = v4Wells;
const { glossary, operatorClassification, regions } = v4Reference;

/** v4 endpoints by client method name, in the spec's order. */
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
};

/** The v4 catalog's type. */
export type V4Catalog = typeof v4;
export { v4Datalinks } from "./datalinks";
