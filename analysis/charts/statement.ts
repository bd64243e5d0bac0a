/**
 * Statement line items across periods (grouped bars), from a filings.statement payload, plus
 * the frame every chart of this folder uses: a title, the plot, a legend and a caption that
 * names the source and as-of date, all in one standalone SVG (so it renders the same in a
 * notebook, a browser and rsvg-convert).
 */
import { type ChartElement, plotKit, toSvgText } from "./dom.ts";
import { periodAxis, type PeriodInfo } from "./periods.ts";

/** Colour-blind-safe palette (Okabe–Ito), in the order series are coloured. */
export const PALETTE = [
  "#0072B2",
  "#E69F00",
  "#009E73",
  "#D55E00",
  "#CC79A7",
  "#56B4E9",
  "#F0E442",
  "#000000",
];

/** A legend entry: label and its colour (a dot or a square). */
export interface LegendItem {
  /** Text of the entry. */
  label: string;
  /** CSS colour of its mark. */
  color: string;
  /**
   * Mark drawn beside the text (default square); "light" is a pale square with a dashed edge,
   * the mark of a derived bar.
   */
  shape?: "square" | "dot" | "line" | "light";
}

/** What {@link frameChart} puts around a plot. */
export interface FrameOptions {
  /** Title, in bold at the top (wrapped to the width). */
  title: string;
  /** Source and as-of date; wrapped to the chart width. */
  caption: string;
  /** Line under the title. */
  subtitle?: string;
  /** Legend entries, drawn under the subtitle. */
  legend?: LegendItem[];
}

const FONT = "DejaVu Sans, Helvetica, Arial, sans-serif";

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * A word longer than a line (a source URL) in pieces of at most `max` characters, each cut after
 * the last `&`, `?`, `/` or `=` it holds, so the whole address is shown, a line at a time.
 */
function pieces(word: string, max: number): string[] {
  const out: string[] = [];
  let rest = word;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const cut = Math.max(...["&", "?", "/", "="].map((c) => window.lastIndexOf(c)));
    const at = cut > max / 3 ? cut + 1 : max;
    out.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  out.push(rest);
  return out;
}

