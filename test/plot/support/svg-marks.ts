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
