/**
 * A price chart of market.ohlcv data: close and adjusted close lines over a volume panel, split,
 * dividend and capital-gain distribution dates marked, the volume in the unit it counts.
 * Returns standalone SVG text (Observable Plot on a linkedom DOM).
 */
import { type ChartElement, DAY_MS, plotKit, pointMarks, toSvgText, valueDomain } from "./dom.ts";
import { indexLevelIn, indexLevelUnit, unitOf } from "../market/units.ts";
import { parseSymbol } from "../../core/symbols.ts";

/** A market.ohlcv result for one symbol. */
export interface OhlcvChartData {
  /** Ticker. */
  symbol: string;
  /** Currency of the prices, when known. */
  currency: string | null;
  /** Provider of the bars, shown in the caption. */
  provider?: string;
  /** Source of the bars, shown in the caption. */
  source?: string;
  /** What the prices are adjusted for, as market.ohlcv states it; shown in the caption. */
  price_basis?: string | null;
  /** When the bars were read (ISO 8601), shown in the caption. */
  retrieved_at?: string | null;
  /** Daily bars, ascending by date. */
  rows: {
    date: string;
    open: number | null;
    high: number | null;
    low: number | null;
    close: number | null;
    adj_close: number | null;
    volume: number | null;
  }[];
  /** Splits, marked on the price line. */
  splits?: { date: string; numerator: number; denominator: number }[];
  /** Dividends, marked on the price line. */
  dividends?: { date: string; amount: number }[];
  /** A fund's capital-gain distributions per share, marked on the price line. */
  capital_gains?: { date: string; amount: number }[];
  /**
   * What the volume counts, when the data states it (`shares`, `contracts`, `USD`). Without it
   * a stock's or fund's volume is in shares, a future's in contracts; a cryptocurrency's, a
   * currency pair's or an index's volume claims no unit.
   */
  volume_unit?: string | null;
}

/** Options of {@link ohlcvChartSvg}. */
export interface OhlcvChartOptions {
  /** Width in pixels (default 900). */
  width?: number;
  /** Height in pixels of both panels (default 520). */
  height?: number;
  /** Title (default: the symbol, currency and date range). */
  title?: string;
}

const toDate = (d: string) => new Date(d.length === 10 ? `${d}T00:00:00Z` : d);

