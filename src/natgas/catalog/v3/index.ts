/**
 * The natural gas v3 endpoints as data: the spec's (natgas-service.md, Endpoints and Request
 * parameters) and those only the vendor's published v3 pages and Python client describe. Each entry's
 * `source` says which. Drives validation, the client's methods and their types, frame schemas and the tests.
 */
import { v3Activity } from "./activity";
import { v3Forecasts } from "./forecasts";
import { v3Production } from "./production";
import { v3Reference } from "./reference";

const { shortTermForecastHistory, shortTermForecast, stfAggregatedHistory, shortTermForecastDeclines, longTermForecast } = v3Forecasts;
const { productionByCountyAndOperator, productionByWell, dailyProduction } = v3Production;
const { fracCrews, completions, rigs, wells, dailyFrackedFeet, ducsByOperator } = v3Activity;
const { pipelineScrapeStatus, pipelineScrapes, dtils, tilMonitoring, regions, operatorClassification, shortTermForecastHistoryDates } = v3Reference;

/** v3 endpoints by client method name: the spec's in its order, then those from the published pages. */
export const v3 = {
  shortTermForecastHistory,
  productionByCountyAndOperator,
  shortTermForecast,
  fracCrews,
  completions,
  rigs,
  wells,
  longTermForecast,
  dailyFrackedFeet,
  pipelineScrapeStatus,
  dtils,
  productionByWell,
  stfAggregatedHistory,
  shortTermForecastDeclines,
  dailyProduction,
  ducsByOperator,
  pipelineScrapes,
  regions,
  operatorClassification,
  tilMonitoring,
  shortTermForecastHistoryDates,
};

/** The v3 catalog's type. */
export type V3Catalog = typeof v3;

/**
 * Service labels that mean a schema field, by endpoint (the entries' `fieldAliases`): the
 * productionbycountyandoperator sample labels the field table's `state_code` as `state_ab`; rows are
 * normalised to the field table's name.
 */
export const v3FieldAliases: Partial<Record<keyof V3Catalog, Readonly<Record<string, string>>>> = {
  productionByCountyAndOperator: v3.productionByCountyAndOperator.fieldAliases,
};
