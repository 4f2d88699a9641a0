export { NameChecker, warnIfEmpty, type NameCheckerOptions, type NameCheckOutcome, type UncheckedNames } from "./name-checker";
export { BUILT_IN_NAMES, NameIndex, nameKey, nearestNames, type NameLists } from "./known-names";
export { NAME_KIND_LABEL, nameKindOf, UNLISTED, type NameKind, type NameService } from "./name-kinds";
export { NAME_FETCHERS, fetchNatgasNames, fetchLngNames, type LiveNames, type NameFetcher, type NameListRequest, type NameListTransport } from "./name-sources";
export { EmptyAnswerWatch } from "./empty-answer";