/** Renders the chart as two stacked SVGs (price, volume) in one SVG document. */
export async function ohlcvChartSvg(
  data: OhlcvChartData,
  opts: OhlcvChartOptions = {},
): Promise<string> {
  // market.ohlcv of several symbols answers { symbols: [...] }: one chart is one symbol's bars
  const several = (data as unknown as { symbols?: unknown }).symbols;
  if (!Array.isArray(data.rows) && several && typeof several === "object") {
    const names = Object.keys(several);
    throw new Error(
      `this is market.ohlcv's answer for ${names.length} symbols (${names.join(", ")}): chart ` +
        `one at a time, passing one symbol's series (data.symbols["${names[0] ?? "AAPL"}"])`,
    );
  }
  if (!Array.isArray(data.rows)) {
    throw new Error("no bars to chart: pass market.ohlcv's data for one symbol (its `rows` list)");
  }
  const { Plot, document } = await plotKit();
  const width = opts.width ?? 900;
  const priceH = Math.round((opts.height ?? 520) * 0.72);
  const volH = (opts.height ?? 520) - priceH;
  const rows = data.rows.filter((r) => r.close !== null).map((r) => ({ ...r, t: toDate(r.date) }));
  if (!rows.length) throw new Error(`no bars to chart for ${data.symbol}`);
  const lines = rows.flatMap((r) => [
    { t: r.t, value: r.close, series: "Close" },
    ...(r.adj_close !== null && r.adj_close !== r.close
      ? [{ t: r.t, value: r.adj_close, series: "Adjusted close" }]
      : []),
  ]);
  // Both panels share one x domain (one day past the last bar, so its volume bar fits) and
  // the same margins, so a price and its volume line up vertically.
  // a single bar sits in the middle of three days, drawn as a dot with its close (a line of
  // one point drew nothing)
  const single = rows.length === 1;
  // each day's volume bar is centred on its date, as its close is: half a day either side
  const domain = [
    new Date(rows[0].t.getTime() - (single ? DAY_MS : DAY_MS / 2)),
    new Date(rows.at(-1)!.t.getTime() + (single ? DAY_MS : DAY_MS / 2)),
  ];
  // daily bars over a few days are ticked by day, never by hour
  const days = domain[1].getTime() - domain[0].getTime() <= 15 * DAY_MS
    ? { ticks: "day", tickFormat: "%b %-d" }
    : {};
  const mid = (rows[0].t.getTime() + rows.at(-1)!.t.getTime()) / 2;
  const splitCount = (data.splits ?? []).length;
  const per = (amount: number) =>
    `${Number(amount.toPrecision(8))}${data.currency ? ` ${data.currency}` : ""}`;
  const rawEvents = [
    ...(data.splits ?? []).map((s) => ({
      t: toDate(s.date),
      label: `split ${s.numerator}:${s.denominator}`,
    })),
    ...(data.dividends ?? []).map((d) => ({
      t: toDate(d.date),
      label: `dividend ${per(d.amount)}`,
    })),
    // a fund's capital-gain distribution is paid apart from its dividends: adj_close takes it in,
    // and a drop on its date is explained by it
    ...(data.capital_gains ?? []).map((d) => ({
      t: toDate(d.date),
      label: `capital gain ${per(d.amount)}`,
    })),
  ];
  const plotWidth = width - 60 - 20;
  const placed = placeLabels(
    rawEvents.map((e, i) => ({ ...e, right: e.t.getTime() > mid, first: i < splitCount })),
    domain,
    plotWidth,
  );
  const events = placed.events;
  const { what, cur } = priceUnit(data);
  const price = Plot.plot({
    document,
    width,
    height: priceH,
    marginLeft: 60,
    marginRight: 20,
    marginTop: 24,
    style: { fontFamily: "sans-serif", fontSize: "12px", background: "white" },
    // Dates are read off the volume panel below; repeating them here would collide with it.
    x: { type: "utc", label: null, axis: null, domain },
    y: {
      label: `${what}${cur}`,
      grid: true,
      nice: true,
      ...(single ? { domain: valueDomain(lines.map((l) => l.value!)) } : {}),
    },
    color: { domain: ["Close", "Adjusted close"], range: ["#1f5fbf", "#e07b00"] },
    marks: [
      Plot.ruleX(events, { x: "t", stroke: "#999", strokeDasharray: "4,3" }),
      // Labels sit inside the frame, on the side of the rule with room, so none is clipped.
      // each label on the first line down where it overlaps none; Plot's dy is one constant
      // per mark, so each side and line gets its own text mark
      ...[false, true].flatMap((right) =>
        Array.from(
          { length: LABEL_LINES },
          (_, line) =>
            Plot.text(events.filter((e) => e.right === right && e.line === line), {
              x: "t",
              text: "label",
              frameAnchor: "top",
              dy: 6 + line * 14,
              dx: right ? -4 : 4,
              textAnchor: right ? "end" : "start",
              fill: "#444",
              lineAnchor: "top",
            }),
        )
      ),
      Plot.lineY(lines, { x: "t", y: "value", stroke: "series", strokeWidth: 1.6 }),
      ...(single ? pointMarks(Plot, lines, { x: "t", y: "value", fill: "series" }) : []),
    ],
  });
  const dayPx = plotWidth / ((domain[1].getTime() - domain[0].getTime()) / 86_400_000);
  const volumeColour = (r: { close: number; open: number | null }) =>
    r.open !== null && r.close < r.open ? "#c0392b" : "#2e8b57";
  // a currency pair, an index or a fund has no volume: an empty panel is said, not left blank
  const noVolume = !rows.some((r) => typeof r.volume === "number" && r.volume > 0);
  const vol = volumeAxis(data, rows);
  const volume = Plot.plot({
    document,
    width,
    height: volH,
    marginLeft: 60,
    marginRight: 20,
    marginBottom: 36,
    style: { fontFamily: "sans-serif", fontSize: "12px", background: "white" },
    x: { type: "utc", label: null, domain, ...days },
    // all-zero volume (a currency pair) has no scale to show: Plot stretched the zero domain
    // over the panel, so every 0 was drawn full height under a "0.000000" tick
    y: noVolume
      ? { axis: null, domain: [0, 1] }
      : { label: vol.label, grid: true, transform: (v: number) => v / vol.div, nice: true },
    marks: noVolume
      ? [
        Plot.ruleY([0]),
        Plot.text(["No volume reported for these bars"], {
          frameAnchor: "middle",
          fill: "#444",
        }),
      ]
      : [
        // a day narrower than two pixels (years of daily bars) is a one-pixel rule: as a
        // rectangle of a day, inset or not, Plot drew it 0 wide and the panel was blank
        dayPx >= 2
          ? Plot.rectY(rows, {
            x1: (r: { t: Date }) => new Date(r.t.getTime() - DAY_MS / 2),
            x2: (r: { t: Date }) => new Date(r.t.getTime() + DAY_MS / 2),
            y: "volume",
            fill: volumeColour,
            insetLeft: 0.5,
            insetRight: 0.5,
          })
          : Plot.ruleX(rows, { x: "t", y1: 0, y2: "volume", stroke: volumeColour, strokeWidth: 1 }),
        Plot.ruleY([0]),
      ],
  });
  // the kinds of event drawn, as the caption counts them: "split and dividend"
  const kinds = [
    [data.splits, "split"],
    [data.dividends, "dividend"],
    [data.capital_gains, "capital-gain"],
  ].filter(([list]) => (list as unknown[] | undefined)?.length).map(([, k]) => k as string)
    .join(", ").replace(/, ([^,]*)$/, " and $1");
  // the caption says where the bars come from, what their prices are and when they were read
  const footer = [
    data.source ? `Source: ${data.source}${data.provider ? ` (${data.provider})` : ""}` : "",
    `bars ${rows[0].date} to ${rows.at(-1)!.date}`,
    data.price_basis ?? "",
    placed.unlabelled
      ? `${placed.unlabelled} of ${rawEvents.length} ${kinds} rules left unlabelled for room`
      : "",
    data.retrieved_at ? `retrieved ${data.retrieved_at.slice(0, 10)}` : "",
  ].filter(Boolean).join("; ");
  const hasAdj = lines.some((l) => l.series === "Adjusted close");
  const frame: Frame = {
    width,
    priceH,
    volH,
    title: opts.title ??
      `${data.symbol} ${what.toLowerCase()}s${cur}, ${rows[0].date} to ${rows.at(-1)!.date}`,
    legend: hasAdj ? ["Close", "Adjusted close"] : ["Close"],
    footer,
  };
  return stack(frame, svgOf(price), svgOf(volume));
}

