/**
 * News coverage charts from news.analyze: volume or tone per interval, one line per series,
 * with title, unit and source caption. Returns standalone SVG text (Observable Plot).
 */
import { type ChartElement, plotKit, toSvgText } from "./dom.ts";

/** One named series of news.analyze `series`. */
export interface NewsSeries {
  /** Series name (the query or the measure). */
  series: string;
  /** Dated values; points without a date or value are skipped. */
  data: { date: string | null; value: number | null }[];
}

/** Options of {@link newsTimelineSvg}. */
export interface NewsChartOptions {
  /** Title above the chart. */
  title?: string;
  /** What the values are, e.g. "articles" or "average tone". */
  unit?: string;
  /** Query shown in the caption. */
  query?: string;
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
  const { Plot, document } = await plotKit();
  const tone = /tone/i.test(opts.unit ?? "") || series.some((s) => /tone/i.test(s.series));
  const chart = Plot.plot({
    document,
    width: opts.width ?? 900,
    height: opts.height ?? 360,
    marginLeft: 56,
    title: opts.title ?? (tone ? "News tone over time" : "News volume over time"),
    caption: `Source: GDELT DOC 2.0${opts.query ? ` · query ${opts.query}` : ""}`,
    x: { type: "utc", label: "Date (UTC)" },
    y: { label: opts.unit ?? (tone ? "Average tone" : "Articles"), grid: true },
    color: { legend: series.length > 1 },
    marks: [
      ...(tone ? [Plot.ruleY([0], { stroke: "#999" })] : []),
      Plot.lineY(points, { x: "t", y: "value", stroke: "series", strokeWidth: 1.5 }),
      Plot.tip(
        points,
        Plot.pointerX({
          x: "t",
          y: "value",
          title: (d: { t: Date; value: number; series: string }) =>
            `${d.series}\n${d.t.toISOString().slice(0, 10)}: ${d.value}`,
        }),
      ),
    ],
  });
  return toSvgText(chart as unknown as ChartElement);
}
