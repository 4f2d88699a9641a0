// The "did you mean" helpers live in util/ so that the table module (below validate/) can use them too.
export { closest, editDistance } from "../util/closest";
