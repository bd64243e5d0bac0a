/**
 * Price moves marked on the price line: the daily close as a line, each detected move as a
 * shaded span from its start to its end date with a marker and its percent change.
 */
import { type ChartElement, plotKit, toSvgText } from "./dom.ts";
import { frameChart } from "./statement.ts";

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
  /** Currency of the prices (default USD). */
  currency?: string;
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
  const points = bars
    .map((b) => ({ date: new Date(`${b.date}T00:00:00Z`), close: b.adj_close ?? b.close }))
    .filter((p) => typeof p.close === "number" && isFinite(p.close));
  const first = points[0].date.getTime();
  const last = points[points.length - 1].date.getTime();
  const shown = moves
    .map((m) => ({
      ...m,
      start: new Date(`${m.start_date}T00:00:00Z`),
      end: new Date(`${m.end_date}T00:00:00Z`),
      label: `${m.return_pct > 0 ? "+" : ""}${m.return_pct.toFixed(1)}%`,
    }))
    .filter((m) => m.end.getTime() >= first && m.start.getTime() <= last);
  const closeAt = new Map(points.map((p) => [p.date.getTime(), p.close]));
  const markers = placeLabels(
    shown.flatMap((m) => {
      const close = closeAt.get(m.end.getTime());
      return close === undefined ? [] : [{ ...m, close }];
    }),
    (last - first) / 30,
  );
  const currency = options.currency ?? "USD";
  const plot = Plot.plot({
    document,
    width: options.width ?? 760,
    height: options.height ?? 380,
    marginLeft: 60,
    marginRight: 20,
    marginTop: 24,
    marginBottom: 48,
    // Centred under the axis so the label never sits on the last tick's text.
    x: { type: "utc", label: "Trading date (UTC)", labelAnchor: "center", labelOffset: 40 },
    y: { label: `Close (${currency}, adjusted)`, grid: true },
    marks: [
      Plot.rectX(shown, {
        x1: "start",
        x2: "end",
        fill: (d: MarkedMove) => d.direction === "up" ? UP : DOWN,
        fillOpacity: 0.15,
      }),
      Plot.lineY(points, { x: "date", y: "close", stroke: LINE, strokeWidth: 1.4 }),
      Plot.dot(markers, {
        x: "end",
        y: "close",
        r: 4,
        fill: (d: MarkedMove) => d.direction === "up" ? UP : DOWN,
        stroke: "white",
      }),
      // Plot's dy is one constant per mark, so each label offset gets its own text mark.
      ...[...new Set(markers.map((m) => m.dy))].map((dy) =>
        Plot.text(markers.filter((m) => m.dy === dy), {
          x: "end",
          y: "close",
          text: "label",
          dy,
          fontSize: 10,
          fontWeight: "bold",
          fill: (d: MarkedMove) => d.direction === "up" ? UP : DOWN,
          stroke: "white",
          strokeWidth: 3,
          paintOrder: "stroke",
        })
      ),
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
      { label: "Close (adjusted)", color: LINE, shape: "line" },
      { label: "Up move", color: UP, shape: "dot" },
      { label: "Down move", color: DOWN, shape: "dot" },
    ],
    caption: `Source: ${options.source}. As of ${options.asOf}. ` +
      "A marked move is a dated price change, not an explanation of it.",
  });
}

/**
 * Puts up-move labels above their dot and down-move labels below, and stacks labels of moves
 * that fall close together in time so they do not print over each other.
 */
function placeLabels<T extends { end: Date; direction: "up" | "down" }>(
  markers: T[],
  nearMs: number,
): (T & { dy: number })[] {
  const sorted = [...markers].sort((a, b) => a.end.getTime() - b.end.getTime());
  const placed: (T & { dy: number })[] = [];
  for (const m of sorted) {
    const sign = m.direction === "up" ? -1 : 1;
    const crowd = placed.filter((p) =>
      p.direction === m.direction && m.end.getTime() - p.end.getTime() < nearMs
    ).length;
    placed.push({ ...m, dy: sign * (12 + crowd * 13) });
  }
  return placed;
}
