import { pick } from "../../core/hash";

/** Drilled-but-uncompleted wells of a county-operator pair at the start of a month (0-8), as /v4/ducsbyoperator reports. */
export function ducsOf(seed: number, pairIndex: number, month: number): number {
  return pick(9, seed, pairIndex, month, 89);
}
