// Straightforward implementations (Date objects, object maps) of the LNG aggregations, written the
// way an analyst would, as the references of scenario 5. Same rules as gasframes, no tuning.

/** Daily flows summed into weeks (starting Monday) or calendar months per `by` tuple. */
export function naiveResample(records, freq, by) {
  const groups = {};
  for (const r of records) {
    const d = new Date(r.timestamp);
    const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
    let start;
    if (freq === "week") {
      const back = (day.getUTCDay() + 6) % 7;
      start = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - back));
    } else {
      start = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
    }
    const period = start.toISOString().slice(0, 10);
    const key = JSON.stringify([...by.map((b) => r[b]), period]);
    let g = groups[key];
    if (g === undefined) {
      g = { period, volume: 0, hasVolume: false, count: 0, volumeVar: 0, countVar: 0, days: 0 };
      for (const b of by) g[b] = r[b];
      groups[key] = g;
    }
    g.days++;
    if (r.volume !== null) {
      g.volume += r.volume;
      g.hasVolume = true;
    }
    if (r.count !== null) g.count += r.count;
    if (r.volume_std !== null) g.volumeVar += r.volume_std * r.volume_std;
    if (r.count_std !== null) g.countVar += r.count_std * r.count_std;
  }
  const out = Object.values(groups).map((g) => ({
    ...g,
    volume: g.hasVolume ? g.volume : NaN,
    volume_std: Math.sqrt(g.volumeVar),
    count_std: Math.sqrt(g.countVar),
  }));
  out.sort((a, b) => {
    for (const k of [...by, "period"]) if (a[k] !== b[k]) return a[k] < b[k] ? -1 : 1;
    return 0;
  });
  return out;
}

const letter = (type) => (type === "loading" ? "L" : type === "offloading" ? "R" : "?");

/** Voyage legs from transactions (the deriveVoyages rules: drop, dedupe, order, pair, notation, volume). */
export function naiveVoyages(records) {
  const latest = {};
  const kept = [];
  records.forEach((r, i) => {
    if (r.imo === null || r.imo === undefined || r.destination_timestamp === null || r.destination_timestamp === undefined) return;
    const t = { ...r, order: i, time: new Date(r.destination_timestamp.replace(" ", "T").replace(/\+00$/, "Z")) };
    if (r.transaction_number === null || r.transaction_number === undefined) {
      kept.push(t);
      return;
    }
    const key = `${r.imo}|${r.transaction_number}`;
    const prev = latest[key];
    if (prev === undefined || new Date(t.modified_at.replace(" ", "T").replace(/\+00$/, "Z")) >= new Date(prev.modified_at.replace(" ", "T").replace(/\+00$/, "Z"))) {
      latest[key] = t;
    }
  });
  for (const t of Object.values(latest)) kept.push(t);
  const byVessel = {};
  for (const t of kept) (byVessel[t.imo] ??= []).push(t);
  const legs = [];
  for (const imo of Object.keys(byVessel).sort((a, b) => Number(a) - Number(b))) {
    const txs = byVessel[imo].sort((a, b) => {
      if (a.time.getTime() !== b.time.getTime()) return a.time - b.time;
      const an = a.transaction_number ?? Infinity;
      const bn = b.transaction_number ?? Infinity;
      if (an !== bn) return an - bn;
      return a.order - b.order;
    });
    for (let k = 1; k < txs.length; k++) {
      const a = txs[k - 1];
      const b = txs[k];
      const voyageTx = `${letter(a.transaction_type)} to ${letter(b.transaction_type)}`;
      const volume = b.transaction_type === "offloading" ? b.volume : a.transaction_type === "loading" ? a.volume : 0;
      legs.push({
        imo: Number(imo),
        tx: k,
        start_date: a.time.toISOString(),
        end_date: b.time.toISOString(),
        start_terminal: a.destination_terminal,
        end_terminal: b.destination_terminal,
        voyage_tx: voyageTx,
        voyage_status: voyageTx === "R to L" ? "Ballast" : "Laden",
        volume,
        forecasted: Boolean(a.forecasted_transaction || b.forecasted_transaction),
      });
    }
  }
  return legs;
}
