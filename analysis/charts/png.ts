/**
 * PNG copies of the SVG charts, for viewers that drop SVG (nbconvert's HTML export, some
 * notebook previews). @napi-rs/canvas draws the SVG with Skia, which reads SVG attributes but
 * not CSS: before drawing, the few things Observable Plot leaves to CSS are written out as
 * attributes (current colour, em offsets, a font that is installed).
 */

/** Fonts tried in order; Skia maps no generic family, so name real ones. */
const FONTS = "DejaVu Sans, Liberation Sans, Arial, Helvetica";

/** The SVG with CSS-only details made explicit for Skia. */
export function skiaReady(svg: string): string {
  return svg
    .replace(/<style>[\s\S]*?<\/style>/g, "")
    .replace(/(stroke|fill)="currentColor"/g, '$1="#000"')
    // Skia drops a group's stroke-opacity: a faint black (grid lines) becomes the grey it shows
    .replace(/<g\b[^>]*>/g, (tag) => {
      const opacity = /stroke-opacity="([\d.]+)"/.exec(tag)?.[1];
      if (!opacity || !tag.includes('stroke="#000"')) return tag;
      const grey = Math.round(255 * (1 - Number(opacity))).toString(16).padStart(2, "0");
      return tag.replace('stroke="#000"', `stroke="#${grey.repeat(3)}"`)
        .replace(/ stroke-opacity="[\d.]+"/, "");
    })
    // Skia ignores paint-order: a label's white halo (stroke painted first) covered its text,
    // so each halo is drawn as a copy of its own beneath the text
    .replace(
      /<g\b([^>]*)\bpaint-order="stroke"([^>]*)>((?:(?!<g\b)[\s\S])*?)<\/g>/g,
      (_, a: string, b: string, inner: string) => {
        const attrs = `${a}${b}`;
        const halo = inner.replace(/\bfill="[^"]*"/g, 'fill="none"');
        const text = attrs.replace(/\s(?:stroke|stroke-width|stroke-linejoin)="[^"]*"/g, "");
        return `<g${attrs} fill="none">${halo}</g><g${text}>${inner}</g>`;
      },
    )
    .replace(/font-family="[^"]*"/g, `font-family="${FONTS}"`)
    // Plot offsets tick labels in em of its 10px font
    .replace(/\b(x|y|dx|dy)="(-?[\d.]+)em"/g, (_, k, v) => `${k}="${(Number(v) * 10).toFixed(1)}"`)
    .replace(/<text\b([^>]*)>([\s\S]*?)<\/text>/g, absoluteLines)
    .replace(/<svg\b(?![^>]*font-family)/, `<svg font-family="${FONTS}" font-size="10"`);
}

/**
 * A text element whose lines are tspans placed by `dy` (Plot's two-line date ticks: "4" over
 * "Oct") with each line at an absolute `y`: Skia measures a tspan's `dy` from the text's own
 * position, not from the line above, so the month was drawn over the day.
 */
function absoluteLines(all: string, attrs: string, inner: string): string {
  if (!/<tspan\b[^>]*\bdy="/.test(inner)) return all;
  let y = Number(/\sy="(-?[\d.]+)"/.exec(attrs)?.[1] ?? 0);
  const lines = inner.replace(/<tspan\b([^>]*)>/g, (_, a: string) => {
    const abs = /\sy="(-?[\d.]+)"/.exec(a);
    const rel = /\sdy="(-?[\d.]+)"/.exec(a);
    if (abs) y = Number(abs[1]);
    if (rel) y += Number(rel[1]);
    return `<tspan${a.replace(/\s(?:y|dy)="[^"]*"/g, "")} y="${Number(y.toFixed(1))}">`;
  });
  return `<text${attrs}>${lines}</text>`;
}

/** Renders SVG chart text to PNG bytes at `scale` (2 for sharp text on high-density screens). */
export async function svgToPng(svg: string, scale = 1): Promise<Uint8Array> {
  const { Image, createCanvas } = await import("@napi-rs/canvas");
  const image = new Image();
  image.src = new TextEncoder().encode(skiaReady(svg)) as never;
  if (!image.width || !image.height) throw new Error("the chart SVG has no size to render");
  const canvas = createCanvas(Math.round(image.width * scale), Math.round(image.height * scale));
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "white";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.scale(scale, scale);
  ctx.drawImage(image, 0, 0);
  return new Uint8Array(await canvas.encode("png"));
}
