/**
 * Believable, deterministic test data in the services' own field names (a seeded generator, so every run
 * draws the same charts).
 */

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const day = (y: number, m: number, d: number): string => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
const month = (y: number, m: number): string => day(y, m, 1);

/** Daily volume_flows records for two destination countries: 40 observed days then 20 forecast days. */
export function flowRecords(): Record<string, unknown>[] {
  const rand = rng(7);
  const rows: Record<string, unknown>[] = [];
  for (const [country, base] of [["Japan", 0.28], ["China", 0.22]] as const) {
    for (let d = 0; d < 60; d++) {
      const forecast = d >= 40;
      const volume = base + 0.08 * Math.sin(d / 6) + 0.05 * rand();
      rows.push({
        timestamp: `${day(2024, 4, 1 + d)}T00:00:00Z`,
        destination_country: country,
        volume: Math.round(volume * 1000) / 1000,
        count: Math.round(volume * 12),
        volume_unit: "gas_Bcf",
        volume_std: forecast ? Math.round((0.02 + 0.004 * (d - 40)) * 1000) / 1000 : 0,
        count_std: forecast ? 0.5 : 0,
      });
    }
  }
  return rows;
}

/** Monthly production rows (date, region, sub_region, gas_daily in BCF/day) for three regions, two counties each. */
export function productionRecords(): Record<string, unknown>[] {
  const rand = rng(11);
  const rows: Record<string, unknown>[] = [];
  const regions: [string, string, number][] = [["Permian", "Delaware", 11], ["Appalachia", "Marcellus", 18], ["Haynesville", "Haynesville", 9]];
  for (let m = 0; m < 18; m++) {
    const y = 2023 + Math.floor(m / 12);
    for (const [region, sub, base] of regions) {
      for (const county of ["A", "B"]) {
        rows.push({
          date: month(y, (m % 12) + 1),
          region,
          sub_region: sub,
          county: `${sub} ${county}`,
          gas_daily: Math.round((base / 2 + m * 0.05 + rand() * 0.3) * 1000) / 1000,
        });
      }
    }
  }
  return rows;
}

/** Actual, short-term forecast (two runs) and backcast (two runs) rows for the Permian region. */
export function forecastRecords(): { actual: Record<string, unknown>[]; forecast: Record<string, unknown>[]; backcast: Record<string, unknown>[] } {
  const rand = rng(5);
  const level = (m: number): number => 22 + m * 0.12;
  const actual = Array.from({ length: 12 }, (_, m) => ({ date: month(2023, m + 1), region: "Permian", gas_daily: Math.round((level(m) + rand() * 0.4) * 100) / 100 }));
  const forecast: Record<string, unknown>[] = [];
  for (const run of ["2023-11-15", "2023-12-15"]) {
    for (let m = 11; m < 15; m++) {
      forecast.push({ date: month(2023 + Math.floor(m / 12), (m % 12) + 1), forecast_run_date: run, region: "Permian", gas_daily: Math.round((level(m) + 0.3 + rand() * 0.3) * 100) / 100 });
    }
  }
  const backcast: Record<string, unknown>[] = [];
  for (const [run, first] of [["2023-04-15", 1], ["2023-08-15", 5]] as const) {
    for (let m = first; m < first + 6; m++) {
      backcast.push({ date: month(2023, m + 1), forecast_run_date: run, region: "Permian", gas_daily: Math.round((level(m) - 0.4 + rand() * 0.5) * 100) / 100 });
    }
  }
  return { actual, forecast, backcast };
}

/** One row per rig per operating day for 5 weeks (Mondays start), with rig_class and region. */
export function rigRecords(): Record<string, unknown>[] {
  const rand = rng(3);
  const rows: Record<string, unknown>[] = [];
  for (let d = 0; d < 35; d++) {
    for (let rig = 0; rig < 12; rig++) {
      if (rand() < 0.15) continue;
      rows.push({
        date: day(2024, 4, 1 + d),
        wellpad_id: 1000 + rig,
        rig_class: rig % 3 === 0 ? "oil" : "gas",
        region: rig % 2 === 0 ? "Permian" : "Appalachia",
        lat: String(31 + (rig % 5) * 1.7),
        long: String(-103 + rig * 1.9),
        operator_name: `Operator ${rig % 4}`,
        county: "Reeves",
      });
    }
  }
  return rows;
}

/** Daily fracked-feet rows for two sub-regions over 30 days. */
export function frackedFeetRecords(): Record<string, unknown>[] {
  const rand = rng(9);
  const rows: Record<string, unknown>[] = [];
  for (let d = 0; d < 30; d++) {
    for (const [sub, base] of [["Delaware", 90000], ["Marcellus", 55000]] as const) {
      rows.push({ date: day(2024, 5, 1 + d), region: sub === "Delaware" ? "Permian" : "Appalachia", sub_region: sub, fracked_feet: Math.round(base + rand() * 20000) });
    }
  }
  return rows;
}

/** Aggregated completions rows (completions_count, county, end_date in the service's M/D/YYYY). */
export function completionRecords(): Record<string, unknown>[] {
  const rand = rng(13);
  const rows: Record<string, unknown>[] = [];
  for (let d = 0; d < 28; d++) {
    for (const county of ["Reeves", "Loving"]) rows.push({ end_date: `5/${d + 1}/2024`, county, completions_count: Math.floor(rand() * 6) });
  }
  return rows;
}

/** Map points: frac crews with lat/long strings across several basins. */
export function fracCrewRecords(): Record<string, unknown>[] {
  const rand = rng(17);
  const basins: [number, number, string][] = [[31.7, -103.5, "Permian"], [40.5, -80.2, "Appalachia"], [32.2, -93.8, "Haynesville"], [47.8, -103.2, "Williston"], [28.6, -98.4, "Eagle Ford"]];
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < 60; i++) {
    const [lat, long, region] = basins[i % basins.length]!;
    rows.push({
      date: "2024-05-01",
      lat: (lat + (rand() - 0.5) * 1.6).toFixed(5),
      long: (long + (rand() - 0.5) * 1.6).toFixed(5),
      frac_class: i % 3 === 0 ? "oil" : "gas",
      region,
      operator_name: `Operator ${i % 7}`,
      service_company: `Service ${i % 3}`,
      wellpad_id: 2000 + i,
    });
  }
  return rows;
}

/** deriveVoyages-style rows: four vessels alternating laden and ballast legs; the last leg still under way. */
export function voyageRecords(): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  const terminals = ["Sabine Pass", "Futtsu", "Corpus Christi", "Rotterdam Gate", "Cameron"];
  [9301234, 9405678, 9512345, 9623456].forEach((imo, v) => {
    let t = Date.UTC(2024, 2, 1 + v * 4);
    for (let leg = 0; leg < 5; leg++) {
      const laden = leg % 2 === 0;
      const days = laden ? 18 + v * 2 : 12 + v;
      const end = t + days * 86_400_000;
      rows.push({
        imo,
        tx: leg,
        start_date: new Date(t).toISOString(),
        end_date: leg === 4 && v === 0 ? null : new Date(end).toISOString(),
        start_terminal: terminals[(v + leg) % terminals.length],
        end_terminal: terminals[(v + leg + 1) % terminals.length],
        voyage_status: laden ? "Laden" : "Ballast",
        volume: laden ? 3.4 + v * 0.1 : 0,
        volume_unit: "gas_Bcf",
      });
      t = end + 86_400_000;
    }
  });
  return rows;
}
