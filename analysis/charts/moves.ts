/**
 * Price moves marked on the price line: the daily close as a line, each detected move as a
 * shaded span from its start to its end date with a marker and its percent change.
 */
import { type ChartElement, DAY_MS, plotKit, pointMarks, toSvgText } from "./dom.ts";
import { frameChart } from "./statement.ts";
import { oneBasis } from "../market/bar_basis.ts";
import { indexLevelIn } from "../market/units.ts";

/** A daily bar (market.ohlcv row); `adj_close` is preferred when present. */
export interface PriceBar {
  /** Bar date, YYYY-MM-DD. */
  date: string;
  /** Close. */
  close: number;
  /** Close adjusted for splits and dividends, when the provider gives it. */
  adj_close?: number | null;
}

/** A move as price.moves returns it. */
export interface MarkedMove {
  /** First day of the move. */
  start_date: string;
  /** Last day of the move. */
  end_date: string;
  /** Return over the move, in percent. */
  return_pct: number;
  /** Up or down. */
  direction: "up" | "down";
}

/** Options of {@link movesChart}. */
export interface MovesChartOptions {
  /** Ticker, shown in the title. */
  symbol: string;
  /** Provider and source of the bars, e.g. "stooq (Stooq daily CSV)". */
  source: string;
  /** Date of the last bar or of retrieval. */
  asOf: string;
  /**
   * Currency of the prices, as price.moves states it; when null or left out the axis says the
   * currency is not stated (no currency is assumed).
   */
  currency?: string | null;
  /**
   * What the prices are, as market.ohlcv's price_basis states it: an index's levels in points
   * or in percent (a Treasury yield index) are said on the axis in place of a currency.
   */
  priceBasis?: string | null;
  /** Title (default: the symbol and "daily close with detected price moves"). */
  title?: string;
  /** Width in pixels (default 760). */
  width?: number;
  /** Height in pixels (default 380). */
  height?: number;
}

const UP = "#1a7f37";
const DOWN = "#c4320a";
const LINE = "#0072B2";

