/**
 * estimates.consensus in the text and notebook views: a row per metric, a column per fiscal
 * period, each cell the analysts' average with its range.
 */
import {
  type Block,
  type Cell,
  formatNumber,
  isRecord,
  isRecordArray,
  isUrl,
  money,
  twoDecimals,
} from "./model.ts";

/** A consensus figure as a provider gives it: the average of the analysts' and their range. */
function isRange(v: unknown): v is Record<string, unknown> {
  return isRecord(v) && "avg" in v && "low" in v && "high" in v;
}

/**
 * Analysts' consensus (estimates.consensus) as one table a reader scans: a row per metric, a
 * column per fiscal period, each cell the average with its low–high range, the analysts behind
 * it under them; a figure the provider left out reads "not reported". The generic table showed
 * ten of its forty fields and hid EBITDA, EBIT, net income and the analyst counts.
 */
export function estimatesBlock(data: Record<string, unknown>): Block | null {
  const rows = data.estimates;
  if (!isRecordArray(rows) || !rows.every((r) => Object.values(r).some(isRange))) return null;
  const metrics: string[] = [];
  for (const r of rows) {
    for (const [k, v] of Object.entries(r)) if (isRange(v) && !metrics.includes(k)) metrics.push(k);
  }
  const counts = [
    ...new Set(rows.flatMap((r) => isRecord(r.analyst_count) ? Object.keys(r.analyst_count) : [])),
  ];
  const currencies = new Set(rows.map((r) => (typeof r.currency === "string" ? r.currency : null)));
  const currency = currencies.size === 1 ? [...currencies][0] : null;
  // amounts other than EPS in one scale, named once (billions), so a cell is not 40 digits wide
  const amounts = rows.flatMap((r) =>
    metrics.filter((m) => m !== "eps").flatMap((m) =>
      isRange(r[m]) ? [r[m].avg, r[m].low, r[m].high].filter((v) => typeof v === "number") : []
    )
  ) as number[];
  // no amount at all (EPS alone): no scale to name
  const least = Math.min(Infinity, ...amounts.map(Math.abs).filter((v) => v > 0));
  const [scale, scaleName] = least === Infinity
    ? [1, ""]
    : least >= 1e9
    ? [1e9, "billions"]
    : least >= 1e6
    ? [1e6, "millions"]
    : [1, ""];
  const fig = (key: string, v: unknown) =>
    typeof v !== "number"
      ? "not reported"
      : key === "eps"
      ? money(v)
      : scale > 1
      ? twoDecimals(v / scale)
      : formatNumber(v);
  const cell = (key: string, range: unknown): Cell => {
    if (!isRange(range) || typeof range.avg !== "number") return { text: "not reported" };
    const span = typeof range.low === "number" && typeof range.high === "number"
      ? ` (${fig(key, range.low)} to ${fig(key, range.high)})`
      : "";
    return { text: `${fig(key, range.avg)}${span}`, number: true };
  };
  const table: Cell[][] = [
    ...metrics.map((m) => [{ text: m.replace(/_/g, " ") }, ...rows.map((r) => cell(m, r[m]))]),
    ...counts.map((c) => [
      { text: `analysts (${c.replace(/_/g, " ")})` },
      ...rows.map((r): Cell => {
        const n = isRecord(r.analyst_count) ? r.analyst_count[c] : null;
        return typeof n === "number" ? { text: String(n), number: true } : { text: "not reported" };
      }),
    ]),
  ];
  // the period by its end date: the data's fiscal_year is the calendar year the period ends in,
  // which is no company's fiscal year name for a January year end ("FY2027" ending 2027-01-31
  // is Walmart's fiscal 2027 only by chance of its naming)
  const head = (r: Record<string, unknown>) =>
    `${r.period ?? "period"}\nending ${r.date ?? "?"}`.trim();
  const stated = currency ?? "no currency stated by the provider (see the warnings)";
  const unit = `amounts in ${stated}${scaleName ? `, ${scaleName}` : ""}; EPS per share${
    currency ? ` in ${currency}` : ""
  }`;
  const urls = [...new Set(rows.map((r) => r.source_url).filter(isUrl))];
  return {
    kind: "table",
    caption: `estimates (${rows.length} periods; average of the analysts' figures, low to high ` +
      `in parentheses; ${unit})`,
    columns: [{ name: "" }, ...rows.map((r) => ({ name: head(r), number: true }))],
    rows: table,
    fold: 1,
    note: [
      table.some((r) => r.some((c) => c.text === "not reported"))
        ? "not reported: the provider gave no figure for that period (a warning says so where it " +
          "gave a placeholder such as 0)"
        : "",
      // the result's source_urls (shown above) name the full request; else the rows' own
      urls.length && !Array.isArray(data.source_urls) ? `Source: ${urls.join(", ")}` : "",
    ].filter(Boolean).join("\n") || undefined,
  };
}
