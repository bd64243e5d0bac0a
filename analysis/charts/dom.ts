/**
 * Observable Plot needs a DOM `document`; linkedom provides one without a browser. Charts are
 * returned as SVG text.
 */
import type * as PlotModule from "@observablehq/plot";

/**
 * The part of a DOM element the charts use. Declared here rather than taken from the browser's
 * `dom` library, which a published module may not switch on for its importers.
 */
export interface ChartElement {
  /** Tag name, e.g. `svg` or `figure`. */
  readonly tagName: string;
  /** The element's markup. */
  readonly outerHTML: string;
  /** Its text. */
  readonly textContent: string | null;
  /** An attribute's value, or null. */
  getAttribute(name: string): string | null;
  /** Sets an attribute. */
  setAttribute(name: string, value: string): void;
  /** The first descendant matching a CSS selector. */
  querySelector(selector: string): ChartElement | null;
  /** Every descendant matching a CSS selector. */
  querySelectorAll(selector: string): Iterable<ChartElement>;
}

/** The document Plot renders into (a linkedom document), passed as Plot's `document` option. */
export interface PlotDocument {
  /** Creates an element, as Plot does for every mark. */
  createElement(tag: string): unknown;
}

/** Observable Plot and a document to render into. */
export interface PlotKit {
  /** The Observable Plot module. */
  Plot: typeof PlotModule;
  /** A linkedom document (pass as Plot's `document` option). */
  document: PlotDocument;
}

let loaded: Promise<PlotKit> | null = null;

/** Loads Observable Plot and a linkedom document (once, on first chart). */
export function plotKit(): Promise<PlotKit> {
  return (loaded ??= (async () => {
    const { parseHTML } = await import("linkedom");
    const { document } = (parseHTML as unknown as (html: string) => { document: unknown })(
      "<!DOCTYPE html><html><body></body></html>",
    );
    const Plot = await import("@observablehq/plot");
    return { Plot, document: document as PlotDocument };
  })());
}

/** Serialises a Plot result (an SVG or a figure wrapping one) with the SVG namespace. */
export function toSvgText(node: ChartElement): string {
  let html = (node as unknown as { outerHTML: string }).outerHTML;
  if (html.startsWith("<svg") && !html.includes('xmlns="http://www.w3.org/2000/svg"')) {
    html = html.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"');
  }
  return html;
}
