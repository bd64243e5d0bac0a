/// <reference lib="dom" />
/**
 * Observable Plot needs a DOM `document`; linkedom provides one without a browser. Charts are
 * returned as SVG text.
 */
import type * as PlotModule from "@observablehq/plot";

let loaded: Promise<{ Plot: typeof PlotModule; document: Document }> | null = null;

/** Loads Observable Plot and a linkedom document (once, on first chart). */
export function plotKit(): Promise<{ Plot: typeof PlotModule; document: Document }> {
  return (loaded ??= (async () => {
    const { parseHTML } = await import("linkedom");
    const { document } = (parseHTML as (html: string) => { document: unknown })(
      "<!DOCTYPE html><html><body></body></html>",
    );
    const Plot = await import("@observablehq/plot");
    return { Plot, document: document as unknown as Document };
  })());
}

/** Serialises a Plot result (an SVG or a figure wrapping one) with the SVG namespace. */
export function toSvgText(node: Element): string {
  let html = (node as unknown as { outerHTML: string }).outerHTML;
  if (html.startsWith("<svg") && !html.includes('xmlns="http://www.w3.org/2000/svg"')) {
    html = html.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"');
  }
  return html;
}
