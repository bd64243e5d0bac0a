/**
 * The backtest chart: equity vs the buy-and-hold benchmark on top, drawdown below, as one SVG
 * built with Observable Plot (two plots stacked in an outer SVG).
 */
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { existsSync, realpathSync } from "node:fs";
import { AccessDenied, type AccessPolicy } from "../../core/access.ts";
import { nearestReal } from "../../core/local_files.ts";
import {
  type ChartElement,
  DAY_MS,
  plotKit,
  pointMarks,
  timeDomain,
  toSvgText,
  valueDomain,
} from "./dom.ts";

/** One bar of a backtest equity curve (backtest.run `equity_curve`). */
export interface CurveRow {
  /** Bar date, YYYY-MM-DD (a longer date-time is cut to the date). */
  date: string;
  /** Strategy portfolio value. */
  equity: number;
  /** Equal-weight buy-and-hold value. */
  benchmark: number;
  /**
   * Drawdown from the running peak as a positive percent below it (0 at a peak), as backtest.run
   * gives it; a negative value (the other convention) is drawn by its size, the same.
   */
  drawdown_pct: number;
}

/** Where one symbol's bars came from: a backtest result's `data.sources[symbol]`. */
export interface ChartSource {
  /** Provider key that served the bars (market_a, stooq, ...). */
  provider?: string | null;
  /** The provider's service name as shown to a reader. */
  source?: string | null;
  /** Currency of the bars' prices. */
  currency?: string | null;
  /** Which price the bars hold (adjusted close or as traded). */
  price_adjustment?: string | null;
  /** First bar's date (YYYY-MM-DD). */
  first_date?: string | null;
  /** Last bar's date (YYYY-MM-DD). */
  last_date?: string | null;
}

/** Heading of a backtest chart. */
export interface ChartText {
  /** Title, e.g. the strategy and symbols. */
  title: string;
  /** Second line, e.g. the period and the bar source. */
  subtitle?: string;
  /** The currency the portfolio is valued in (its symbols' one currency), for the axis. */
  currency?: string | null;
  /**
   * Where each symbol's bars came from (backtest.run's `data.data.sources`, read from its
   * envelope as `env.data.data.sources`), drawn as the chart's source line; a chart drawn without
   * them says that its source was not given.
   */
  sources?: Record<string, ChartSource> | null;
}

const WIDTH = 820;

/** SVG text of the chart. Deterministic for the same rows and text. */
export async function backtestChartSvg(rows: CurveRow[], text: ChartText): Promise<string> {
  // no rows drew an empty frame, as if the strategy had a curve and it was blank
  if (!rows.length) throw new Error("backtestChartSvg: no equity curve rows to draw");
  const { Plot, document } = await plotKit();
  // the caller's currency, else the one its sources share (none claimed for two)
  const stated = [...new Set(Object.values(text.sources ?? {}).map((s) => s.currency ?? null))];
  const currency = text.currency ?? (stated.length === 1 ? stated[0] : null);
  const when = (d: string) => new Date(`${d.slice(0, 10)}T00:00:00Z`);
  const long = rows.flatMap((r) => [
    { date: when(r.date), value: r.equity, series: "Strategy" },
    { date: when(r.date), value: r.benchmark, series: "Buy & hold (equal weight)" },
  ]);
  const depth = rows.map((r) => ({ ...r, drawdown_pct: Math.abs(r.drawdown_pct) }));
  // one bar is a dot with its value: a line of one point drew nothing
  const single = rows.length === 1;
  const domain = timeDomain(rows.map((r) => when(r.date).getTime()));
  // daily bars over a few days are ticked by day, never by hour
  const days = domain[1].getTime() - domain[0].getTime() <= 14 * DAY_MS
    ? { ticks: "day", tickFormat: "%b %-d" }
    : {};
  // the strategy's dot over a wider benchmark ring, its value above and the benchmark's below,
  // so two equal values both show
  const dots = (data: { series?: string; date: Date }[], y: string, fill: string | undefined) =>
    single
      ? [false, true].flatMap((strategy) => {
        const mine = data.filter((d) => !fill && (d.series === "Strategy") === strategy);
        const these = fill ? (strategy ? data : []) : mine;
        return pointMarks(Plot, these, {
          x: "date",
          y,
          fill: fill ?? "series",
          r: strategy ? 4 : 7,
          dy: strategy ? -14 : 16,
        });
      })
      : [];
  const top = Plot.plot({
    document,
    width: WIDTH,
    height: 340,
    marginLeft: 70,
    marginTop: 30,
    x: { type: "utc", label: null, domain, ...days },
    y: {
      label: `Portfolio value${currency ? ` (${currency})` : ""}`,
      grid: true,
      ...(single ? { domain: valueDomain(long.map((l) => l.value)) } : {}),
    },
    color: {
      legend: true,
      domain: ["Strategy", "Buy & hold (equal weight)"],
      range: ["#1f77b4", "#999999"],
    },
    marks: [
      Plot.lineY(long, { x: "date", y: "value", z: "series", stroke: "series", strokeWidth: 1.6 }),
      ...dots(long, "value", undefined),
    ],
  });
  const bottom = Plot.plot({
    document,
    width: WIDTH,
    height: 170,
    marginLeft: 70,
    x: { type: "utc", label: "Date", domain, ...days },
    // the magnitude, downward from 0: a curve signed either way is drawn the same
    y: {
      label: "Drawdown (% below peak)",
      reverse: true,
      grid: true,
      ...(single ? { domain: [0, Math.max(1, depth[0].drawdown_pct * 1.1)] } : {}),
    },
    marks: [
      Plot.areaY(depth, {
        x: (r: CurveRow) => when(r.date),
        y: "drawdown_pct",
        fill: "#d62728",
        fillOpacity: 0.35,
      }),
      Plot.lineY(depth, { x: (r: CurveRow) => when(r.date), y: "drawdown_pct", stroke: "#d62728" }),
      ...dots(depth.map((r) => ({ ...r, date: when(r.date) })), "drawdown_pct", "#d62728"),
      Plot.ruleY([0]),
    ],
  });
  return stack([top, bottom], text);
}

