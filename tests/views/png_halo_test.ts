/**
 * Charts' PNG copies (notebooks, exported HTML) are drawn by Skia, which ignores paint-order: a
 * label's white halo was painted over its text, leaving white smudges where the move labels were.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { skiaReady, svgToPng } from "../../analysis/charts/png.ts";

const LABEL = '<g transform="translate(0,-12)" font-weight="bold" font-size="10" ' +
  'paint-order="stroke" stroke-linejoin="round" stroke-width="3" stroke="white" ' +
  'aria-label="text"><text fill="#1a7f37" x="40" y="30">+12.0%</text></g>';

Deno.test("skiaReady draws a label's halo beneath its text, not over it", () => {
  const out = skiaReady(`<svg width="100" height="50">${LABEL}</svg>`);
  assert.ok(!out.includes("paint-order"), out);
  const halo = out.indexOf('fill="none">');
  const text = out.indexOf('<text fill="#1a7f37"');
  assert.ok(halo >= 0 && text > halo, out); // the halo copy first, then the coloured text
  assert.match(out, /<g transform="translate\(0,-12\)"[^>]*stroke="white"[^>]*fill="none">/);
  assert.match(out, /<g transform="translate\(0,-12\)"(?![^>]*stroke=)[^>]*><text fill="#1a7f37"/);
});

Deno.test("a halo-labelled chart's PNG shows the label's colour", async () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="50">` +
    `<rect width="120" height="50" fill="white"/>${
      LABEL.replace('font-size="10"', 'font-size="24"')
    }</svg>`;
  const png = await svgToPng(svg, 1);
  const { createCanvas, loadImage } = await import("@napi-rs/canvas");
  const img = await loadImage(Buffer.from(png));
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(img, 0, 0);
  const { data } = ctx.getImageData(0, 0, img.width, img.height);
  let green = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 1] > 100 && data[i] < 80 && data[i + 2] < 100) green++;
  }
  assert.ok(green > 150, `only ${green} green pixels: the label's text is not drawn`);
});
