/** One-time warnings (see src/util/warn-once.ts), as the clients and their callers know them. */
export { resetWarnings, warnOnce, type WarningSink } from "../util/warn-once";