/** Places the plots (each an SVG, or a figure holding a legend and an SVG) one under another. */
function stack(nodes: ChartElement[], text: ChartText): string {
  const header = 48;
  let y = header;
  const parts: string[] = [];
  for (const node of nodes) {
    const svgs = [...node.querySelectorAll("svg")].filter((s) =>
      s.getAttribute("class")?.includes("plot")
    );
    const legend = node.tagName.toLowerCase() === "figure" ? legendText(node) : null;
    if (legend) {
      parts.push(
        `<text x="70" y="${y + 12}" font-size="12" font-family="sans-serif">${legend}</text>`,
      );
      y += 20;
    }
    const svg = node.tagName.toLowerCase() === "svg" ? node : svgs[svgs.length - 1];
    const h = Number(svg.getAttribute("height"));
    svg.setAttribute("x", "0");
    svg.setAttribute("y", String(y));
    parts.push(toSvgText(svg).replace(' xmlns="http://www.w3.org/2000/svg"', ""));
    y += h + 10;
  }
  // the source line, always: a chart saved alone still says where its prices came from (a
  // subtitle naming the source, as backtest.run's does, stands for it when no sources are given)
  const bySubtitle = !Object.keys(text.sources ?? {}).length &&
    /\bsource\b/i.test(text.subtitle ?? "");
  const foot = bySubtitle ? [] : wrapWords(sourceLine(text), 130);
  for (const line of foot) {
    parts.push(
      `<text x="70" y="${y + 10}" font-size="11" fill="#555" font-family="sans-serif">${
        esc(line)
      }</text>`,
    );
    y += 15;
  }
  y += foot.length ? 6 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${y}" viewBox="0 0 ${WIDTH} ${y}">` +
    `<rect width="100%" height="100%" fill="white"/>` +
    `<text x="70" y="22" font-size="16" font-weight="bold" font-family="sans-serif">${
      esc(text.title)
    }</text>` +
    (text.subtitle
      ? `<text x="70" y="40" font-size="12" fill="#555" font-family="sans-serif">${
        esc(text.subtitle)
      }</text>`
      : "") +
    parts.join("") + `</svg>`;
}

/**
 * `Source: AAPL, MSFT: market_a (Yahoo chart API), total_return adjusted, bars 2023-03-01 to
 * 2023-06-30`: symbols sharing a provenance named together; without sources, that none was given.
 */
export function sourceLine(text: Pick<ChartText, "sources">): string {
  const groups = new Map<string, string[]>();
  for (const [sym, s] of Object.entries(text.sources ?? {})) {
    const what = [
      [s.provider, s.source && `(${s.source})`].filter(Boolean).join(" "),
      s.price_adjustment && `${s.price_adjustment} adjusted`,
      s.first_date && s.last_date && `bars ${s.first_date} to ${s.last_date}`,
    ].filter(Boolean).join(", ") || "provider not stated";
    groups.set(what, [...(groups.get(what) ?? []), sym]);
  }
  if (!groups.size) {
    return "Source: not given (pass the backtest result's data.sources as `sources`)";
  }
  return `Source: ${[...groups].map(([what, syms]) => `${syms.join(", ")}: ${what}`).join("; ")}`;
}

