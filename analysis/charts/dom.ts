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

/** A day in milliseconds. */
export const DAY_MS = 86_400_000;

/**
 * The time domain of a series: its first to last time, or a day either side of a single time
 * (a domain of one instant drew nothing and ticked the hours of one day).
 */
export function timeDomain(times: number[]): [Date, Date] {
  const lo = Math.min(...times);
  const hi = Math.max(...times);
  return lo === hi ? [new Date(lo - DAY_MS), new Date(hi + DAY_MS)] : [new Date(lo), new Date(hi)];
}

/**
 * A value domain with room around it: a single value (or a flat series) is given 4% either side
 * (1 either side of 0), where Plot stretched one value over the axis and ticked it to six
 * decimals ("000.000000").
 */
export function valueDomain(values: number[], pad = 0.04): [number, number] {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = hi - lo || Math.abs(hi) || 1 / pad;
  return [lo - span * pad, hi + span * pad];
}

/**
 * A lone point drawn as a dot with its value above it (`dy` moves the label): a
 * line through one point draws nothing. `y` names the data's value field.
 */
export function pointMarks(
  Plot: PlotKit["Plot"],
  data: readonly object[],
  opts: { x: string; y: string; fill: string; r?: number; dy?: number; fontSize?: number },
) {
  return [
    Plot.dot(data, { x: opts.x, y: opts.y, r: opts.r ?? 4, fill: opts.fill }),
    Plot.text(data, {
      x: opts.x,
      y: opts.y,
      text: (d: Record<string, number>) => pointLabel(d[opts.y]),
      dy: opts.dy ?? -12,
      fill: opts.fill,
      ...(opts.fontSize ? { fontSize: opts.fontSize } : {}),
    }),
  ];
}

/** A value as a chart labels one point: whole, or two decimals under 1,000; with commas. */
export function pointLabel(v: number): string {
  const digits = Number.isInteger(v) || Math.abs(v) >= 1000 ? 0 : 2;
  return v.toLocaleString("en-US", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}
