/**
 * Charts as standalone SVG text (Observable Plot rendered on a linkedom document, no browser):
 * statement line items by period, a price line with its moves marked, price and volume, news
 * series and backtest equity curves. Each chart carries a title, units and its source, and renders
 * the same in a notebook, a browser or an SVG converter. Plot and linkedom load on the first chart.
 *
 * @example
 * ```ts
 * import { finance } from "@finance/finance";
 * import { statementChart, statementSeries } from "@finance/finance/charts";
 *
 * const st = await finance("filings.statement", { symbol: "NVDA", statement: "income" });
 * if (st.ok) {
 *   const series = statementSeries(st.data, ["Revenues", "NetIncomeLoss"]);
 *   const svg = await statementChart(series, {
 *     title: "NVIDIA income statement",
 *     source: `SEC EDGAR ${st.data.filing.accession_no}`,
 *     asOf: st.data.filing.filing_date,
 *   });
 *   await Deno.writeTextFile("income.svg", svg);
 * }
 * ```
 * @module
 */
export {
  frameChart,
  type FrameOptions,
  type HistoryLike,
  historySeries,
  type LegendItem,
  PALETTE,
  statementChart,
  type StatementChartOptions,
  type StatementPoint,
  type StatementRowLike,
  type StatementSeries,
  statementSeries,
} from "./analysis/charts/statement.ts";
export {
  type MarkedMove,
  movesChart,
  type MovesChartOptions,
  type PriceBar,
} from "./analysis/charts/moves.ts";
export {
  type OhlcvChartData,
  type OhlcvChartOptions,
  ohlcvChartSvg,
} from "./analysis/charts/ohlcv.ts";
export { type NewsChartOptions, type NewsSeries, newsTimelineSvg } from "./analysis/charts/news.ts";
export {
  backtestChartSvg,
  type ChartSource,
  type ChartText,
  type CurveRow,
} from "./analysis/charts/backtest.ts";
export { skiaReady, svgToPng } from "./analysis/charts/png.ts";
export {
  type ChartElement,
  type PlotDocument,
  type PlotKit,
  plotKit,
  toSvgText,
} from "./analysis/charts/dom.ts";
