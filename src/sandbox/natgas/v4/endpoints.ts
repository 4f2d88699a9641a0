import type { NatgasEndpoint } from "../shared/endpoint";
import { v4Completions, v4FracCrews, v4Rigs } from "./activity";
import { v4ShortTermForecastDeclines } from "./declines";
import { v4ShortTermForecast, v4ShortTermForecastHistory, v4ShortTermForecastHistoryDates } from "./forecasts";
import { productionByWell } from "./production-by-well";
import { v3OperatorClassification, v4Glossary, v4OperatorClassification, v4Regions } from "./reference";
import { v4DailyFrackedFeet, v4DailyProduction, v4DucsByOperator, v4LongTermForecast } from "./series";
import { v4Lower48StfFilled, v4StfAggregatedHistory } from "./stf-aggregates";
import { v4Tils } from "./tils";
import { v4DryGasFactors } from "./dry-gas-factors";
import { v4DarkOilVolumes } from "./dark-oil-volumes";

/** The v4 endpoints (and the v3 reference endpoints kept for migration), by path. */
export const V4_ENDPOINTS: readonly (readonly [string, NatgasEndpoint])[] = [
  ["/v4/completions", v4Completions],
  ["/v4/dailyfrackedfeet", v4DailyFrackedFeet],
  ["/v4/dailyproduction", v4DailyProduction],
  ["/v4/ducsbyoperator", v4DucsByOperator],
  ["/v4/glossary", v4Glossary],
  ["/v4/fraccrews", v4FracCrews],
  ["/v4/longtermforecast", v4LongTermForecast],
  ["/v4/operatorclassification", v4OperatorClassification],
  ["/v4/productionbywell", productionByWell],
  ["/v4/regions", v4Regions],
  ["/v4/rigs", v4Rigs],
  ["/v4/shorttermforecast", v4ShortTermForecast],
  ["/v4/shorttermforecastdeclines", v4ShortTermForecastDeclines],
  ["/v4/shorttermforecasthistory", v4ShortTermForecastHistory],
  ["/v4/shorttermforecasthistorydates", v4ShortTermForecastHistoryDates],
  ["/v4/stfaggregatedhistory", v4StfAggregatedHistory],
  ["/v4/lower_48_stf_filled", v4Lower48StfFilled],
  ["/v4/tils", v4Tils],
  ["/v4/drygasfactors", v4DryGasFactors],
  ["/v4/beta/dark_oil/volumes", v4DarkOilVolumes],
  ["/v3/operatorclassification", v3OperatorClassification],
];