/**
 * The volume axis: the scale the largest volume needs and the unit the volume counts, as the
 * data states it, else by kind of symbol: a stock's or fund's shares, a future's contracts;
 * a cryptocurrency's (Yahoo counts it in the quote currency), a currency pair's or an index's
 * volume claims none rather than a wrong one.
 */
export function volumeAxis(
  data: Pick<OhlcvChartData, "symbol" | "volume_unit">,
  rows: { volume: number | null }[],
): { label: string; div: number } {
  const max = Math.max(0, ...rows.map((r) => (typeof r.volume === "number" ? r.volume : 0)));
  const [div, scale] = max >= 1e9
    ? [1e9, "billions"]
    : max >= 1e6
    ? [1e6, "millions"]
    : max >= 1e4
    ? [1e3, "thousands"]
    : [1, ""];
  const unit = data.volume_unit ?? volumeUnitOf(data.symbol);
  const what = unit
    ? [scale && `${scale} of`, unit].filter(Boolean).join(" ")
    : [scale, "unit not stated"].filter(Boolean).join("; ");
  return { label: `Volume (${what})`, div };
}

/** What a symbol's volume counts by its kind, or null when no unit can be claimed. */
function volumeUnitOf(symbol: string): string | null {
  let kind: string;
  try {
    kind = parseSymbol(symbol).kind;
  } catch {
    return null;
  }
  return kind === "equity" ? "shares" : kind === "future" ? "contracts" : null;
}

/** Lines of event labels at the top of the price panel. */
const LABEL_LINES = 3;

