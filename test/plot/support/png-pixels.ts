import { Resvg } from "@resvg/resvg-js";

/**
 * Decodes PNG bytes to RGBA pixels by letting resvg draw them as an <image> at their own size, so the
 * bytes `toPng` wrote are what is inspected.
 */
export function pngPixels(png: Buffer): { width: number; height: number; pixels: Buffer } {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<image width="${width}" height="${height}" href="data:image/png;base64,${png.toString("base64")}"/></svg>`;
  const rendered = new Resvg(svg).render();
  return { width: rendered.width, height: rendered.height, pixels: Buffer.from(rendered.pixels) };
}

/** Share of pixels that are not (near) white, and the number of distinct colours (coarsely binned). */
export function inkStats(png: Buffer): { width: number; height: number; ink: number; colours: number } {
  const { width, height, pixels } = pngPixels(png);
  let ink = 0;
  const colours = new Set<number>();
  for (let i = 0; i < pixels.length; i += 4) {
    const r = pixels[i]!, g = pixels[i + 1]!, b = pixels[i + 2]!;
    if (r < 240 || g < 240 || b < 240) ink += 1;
    colours.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4));
  }
  return { width, height, ink: ink / (width * height), colours: colours.size };
}
