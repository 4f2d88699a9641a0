/**
 * The sandbox rigs query the compaction and object-storage lake tests sync: one state of the west region
 * (Colorado, about 650 rig-days a month, every month of 2023-2025). The whole west region is 11,500 a
 * month: 318,000 rows for the 27 months the compaction tests sync, which each read back whole several
 * times to compare answers exactly, about 4 s of CPU a read. What they test (the files planned and
 * written, snapshots, locks, revisions, the memory limit) does not depend on the number of rows.
 */
export const SMALL_RIGS = { region_natgas: ["west"], state_code: ["CO"] } as const;