/** Returns SVG text of the close line with the moves marked. */
export async function movesChart(
  bars: PriceBar[],
  moves: MarkedMove[],
  options: MovesChartOptions,
): Promise<string> {
  if (!bars.length) throw new Error("movesChart: no price bars to draw");
  const { Plot, document } = await plotKit();
  // one basis, as price.moves reads them: adjusted closes when the bars have them, else closes
  const basis = oneBasis(bars);
  const points = basis.rows
    .map((b) => ({
      date: new Date(`${b.date}T00:00:00Z`),
      close: basis.adjusted ? b.adj_close! : b.close,
    }))
    .filter((p) => typeof p.close === "number" && isFinite(p.close));
  if (!points.length) throw new Error("movesChart: no bar has a close to draw");
  // a single bar is a dot in the middle of three days (its line drew nothing, ticked by hours)
  const single = points.length === 1;
  const first = points[0].date.getTime() - (single ? DAY_MS : 0);
  const last = points[points.length - 1].date.getTime() + (single ? DAY_MS : 0);
  const shown = moves
    .map((m) => ({
      ...m,
      start: new Date(`${m.start_date}T00:00:00Z`),
      end: new Date(`${m.end_date}T00:00:00Z`),
      label: `${m.return_pct > 0 ? "+" : ""}${m.return_pct.toFixed(1)}%`,
    }))
    .filter((m) => m.end.getTime() >= first && m.start.getTime() <= last);
  const closeAt = new Map(points.map((p) => [p.date.getTime(), p.close]));
  const width = options.width ?? 760;
  const height = options.height ?? 380;
  const margin = { left: 60, right: 20, top: 24, bottom: 48 };
  // the scales' domains are set here, so a label's place in pixels is known before drawing
  const lo = Math.min(...points.map((p) => p.close));
  const hi = Math.max(...points.map((p) => p.close));
  const ySpan = hi - lo || Math.abs(hi) || 1;
  const yDomain = [lo - ySpan * 0.04, hi + ySpan * 0.04];
  const xSpan = last - first || 86_400_000;
  const frame = {
    left: margin.left,
    right: width - margin.right,
    top: margin.top,
    bottom: height - margin.bottom,
  };
  const px = (t: number, v: number) => ({
    x: frame.left + (t - first) / xSpan * (frame.right - frame.left),
    y: frame.bottom - (v - yDomain[0]) / (yDomain[1] - yDomain[0]) * (frame.bottom - frame.top),
  });
  const msPerPx = xSpan / (frame.right - frame.left);
  const valuePerPx = (yDomain[1] - yDomain[0]) / (frame.bottom - frame.top);
  const markers = placeLabels(
    shown.flatMap((m) => {
      const close = closeAt.get(m.end.getTime());
      return close === undefined ? [] : [{ ...m, close }];
    }),
    (m) => px(m.end.getTime(), m.close),
    frame,
  );
  // an index's level is in points (or percent), which price_basis says; no currency is assumed
  const level = indexLevelIn(options.priceBasis);
  const currency = level ?? options.currency ?? "currency not stated";
  const kind = basis.adjusted ? "adjusted" : "as the provider gives them, not adjusted";
  const plot = Plot.plot({
    document,
    width,
    height,
    marginLeft: margin.left,
    marginRight: margin.right,
    marginTop: margin.top,
    marginBottom: margin.bottom,
    // Centred under the axis so the label never sits on the last tick's text. Bars are dated
    // by the listing's own trading day.
    x: {
      type: "utc",
      domain: [new Date(first), new Date(first + xSpan)],
      label: "Trading date",
      labelAnchor: "center",
      labelOffset: 40,
      ...(xSpan <= 14 * DAY_MS ? { ticks: "day", tickFormat: "%b %-d" } : {}),
    },
    y: { label: `Close (${currency}, ${kind})`, grid: true, domain: yDomain },
    marks: [
      Plot.rectX(shown, {
        x1: (d: { start: Date }) => new Date(Math.max(d.start.getTime(), first)),
        x2: "end",
        fill: (d: MarkedMove) => d.direction === "up" ? UP : DOWN,
        fillOpacity: 0.15,
      }),
      Plot.lineY(points, { x: "date", y: "close", stroke: LINE, strokeWidth: 1.4 }),
      ...(single
        ? pointMarks(Plot, points, { x: "date", y: "close", fill: LINE, fontSize: 11 })
        : []),
      // a label moved off its usual spot is tied to its own dot by a thin line
      Plot.link(markers.filter((m) => m.leader), {
        x1: "end",
        y1: "close",
        x2: (m: { end: Date; dx: number }) => new Date(m.end.getTime() + m.dx * msPerPx),
        y2: (m: { close: number; dy: number }) => m.close - m.dy * valuePerPx,
        stroke: (d: MarkedMove) => d.direction === "up" ? UP : DOWN,
        strokeWidth: 0.8,
        strokeOpacity: 0.8,
      }),
      Plot.dot(markers, {
        x: "end",
        y: "close",
        r: 4,
        fill: (d: MarkedMove) => d.direction === "up" ? UP : DOWN,
        stroke: "white",
      }),
      // Plot's dx and dy are constants per mark, so each label offset gets its own text mark.
      ...[...new Set(markers.map((m) => `${m.dx},${m.dy}`))].map((key) => {
        const [dx, dy] = key.split(",").map(Number);
        return Plot.text(markers.filter((m) => m.dx === dx && m.dy === dy), {
          x: "end",
          y: "close",
          text: "label",
          dx,
          dy,
          fontSize: 10,
          fontWeight: "bold",
          fill: (d: MarkedMove) => d.direction === "up" ? UP : DOWN,
          stroke: "white",
          strokeWidth: 3,
          paintOrder: "stroke",
        });
      }),
    ],
  });
  const from = bars[0].date;
  const to = bars[bars.length - 1].date;
  return frameChart(toSvgText(plot as unknown as ChartElement), {
    title: options.title ?? `${options.symbol}: daily close with detected price moves`,
    subtitle: `${from} to ${to}; ${markers.length} move${
      markers.length === 1 ? "" : "s"
    } marked at the end date, shaded from the start date.`,
    legend: [
      {
        label: basis.adjusted ? "Close (adjusted)" : "Close (not adjusted)",
        color: LINE,
        shape: "line",
      },
      { label: "Up move", color: UP, shape: "dot" },
      { label: "Down move", color: DOWN, shape: "dot" },
    ],
    caption: `Source: ${options.source}. As of ${options.asOf}. ` +
      "A marked move is a dated price change, not an explanation of it.",
  });
}