/** Splits text into lines of at most `max` characters at spaces (a longer word in pieces). */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).flatMap((w) => w.length > max ? pieces(w, max) : [w])) {
    if (line && (line + " " + word).length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** Reads width and height from a Plot SVG's root attributes. */
function sizeOf(svg: string): { width: number; height: number } {
  const head = svg.slice(0, svg.indexOf(">"));
  const width = Number(/\swidth="(\d+(?:\.\d+)?)"/.exec(head)?.[1] ?? 640);
  const height = Number(/\sheight="(\d+(?:\.\d+)?)"/.exec(head)?.[1] ?? 400);
  return { width, height };
}

/** Wraps a Plot SVG in a standalone SVG with title, subtitle, legend and caption. */
export function frameChart(plotSvg: string, options: FrameOptions): string {
  const { width, height } = sizeOf(plotSvg);
  const pad = 12;
  const perLine = Math.floor((width - 2 * pad) / 6.4);
  const parts: string[] = [];
  let y = options.title ? 24 : 4;
  for (const line of options.title ? wrap(options.title, Math.floor((width - 2 * pad) / 9)) : []) {
    parts.push(`<text x="${pad}" y="${y}" font-size="16" font-weight="bold">${esc(line)}</text>`);
    y += 20;
  }
  if (options.subtitle) {
    for (const line of wrap(options.subtitle, perLine - 10)) {
      parts.push(`<text x="${pad}" y="${y}" font-size="12" fill="#444">${esc(line)}</text>`);
      y += 16;
    }
  }
  if (options.legend?.length) {
    let x = pad;
    y += 2;
    for (const item of options.legend) {
      const w = 22 + item.label.length * 6.6;
      if (x + w > width - pad && x > pad) {
        x = pad;
        y += 18;
      }
      parts.push(legendMark(item, x, y));
      parts.push(`<text x="${x + 16}" y="${y + 4}" font-size="12">${esc(item.label)}</text>`);
      x += w + 12;
    }
    y += 14;
  }
  const plotTop = y;
  y = plotTop + height + 16;
  const captionLines = wrap(options.caption, perLine);
  for (const line of captionLines) {
    parts.push(`<text x="${pad}" y="${y}" font-size="11" fill="#444">${esc(line)}</text>`);
    y += 14;
  }
  const total = Math.ceil(y);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${total}" ` +
    `viewBox="0 0 ${width} ${total}" font-family="${FONT}">` +
    `<rect width="100%" height="100%" fill="white"/>${parts.join("")}` +
    `<g transform="translate(0,${plotTop})">${plotSvg}</g></svg>`;
}

function legendMark(item: LegendItem, x: number, y: number): string {
  if (item.shape === "line") {
    return `<line x1="${x}" y1="${y}" x2="${
      x + 12
    }" y2="${y}" stroke="${item.color}" stroke-width="2"/>`;
  }
  if (item.shape === "light") {
    return `<rect x="${x + 0.5}" y="${y - 5.5}" width="11" height="11" fill="${item.color}" ` +
      `fill-opacity="0.35" stroke="${item.color}" stroke-dasharray="3,2"/>`;
  }
  if (item.shape === "dot") {
    return `<circle cx="${x + 6}" cy="${y}" r="5" fill="${item.color}"/>`;
  }
  return `<rect x="${x}" y="${y - 6}" width="12" height="12" fill="${item.color}"/>`;
}

/** One value of a {@link StatementSeries}. */
export interface StatementPoint {
  /** The period's category: its end date, or end date and length. */
  period: string;
  /** The value, in the series' unit. */
  value: number;
  /**
   * The period's length in months (null for an instant); with it a chart tells a missing
   * period from a step, and breaks the axis there.
   */
  months?: number | null;
  /** The period's fiscal label ("FY2024", "Q3 FY2025"), drawn over its end date. */
  fiscal?: string | null;
  /**
   * How the value was derived rather than reported ("FY - Q1 - Q2 - Q3", filings.history's
   * `derived`); a derived bar is drawn pale with a dashed edge and said so.
   */
  derived?: string | null;
}

/** One statement line item's values by period. */
export interface StatementSeries {
  /** Line item label (or concept). */
  label: string;
  /**
   * Values by period end date, oldest first. When the statement's columns are of different
   * lengths (a 10-Q's quarter and year to date end on the same day) each period says its
   * length: `2025-03-29 (3 months)`, `2025-03-29 (6 months)`.
   */
  points: StatementPoint[];
  /** The unit of the values as the statement gives it ("USD", "EUR", "USD/shares"), if known. */
  unit?: string | null;
}

/** Months of a duration label "2024-12-29 to 2025-03-29" (3); null for an instant. */
function monthsOf(label: string): number | null {
  const m = /^(\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})$/.exec(label);
  return m ? Math.round((Date.parse(m[2]) - Date.parse(m[1])) / 2_629_800_000) : null;
}

/** The part of a filings.statement row that {@link statementSeries} reads. */
export interface StatementRowLike {
  /** XBRL concept, e.g. `us-gaap:Revenues`. */
  concept?: string;
  /** Label as the filing presents it. */
  label?: string;
  /** Values by period label. */
  values?: Record<
    string,
    { reported?: number | null; raw?: number | null; unit?: string | null } | null | undefined
  >;
}

/**
 * Picks line items from a filings.statement payload by concept or label (case-insensitive,
 * exact first, then substring) and returns their raw values per period end, oldest first.
 * Items with no numeric value are left out rather than drawn as zero.
 */
export function statementSeries(
  data: { rows?: StatementRowLike[]; periods?: string[] },
  wanted: string[],
): StatementSeries[] {
  const rows = data.rows ?? [];
  const out: StatementSeries[] = [];
  // a quarter and the year to date ending the same day were one bar drawn over the other, both
  // read as "the period": when the columns differ in length, each point names its length
  const lengths = new Set(
    (data.periods ?? rows.flatMap((r) => Object.keys(r.values ?? {}))).map(monthsOf)
      .filter((m) => m !== null),
  );
  for (const name of wanted) {
    const lower = name.toLowerCase();
    const row = rows.find((r) =>
      r.concept?.toLowerCase() === lower || r.label?.toLowerCase() === lower
    ) ??
      rows.find((r) =>
        r.concept?.toLowerCase().includes(lower) || r.label?.toLowerCase().includes(lower)
      );
    if (!row?.values) continue;
    const periods = data.periods ?? Object.keys(row.values);
    const units = new Map<string, number>();
    const points = periods.flatMap((label) => {
      const cell = row.values?.[label];
      if (cell?.unit) units.set(cell.unit, (units.get(cell.unit) ?? 0) + 1);
      // raw is the full amount (USD); reported is scaled by the filing's decimals.
      const value = cell?.raw ?? cell?.reported;
      // A duration label "2022-09-25 to 2023-09-30" is drawn at its end date.
      const end = label.split(" to ").pop() ?? label;
      const months = monthsOf(label);
      const period = lengths.size > 1 && months !== null ? `${end} (${months} months)` : end;
      return typeof value === "number" && isFinite(value) ? [{ period, value, end, months }] : [];
    }).sort((a, b) => a.end.localeCompare(b.end) || (a.months ?? 0) - (b.months ?? 0))
      .map(({ period, value, months }) => ({ period, value, months }));
    const unit = [...units].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
    if (points.length) out.push({ label: row.label ?? row.concept ?? name, points, unit });
  }
  return out;
}

/** The parts of a `filings.history` result that {@link historySeries} reads. */
export interface HistoryLike {
  /**
   * The periods, in column order; each point is drawn at its period's end date, under its
   * fiscal label when the column has one.
   */
  columns?: { end: string; start?: string | null; label?: string | null }[];
  /** The line items: `key` is the standard name, one cell per column. */
  rows?: {
    key: string;
    label: string;
    kind?: string;
    cells: { value: number | null; derived?: string | null }[];
  }[];
  /** The currency of the money line items (filings.history's `currency`). */
  currency?: string | null;
}

/**
 * A history line item's unit as statementChart reads it: money in the result's currency, a
 * per-share figure in that currency per share, a share count in shares; null when not known.
 */
function historyUnit(kind: string | undefined, currency: string | null | undefined) {
  if (kind === "per_share") return currency ? `${currency}/shares` : "per share";
  if (kind === "shares") return "shares";
  return kind === "flow" || kind === "instant" ? currency ?? null : null;
}

/**
 * Standard line items of a `filings.history` result (by key: `revenue`, `net_income`, ...) as
 * chart series, each point at its period's end date, oldest first. Gaps stay gaps: a period
 * without a value has no point.
 */
export function historySeries(data: HistoryLike, keys: string[]): StatementSeries[] {
  const columns = data.columns ?? [];
  const out: StatementSeries[] = [];
  for (const key of keys) {
    const row = data.rows?.find((r) => r.key === key);
    if (!row) continue;
    const points = columns.flatMap((c, i) => {
      const v = row.cells[i]?.value;
      const derived = row.cells[i]?.derived ?? null;
      const months = c.start ? monthsOf(`${c.start} to ${c.end}`) : null;
      return typeof v === "number" && isFinite(v)
        ? [{
          period: c.end,
          value: v,
          months,
          fiscal: c.label !== c.end ? c.label ?? null : null,
          ...(derived ? { derived } : {}),
        }]
        : [];
    }).sort((a, b) => a.period.localeCompare(b.period));
    // each series says its unit, so revenue beside EPS is refused rather than drawn on one axis
    if (points.length) {
      out.push({ label: row.label, points, unit: historyUnit(row.kind, data.currency) });
    }
  }
  return out;
}

/** Options of {@link statementChart}. */
export interface StatementChartOptions {
  /** Title, in bold at the top. */
  title: string;
  /** Provider, document and accession the values come from. */
  source: string;
  /** As-of date of the data (e.g. the filing date). */
  asOf: string;
  /**
   * Currency or unit of the raw values, e.g. "USD"; by default the unit the series carry (from
   * statementSeries), else "unit not stated". A currency code that differs from the series' own
   * is refused (a EUR statement is never drawn as USD).
   */
  unit?: string;
  /** Divide values by this and say so on the axis (default: billions when values are large). */
  scale?: { divisor: number; label: string };
  /** Width in pixels (default 720). */
  width?: number;
  /** Height in pixels (default 380). */
  height?: number;
}

/**
 * Decimals of the bar labels, one for the whole chart: a per-share figure, or values all under
 * 10, to the cent (EPS -0.07 and 0.17 read "-0.1" and "0.2", 3.85 and 3.91 both "3.9");
 * otherwise enough that every value keeps three significant figures and a fraction keeps a
 * decimal (219.7 billion read "220"), none where every value is whole.
 */
function labelDigits(values: number[], perShare: boolean): number {
  const sizes = values.map(Math.abs).filter((v) => v > 0);
  if (perShare || sizes.every((v) => v < 10)) return 2;
  const whole = (v: number) => Math.abs(v - Math.round(v)) < 1e-9 * Math.max(1, v);
  const needed = sizes.map((v) => whole(v) ? 0 : Math.max(1, 2 - Math.floor(Math.log10(v))));
  return Math.min(2, Math.max(0, ...needed));
}

/**
 * The derived values of the series, by how they were derived and where: "Q4 FY2023 as FY - Q1 -
 * Q2 - Q3"; empty when every value is reported.
 */
function derivedNote(series: StatementSeries[]): string {
  const where = new Map<string, Set<string>>();
  for (const s of series) {
    for (const p of s.points) {
      if (!p.derived) continue;
      // a long formula (a split adjustment) is named by its kind, not written out
      const how = p.derived.length <= 40 ? p.derived : "adjusted from a reported value";
      const set = where.get(how) ?? new Set();
      set.add(p.fiscal ?? p.period);
      where.set(how, set);
    }
  }
  return [...where].map(([how, at]) => `${[...at].join(", ")} as ${how}`).join("; ");
}

/** Each period the series draw, with its end date, length and fiscal label. */
function periodsOf(series: StatementSeries[]): PeriodInfo[] {
  return series.flatMap((s) =>
    s.points.map((p) => ({
      key: p.period,
      end: p.period.slice(0, 10),
      months: p.months ?? null,
      fiscal: p.fiscal ?? null,
    }))
  );
}

/** Grouped bars: one group per period, one coloured bar per line item. Returns SVG text. */
export async function statementChart(
  series: StatementSeries[],
  options: StatementChartOptions,
): Promise<string> {
  if (!series.length) throw new Error("statementChart: no line items with numeric values");
  // one axis holds one unit: dollars beside dollars per share (or euros) would read as one scale
  const given = [...new Set(series.map((s) => s.unit).filter((u): u is string => !!u))];
  if (given.length > 1) {
    throw new Error(
      `statementChart: the line items are in different units (${
        given.join(", ")
      }); draw each unit in a chart of its own`,
    );
  }
  // a line item whose unit is not stated beside one in USD is no USD figure: one axis, one unit
  const unstated = series.filter((s) => !s.unit).map((s) => s.label);
  if (given.length === 1 && unstated.length) {
    throw new Error(
      `statementChart: ${unstated.join(", ")} ${
        unstated.length === 1 ? "states" : "state"
      } no unit beside ${given[0]}; draw it in a chart of its own, or give its unit`,
    );
  }
  const own = given[0]?.replace(/^(\w+)\/shares?$/i, "$1 per share") ?? null;
  const code = (u: string | null | undefined) => /^([A-Z]{3})\b/.exec(u ?? "")?.[1] ?? null;
  if (options.unit && own && code(options.unit) && code(own) && code(options.unit) !== code(own)) {
    throw new Error(
      `statementChart: unit "${options.unit}" was given but the line items are in ${own}; pass unit "${own}" or leave it out`,
    );
  }
  const { Plot, document } = await plotKit();
  const max = Math.max(...series.flatMap((s) => s.points.map((p) => Math.abs(p.value))));
  const scale = options.scale ??
    // Billions only from 10B up, so small companies' axes do not read 0.9, 1.0, 1.0.
    (max >= 1e10
      ? { divisor: 1e9, label: "billions" }
      : max >= 1e7
      ? { divisor: 1e6, label: "millions" }
      : { divisor: 1, label: "" });
  // "USD" given for an EPS series is its currency, not its unit: the axis says per share
  const perShare = (u: string) => /per share|\/shares?\b/i.test(u);
  const named = options.unit && own && perShare(own) && !perShare(options.unit)
    ? own
    : options.unit;
  const unit = [named ?? own ?? "unit not stated", scale.label].filter(Boolean).join(" ");
  const labels = series.map((s) => s.label);
  const digits = labelDigits(
    series.flatMap((s) => s.points.map((p) => p.value / scale.divisor)),
    perShare(unit),
  );
  const colors = labels.map((_, i) => PALETTE[i % PALETTE.length]);
  const rows = series.flatMap((s) =>
    s.points.map((p) => ({
      period: p.period,
      item: s.label,
      value: p.value / scale.divisor,
      derived: !!p.derived,
    }))
  );
  const derived = derivedNote(series);
  const axis = periodAxis(periodsOf(series));
  const fiscal = new Map(series.flatMap((s) => s.points.map((p) => [p.period, p.fiscal ?? null])));
  const twoLines = [...fiscal.values()].some(Boolean);
  const gapMark = new Map(axis.gaps.map((g) => [g.key, g.mark]));
  const plot = Plot.plot({
    document,
    width: options.width ?? 720,
    height: options.height ?? 380,
    marginLeft: 70,
    marginBottom: twoLines ? 52 : 40,
    fx: {
      label: "Fiscal period end",
      padding: 0.15,
      domain: axis.domain,
      tickFormat: (k: string) =>
        gapMark.has(k) ? "⋯" : fiscal.get(k) ? `${fiscal.get(k)}\n${k}` : k,
    },
    x: { axis: null, domain: labels, padding: 0.05 },
    y: { label: `${derived ? "Value" : "Reported value"} (${unit})`, grid: true, nice: true },
    color: { domain: labels, range: colors },
    marks: [
      Plot.barY(rows.filter((r) => !r.derived), {
        fx: "period",
        x: "item",
        y: "value",
        fill: "item",
      }),
      // a value computed from others (Q4 = FY - Q1 - Q2 - Q3) is not one a filing reported
      Plot.barY(rows.filter((r) => r.derived), {
        fx: "period",
        x: "item",
        y: "value",
        fill: "item",
        fillOpacity: 0.35,
        stroke: "item",
        strokeDasharray: "4,2",
        inset: 0.5,
      }),
      Plot.ruleY([0]),
      // a run of missing periods is a category of its own, drawn as a break, not a step
      Plot.rect(axis.gaps, { fx: "key", fill: "#eeeeee" }),
      Plot.text(axis.gaps, {
        fx: "key",
        text: "mark",
        frameAnchor: "middle",
        fill: "#555",
        fontSize: 10,
      }),
      Plot.text(rows, {
        fx: "period",
        x: "item",
        y: "value",
        // as the axis writes them (1,200), a loss's size by its size (-1,500, not -1500.0),
        // every label of the chart to one precision
        text: (d: { value: number }) =>
          d.value.toLocaleString("en-US", {
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          }),
        dy: -6,
        fontSize: 9,
      }),
    ],
  });
  const gapNote = axis.gaps.length
    ? ` Gap in the periods: ${axis.gaps.map((g) => g.note).join("; ")}.`
    : "";
  return frameChart(toSvgText(plot as unknown as ChartElement), {
    title: options.title,
    subtitle: derived
      ? `Bars: values per fiscal period, in ${unit}; pale dashed bars are derived, not reported: ${derived}.${gapNote}`
      : `Bars: reported values per fiscal period, in ${unit}.${gapNote}`,
    legend: [
      ...labels.map((label, i) => ({ label, color: colors[i] })),
      ...(derived
        ? [{ label: "derived, not reported", color: "#777", shape: "light" as const }]
        : []),
    ],
    caption: `Source: ${options.source}. As of ${options.asOf}.`,
  });
}
