/**
 * Fictitious operators and service companies. Names are invented by combining words; any likeness to a
 * real company is accidental. Fixed lists, independent of the seed, so documentation can name them.
 */

const FIRST = [
  "Red Mesa", "Blue Heron", "Iron Creek", "Cedar Ridge", "Silver Sage", "Lone Bluff", "Granite Peak", "Prairie Wind",
  "Black Mesa", "Copper Canyon", "Eagle Draw", "Falcon Ridge", "Hickory Hollow", "Juniper Flats", "Kestrel",
  "Limestone", "Maple Run", "North Fork", "Osprey", "Pecan Valley", "Quarry Hill", "Rolling Plains", "Sandstone",
  "Tall Pines", "Upland", "Vermilion Bay", "Whitewater", "Yellow Rock", "Bison Trail", "Sagebrush",
  "Coyote Wells", "Driftwood", "Elk Basin", "Fox Hollow", "Gray Owl", "High Lonesome", "Indian Grass", "Jackrabbit",
  "Keystone Ridge", "Long Draw",
] as const;
const SECOND = ["Energy", "Resources", "Exploration", "Operating", "Petroleum"] as const;

/** A fictitious operator. */
export interface Operator {
  readonly index: number;
  readonly name: string;
  readonly publicOrPrivate: "public" | "private";
  /** Exchange ticker of a public operator, else null. */
  readonly ticker: string | null;
}

/** 200 operators: every first word with every second word. */
export const OPERATORS: readonly Operator[] = FIRST.flatMap((first, i) =>
  SECOND.map((second, j) => {
    const index = i * SECOND.length + j;
    const isPublic = (index * 7 + 3) % 5 === 0;
    const letters = (first.replace(/[^A-Za-z]/g, "").slice(0, 2) + second.slice(0, 2)).toUpperCase();
    return { index, name: `${first} ${second}`, publicOrPrivate: isPublic ? "public" : "private", ticker: isPublic ? letters : null } as const;
  }),
);

/** Fictitious frac service companies. */
export const SERVICE_COMPANIES: readonly string[] = [
  "Proppant Peak Services", "Hydrafrac Partners", "Pressure Pump Co", "Sandline Completions", "Redline Well Services",
  "Stagepoint Frac", "Blue Plug Energy Services", "Tall Tower Pumping", "Wireline West", "Crescent Completion Services",
  "Summit Frac Fleet", "Ironhorse Pressure Pumping",
];