/** Text split into lines of at most `max` characters at spaces. */
function wrapWords(text: string, max: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > max) (out.push(line), line = word);
    else line = line ? `${line} ${word}` : word;
  }
  return line ? [...out, line] : out;
}

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The legend as plain text with colour swatches (Plot renders legends as HTML). */
function legendText(figure: ChartElement): string {
  const items = [...figure.querySelectorAll("span")].filter((s) => s.querySelector("svg"));
  return items.map((s) => {
    const fill = s.querySelector("svg")?.getAttribute("fill") ??
      s.querySelector("svg")?.getAttribute("style") ?? "";
    const color = /#[0-9a-f]{3,6}/i.exec(fill)?.[0] ?? "#000";
    return `<tspan fill="${color}">■</tspan> ${esc(s.textContent?.trim() ?? "")}`;
  }).join("   ");
}

/**
 * Where a chart asked for at `path` would be written: its absolute path, and the real folder and
 * file name the write uses. Refused (AccessDenied) when the name is not .svg, the folder is
 * outside the folders this surface may use (before the file system is asked) or does not exist,
 * or, where only new files are written, a file of that name exists. backtest.run asks before it
 * loads any bar, so a chart that cannot be written costs no work; the write asks again.
 */
export function chartTarget(
  path: string,
  policy: AccessPolicy,
): { target: string; folder: string; final: string } {
  const target = resolve(path);
  if (!/\.svg$/i.test(target)) {
    throw new AccessDenied(`plot_path ${path} must end in .svg (the chart is SVG)`);
  }
  const within = (p: string) =>
    policy.readAnywhere === true || policy.roots.some((root) => {
      const rel = relative(root, p);
      return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
    });
  // Outside the folders, refused before the file system is asked: a caller on the network
  // learns neither whether a path exists nor which folders are allowed.
  const outside = () =>
    new AccessDenied(
      `plot_path ${path} refused: it is outside the folders this surface may write; the operator sets them with FINANCE_DOCUMENT_ROOTS`,
    );
  if (!within(dirname(target))) throw outside();
  let folder: string;
  try {
    folder = realpathSync(dirname(target));
  } catch {
    if (!within(nearestReal(dirname(target)))) throw outside();
    throw new AccessDenied(`plot_path ${path}: its folder does not exist`);
  }
  // a link inside the folders pointing out of them
  if (!within(folder)) throw outside();
  const final = join(folder, basename(target));
  if (policy.readAnywhere !== true && existsSync(final)) throw exists(path);
  return { target, folder, final };
}

/** The refusal of a chart over a file that exists, on a surface that writes new files only. */
function exists(path: string): AccessDenied {
  return new AccessDenied(
    `plot_path ${path} refused: a file of that name exists, and this surface writes new files only; give a new file name`,
  );
}

/**
 * Writes the chart to `path` (SVG) and returns its absolute path. The folder must be inside
 * the folders this surface may use, like any other local path (see chartTarget).
 */
export async function writeBacktestChart(
  path: string,
  policy: AccessPolicy,
  rows: CurveRow[],
  text: ChartText,
): Promise<string> {
  const { target, folder, final } = chartTarget(path, policy);
  const svg = await backtestChartSvg(rows, text);
  // Written beside the target under a fresh name (O_EXCL: never through an existing link) and
  // renamed over it: a symlink at the target is replaced, never followed out of the folder.
  const temp = join(folder, `.${basename(target)}.${crypto.randomUUID()}.tmp`);
  // A caller on the network (folders bound) writes new files only: a file already there, a
  // document or another caller's chart, is never replaced (the link fails when the name exists).
  const replace = policy.readAnywhere === true;
  try {
    await Deno.writeTextFile(temp, svg, { createNew: true, mode: 0o644 });
    if (replace) await Deno.rename(temp, final);
    else {
      try {
        await Deno.link(temp, final);
      } catch (err) {
        if (err instanceof Deno.errors.AlreadyExists) throw exists(path);
        throw err;
      } finally {
        await Deno.remove(temp).catch(() => {});
      }
    }
  } catch (err) {
    await Deno.remove(temp).catch(() => {});
    if (err instanceof AccessDenied) throw err;
    // the system's message names server paths: only the person at the keyboard sees it
    const why = policy.readAnywhere && err instanceof Error
      ? ` (${err.message.split("\n")[0]})`
      : "";
    throw new AccessDenied(
      `plot_path ${path} could not be written${why}; give a file path in an existing, writable folder`,
    );
  }
  return target;
}