/**
 * Puts each split, then each dividend and capital-gain label on the first of
 * {@link LABEL_LINES} lines where it overlaps no other (12px text, about 6.6 pixels a
 * character); a label with no room on any line is left
 * out (its rule stays) and counted, never drawn over another.
 */
function placeLabels<T extends { t: Date; label: string; right: boolean; first: boolean }>(
  events: T[],
  domain: Date[],
  plotWidth: number,
): { events: (T & { line: number | null })[]; unlabelled: number } {
  const [t0, t1] = [domain[0].getTime(), domain[1].getTime()];
  const x = (t: Date) => ((t.getTime() - t0) / Math.max(1, t1 - t0)) * plotWidth;
  const taken: [number, number][][] = Array.from({ length: LABEL_LINES }, () => []);
  let unlabelled = 0;
  // splits first: a split's label explains a jump in the close, a dividend's rarely does
  const order = [...events].sort((a, b) =>
    Number(b.first) - Number(a.first) || a.t.getTime() - b.t.getTime()
  );
  const out = order.map((e) => {
    const w = e.label.length * 6.6 + 4;
    const at = x(e.t);
    const span: [number, number] = e.right ? [at - w - 4, at] : [at, at + w + 4];
    const line = taken.findIndex((spans) =>
      spans.every(([a, b]) => span[1] + 6 <= a || span[0] >= b + 6)
    );
    if (line < 0) {
      unlabelled++;
      return { ...e, line: null };
    }
    taken[line].push(span);
    return { ...e, line };
  });
  return { events: out, unlabelled };
}

/**
 * What the price axis shows and its unit: an index's levels in points, or in percent (a Treasury
 * yield index, as price_basis says); a price in its currency, a minor unit said as a fraction of
 * its major (GBp: 1/100 GBP); a price with no currency (a future in index points) says so.
 */
export function priceUnit(data: OhlcvChartData): { what: string; cur: string } {
  const level = indexLevelIn(data.price_basis) ??
    (data.symbol.startsWith("^") ? indexLevelUnit(data.symbol).split(" ")[0] : null);
  if (level) return { what: "Level", cur: ` (${level})` };
  const u = unitOf(data.currency);
  if (!u) return { what: "Price", cur: " (no currency stated)" };
  const minor = u.factor === 1 ? "" : `, 1/${Math.round(1 / u.factor)} ${u.major}`;
  return { what: "Price", cur: ` (${u.code}${minor})` };
}

function svgOf(node: ChartElement): string {
  return toSvgText(node);
}

/** Splits text into lines of at most `max` characters at spaces (none for empty text). */
function wrapText(text: string, max: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > max) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
}

interface Frame {
  width: number;
  priceH: number;
  volH: number;
  title: string;
  legend: string[];
  footer: string;
}

function stack(f: Frame, price: string, volume: string): string {
  const head = 34;
  const lines = wrapText(f.footer, Math.floor((f.width - 80) / 5.6));
  const foot = lines.length ? 8 + lines.length * 13 : 0;
  const total = head + f.priceH + f.volH + foot;
  const colors = ["#1f5fbf", "#e07b00"];
  const legend = f.legend.map((l, i) =>
    `<rect x="${f.width - 280 + i * 120}" y="12" width="12" height="12" fill="${colors[i]}"/>` +
    `<text x="${f.width - 264 + i * 120}" y="22" font-size="12" font-family="sans-serif">${
      esc(l)
    }</text>`
  ).join("");
  // Nested <svg> elements keep Plot's own coordinates; only their y offset changes.
  const inner = (svg: string, y: number) =>
    svg.replace(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/, "<svg").replace(
      "<svg",
      `<svg y="${y}"`,
    );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${f.width}" height="${total}" ` +
    `viewBox="0 0 ${f.width} ${total}"><rect width="100%" height="100%" fill="white"/>` +
    `<text x="60" y="22" font-size="15" font-weight="bold" font-family="sans-serif">${
      esc(f.title)
    }</text>${legend}` + inner(price, head) + inner(volume, head + f.priceH) +
    lines.map((line, i) =>
      `<text x="60" y="${
        total - 6 - (lines.length - 1 - i) * 13
      }" font-size="10" fill="#666" font-family="sans-serif">${esc(line)}</text>`
    ).join("") +
    `</svg>`;
}
