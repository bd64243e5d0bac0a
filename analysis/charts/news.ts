/**
 * News coverage charts from news.analyze: volume or tone per interval, one line per series,
 * with title, unit and source caption. Returns standalone SVG text (Observable Plot in the
 * frame the other charts use), which a browser, a notebook or an SVG-to-PNG converter draws.
 */
import { type ChartElement, plotKit, pointMarks, timeDomain, toSvgText } from "./dom.ts";
import { frameChart, PALETTE } from "./statement.ts";

/** One named series of news.analyze `series`. */
export interface NewsSeries {
  /** Series name (the query or the measure). */
  series: string;
  /** Dated values; points without a date or value are skipped. */
  data: { date: string | null; value: number | null }[];
  /** What the values measure, as news.analyze states it (`unit` of each series). */
  unit?: string | null;
}

/**
 * The axis label of a series from its unit (or, without one, GDELT's series name): article
 * counts, percentages of all monitored articles (timelinevol, timelinelang) or average tone;
 * null when neither tells.
 */
function measureOf(s: NewsSeries): string | null {
  const unit = s.unit ?? "";
  if (/tone/i.test(unit) || (!unit && /tone/i.test(s.series))) {
    return "Average tone (below 0 negative, above 0 positive)";
  }
  if (/percent/i.test(unit) || (!unit && /volume intensity/i.test(s.series))) {
    return "Percent of all monitored articles";
  }
  if (/^articles\b/i.test(unit) || (!unit && /^article count$/i.test(s.series))) {
    return "Articles";
  }
  return null;
}

/** A time on the axis: the day, with the UTC time when it is not midnight (hourly series). */
function pointTime(t: Date): string {
  const iso = t.toISOString();
  return iso.slice(11, 16) === "00:00"
    ? iso.slice(0, 10)
    : `${iso.slice(0, 16).replace("T", " ")} UTC`;
}

/**
 * The date axis: ISO dates (with the UTC time for an hourly series), never "12 AM" ticks
 * between the days of a daily series; a daily series of a few days has a tick on each day.
 * Its label sits under the ticks, centred: at the right end it was written over the last date.
 */
function timeAxis(times: Date[]): Record<string, unknown> {
  const daily = times.every((t) => t.getUTCHours() === 0 && t.getUTCMinutes() === 0);
  const days = [...new Set(times.map((t) => t.getTime()))].sort((a, b) => a - b);
  return {
    type: "utc",
    label: "Date (UTC)",
    labelAnchor: "center",
    labelOffset: 36,
    // a single time is drawn in the middle of a day either side (one instant drew nothing)
    ...(days.length === 1 ? { domain: timeDomain(days) } : {}),
    tickFormat: daily ? "%Y-%m-%d" : "%Y-%m-%d %H:%M",
    ...(daily && days.length <= 12 ? { ticks: days.map((d) => new Date(d)) } : { ticks: 6 }),
  };
}

/** The first and last day of the points, "2026-01-02 to 2026-01-31" (one day alone once). */
function spanOf(times: Date[]): string {
  const days = times.map((t) => t.toISOString().slice(0, 10)).sort();
  return days[0] === days.at(-1) ? days[0] : `${days[0]} to ${days.at(-1)}`;
}

/** Options of {@link newsTimelineSvg}. */
export interface NewsChartOptions {
  /** Title above the chart. */
  title?: string;
  /** What the values are, e.g. "articles" or "average tone". */
  unit?: string;
  /** Query shown in the title and the caption. */
  query?: string;
  /** The GDELT request the series came from (news.analyze's `request_url`), in the caption. */
  request_url?: string | null;
  /** When it was read (news.analyze's `retrieved_at`, ISO 8601), in the caption. */
  retrieved_at?: string | null;
  /** Width in pixels (default 900). */
  width?: number;
  /** Height in pixels (default 360). */
  height?: number;
}

/** Line chart of tidy news series (news.analyze `series`). */
export async function newsTimelineSvg(
  series: NewsSeries[],
  opts: NewsChartOptions = {},
): Promise<string> {
  const points = series.flatMap((s) =>
    s.data.filter((p) => p.date !== null && p.value !== null).map((p) => ({
      t: new Date(p.date!),
      value: p.value!,
      series: s.series,
    }))
  );
  if (!points.length) throw new Error("no dated values to chart");
  // one axis holds one measure: counts and percentages (or tone) on it would read as one scale
  const measures = [...new Set(series.map(measureOf).filter((m): m is string => m !== null))];
  if (!opts.unit && measures.length > 1) {
    throw new Error(
      `the series measure different things (${
        measures.join("; ")
      }) and cannot share one axis: chart them apart`,
    );
  }
  const measure = opts.unit ?? measures[0] ?? null;
  const { Plot, document } = await plotKit();
  const tone = /tone/i.test(measure ?? "") ||
    (!measure && series.some((s) => /tone/i.test(s.series)));
  // the title, legend and source go in the frame: Plot's own (title, caption, color legend)
  // make an HTML <figure>, which is no SVG file and which no SVG converter draws
  const names = [...new Set(series.map((s) => s.series))];
  const lone = points.filter((p) => points.filter((q) => q.series === p.series).length === 1);
  const colors = names.map((_, i) => PALETTE[i % PALETTE.length]);
  const chart = Plot.plot({
    document,
    width: opts.width ?? 900,
    height: opts.height ?? 360,
    marginLeft: 56,
    marginBottom: 48,
    // room for the last date's label, centred on the right edge
    marginRight: 40,
    x: timeAxis(points.map((p) => p.t)),
    // counts and shares start at zero, so a rise from 812 to 1,480 does not look tenfold
    y: {
      label: measure ?? (tone ? "Average tone" : "Value (unit not given)"),
      grid: true,
      zero: !tone,
    },
    color: { domain: names, range: colors },
    marks: [
      ...(tone ? [Plot.ruleY([0], { stroke: "#999" })] : []),
      Plot.lineY(points, { x: "t", y: "value", stroke: "series", strokeWidth: 1.5 }),
      // a series of one point is a dot with its value: its line drew nothing
      ...pointMarks(Plot, lone, { x: "t", y: "value", fill: "series" }),
      Plot.tip(
        points,
        Plot.pointerX({
          x: "t",
          y: "value",
          title: (d: { t: Date; value: number; series: string }) =>
            `${d.series}\n${pointTime(d.t)}: ${d.value}`,
        }),
      ),
    ],
  });
  return frameChart(toSvgText(chart as unknown as ChartElement), {
    title: opts.title ??
      `${tone ? "News tone over time" : "News volume over time"}${
        opts.query ? `: ${opts.query}` : ""
      }`,
    legend: names.length > 1
      ? names.map((label, i) => ({ label, color: colors[i], shape: "line" as const }))
      : undefined,
    // the dates shown, when the request was read and the request itself: a chart saved apart
    // from its result still says where its counts came from
    caption: [
      `Source: GDELT DOC 2.0${opts.query ? ` · query ${opts.query}` : ""} · ${
        spanOf(points.map((p) => p.t))
      }`,
      opts.retrieved_at
        ? `retrieved ${opts.retrieved_at.slice(0, 10)}`
        : "retrieval date not given",
      opts.request_url ?? "",
    ].filter(Boolean).join(" · "),
  });
}