/**
 * Places each move's label beside its dot: up moves above, down moves below, else to a side,
 * moved further out when that spot would cover another label or dot, fall outside the plot
 * frame (a down move at the series' low would print over the date axis) or sit nearer another
 * move's dot than its own (in a cluster "+6.3%" of 12 May drifted beside the 9 April dot). A
 * label off its usual spot gets a leader line to its dot. Labels are placed largest move first,
 * so the largest keep their usual spot. Quadratic in the marked moves only (a chart marks tens).
 */
function placeLabels<
  T extends { end: Date; direction: "up" | "down"; label: string; return_pct: number },
>(
  markers: T[],
  at: (m: T) => { x: number; y: number },
  frame: { left: number; right: number; top: number; bottom: number },
): (T & { dx: number; dy: number; leader: boolean })[] {
  type Box = { x0: number; x1: number; y0: number; y1: number };
  const hit = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
  const centres = markers.map(at);
  const dots: Box[] = centres.map((p) => ({ x0: p.x - 4, x1: p.x + 4, y0: p.y - 4, y1: p.y + 4 }));
  const taken: Box[] = [];
  const placed: (T & { dx: number; dy: number; leader: boolean })[] = [];
  const order = [...markers].sort((a, b) =>
    Math.abs(b.return_pct) - Math.abs(a.return_pct) || a.end.getTime() - b.end.getTime()
  );
  for (const m of order) {
    const p = at(m);
    const half = m.label.length * 3.3 + 2; // bold 10px text: about 6.6 px a character
    const sign = m.direction === "up" ? -1 : 1;
    const side = half + 8;
    const tries: [number, number][] = [
      [0, sign * 12],
      [0, -sign * 12],
      [side, 0],
      [-side, 0],
      ...[1, 2, 3, 4, 5].flatMap((k): [number, number][] => [
        [0, sign * (12 + k * 13)],
        [side, sign * k * 13],
        [-side, sign * k * 13],
        [0, -sign * (12 + k * 13)],
      ]),
    ];
    const box = ([dx, dy]: [number, number]): Box => ({
      x0: p.x + dx - half,
      x1: p.x + dx + half,
      y0: p.y + dy - 6,
      y1: p.y + dy + 6,
    });
    const inside = (b: Box) =>
      b.y0 >= frame.top - 18 && b.y1 <= frame.bottom && b.x0 >= frame.left - 4 &&
      b.x1 <= frame.right + 20;
    const free = (b: Box) => !taken.some((t) => hit(t, b)) && !dots.some((t) => hit(t, b));
    // the label is nearer its own dot than any other move's dot (measured from its box)
    const gap = (b: Box, q: { x: number; y: number }) =>
      Math.hypot(Math.max(b.x0 - q.x, 0, q.x - b.x1), Math.max(b.y0 - q.y, 0, q.y - b.y1));
    const own = (t: [number, number]) => {
      const b = box(t);
      const d = gap(b, p);
      return centres.every((q) => (q.x === p.x && q.y === p.y) || gap(b, q) > d);
    };
    const spot = tries.find((t) => inside(box(t)) && free(box(t)) && own(t)) ??
      tries.find((t) => inside(box(t)) && free(box(t))) ??
      tries.find((t) => inside(box(t))) ?? tries[0];
    taken.push(box(spot));
    const [dx, dy] = spot;
    placed.push({ ...m, dx, dy, leader: Math.hypot(dx, dy) > 12 });
  }
  return placed.sort((a, b) => a.end.getTime() - b.end.getTime());
}
