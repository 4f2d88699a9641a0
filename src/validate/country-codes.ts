/**
 * ISO 3166-1 alpha-2 country codes (the 249 officially assigned codes).
 */
const CODES =
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ " +
  "BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ " +
  "DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU " +
  "ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ " +
  "LA LB LC LI LK LR LS LT LU LV LY " +
  "MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ " +
  "NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA " +
  "RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ " +
  "TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW";

/** Every ISO 3166-1 alpha-2 code, upper case. */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(CODES.split(" "));

const ALPHA3 =
  "USA US GBR GB JPN JP CHN CN KOR KR TWN TW QAT QA AUS AU NLD NL BEL BE FRA FR ESP ES DEU DE ITA IT " +
  "IND IN EGY EG NGA NG NOR NO RUS RU TTO TT PER PE MEX MX BRA BR ARG AR CHL CL PAK PK BGD BD THA TH " +
  "SGP SG MYS MY IDN ID TUR TR POL PL PRT PT GRC GR HRV HR LTU LT DZA DZ AGO AO OMN OM ARE AE KWT KW " +
  "CAN CA COL CO PAN PA JAM JM DOM DO MOZ MZ PNG PG BRN BN CMR CM GNQ GQ SEN SN MRT MR FIN FI SWE SE " +
  "DNK DK IRL IE ISR IL JOR JO LBN LB PHL PH VNM VN";

/**
 * Codes people commonly use that are not ISO 3166-1 alpha-2 (UK, EL, and the alpha-3 codes of the
 * LNG trading countries), with the alpha-2 code they mean; used for "did you mean" suggestions.
 */
export const COUNTRY_CODE_ALIASES: Readonly<Record<string, string>> = (() => {
  const out: Record<string, string> = { UK: "GB", EL: "GR" };
  const words = ALPHA3.split(" ");
  for (let i = 0; i < words.length; i += 2) out[words[i]!] = words[i + 1]!;
  return out;
})();
