/** Reading a vega SVG in tests: the items of each mark group, their attributes, and the text shown. */

export interface MarkGroup {
  /** Vega mark type: line, area, rect, symbol, shape, text... */
  type: string;
  /** The `<path ...>` elements of the group, one per drawn item. */
  paths: string[];
}

export function markGroups(svg: string): MarkGroup[] {
  const out: MarkGroup[] = [];
  for (const m of svg.matchAll(/<g class="mark-(\w+) role-mark[^"]*"[^>]*>(.*?)<\/g>/gs)) {
    out.push({ type: m[1]!, paths: [...m[2]!.matchAll(/<path[^>]*>/g)].map((p) => p[0]) });
  }
  return out;
}

/** The drawn items of one mark type, over every group of that type. */
export function itemsOf(svg: string, type: string): string[] {
  return markGroups(svg).filter((g) => g.type === type).flatMap((g) => g.paths);
}

export function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);
}

export function attr(element: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(element)?.[1];
}

/** One drawn legend: its entries' symbol paths and labels, and its title when it has one. */
export interface SvgLegend {
  title: string | undefined;
  symbols: string[];
  labels: string[];
}

/** The legends of a vega SVG, in drawing order (each runs from its `role-legend` group to the next legend or the title). */
export function legendsOf(svg: string): SvgLegend[] {
  const chunks = svg.split(/<g class="mark-group role-legend"[^>]*>/).slice(1);
  return chunks.map((chunk) => {
    const own = chunk.split('<g class="mark-group role-title"')[0]!;
    const group = (role: string, tag: string): string[] =>
      [...own.matchAll(new RegExp(`<g class="mark-\\w+ role-${role}"[^>]*>(.*?)</g>`, "gs"))].flatMap((m) =>
        [...m[1]!.matchAll(new RegExp(`<${tag}[^>]*>([^<]*)`, "g"))].map((t) => (tag === "path" ? t[0] : t[1]!)),
      );
    return { title: group("legend-title", "text")[0], symbols: group("legend-symbol", "path"), labels: group("legend-label", "text") };
  });
}
