/**
 * The views of calendar.earnings (dates, EPS with its currency, the surprise in percent) and
 * market.status (the open and close with their time zone, and whether they are past or to come,
 * a lunch break). Each view checks its data's shape and returns no blocks for another.
 */
import {
  type Block,
  type Cell,
  dateText,
  isRecord,
  money,
  num,
  percent,
  type Rec,
  recs,
  sourceUrls,
  str,
} from "./model.ts";

/** True for calendar.earnings' data: rows of dates with EPS estimates and surprises. */
export function isEarningsCalendar(data: unknown): data is Rec {
  return isRecord(data) && Array.isArray(data.rows) && data.rows.length > 0 &&
    recs(data.rows).every((r) => "eps_estimate" in r && "surprise_pct" in r && "status" in r);
}

/** True for market.status' data: a market's state with its session open and close. */
export function isMarketStatus(data: unknown): data is Rec {
  return isRecord(data) && "session_open_local" in data && "open" in data && "close" in data &&
    "timezone" in data;
}

/**
 * calendar.earnings: one row per date, the most telling columns first (a narrow terminal leaves
 * out the right-most), EPS in the currency the data states (in the headers when one), the
 * surprise with its sign and % sign.
 */
export function earningsView(data: unknown): Block[] {
  if (!isEarningsCalendar(data)) return [];
  const rows = recs(data.rows);
  const currencies = new Set(rows.map((r) => str(r.currency) ?? null));
  const one = currencies.size === 1 ? [...currencies][0] : null;
  const eps = (v: unknown, r: Rec) => money(num(v), one ? null : str(r.currency));
  const estimated = rows.some((r) => r.date_is_estimate === true);
  const cells: Cell[][] = rows.map((r) => {
    const surprise = num(r.surprise_pct);
    return [
      { text: str(r.quarter_end) ?? "—" },
      { text: `${str(r.earnings_date) ?? "—"}${r.date_is_estimate === true ? "*" : ""}` },
      { text: str(r.status) ?? "—" },
      { text: eps(r.eps_estimate, r), number: true },
      { text: eps(r.eps_actual, r), number: true },
      {
        text: surprise === undefined ? "—" : `${surprise > 0 ? "+" : ""}${percent(surprise)}`,
        number: true,
      },
      { text: eps(r.eps_difference, r), number: true },
      { text: str(r.earnings_date_end) ?? "—" },
    ];
  });
  const unit = one ? `\n${one}` : "";
  // Yahoo states a window's end only for some dates: a column of dashes alone says nothing
  const window = rows.some((r) => str(r.earnings_date_end));
  const columns = [
    { name: "quarter end" },
    { name: "date" },
    { name: "status" },
    { name: `EPS estimate${unit}`, number: true },
    { name: `EPS actual${unit}`, number: true },
    { name: "surprise", number: true },
    { name: `difference${unit}`, number: true },
    ...(window ? [{ name: "date window\nends" }] : []),
  ];
  return [
    {
      kind: "title",
      text: `Earnings of ${data.symbol ?? "the symbol"}: ${rows.length} date${
        rows.length === 1 ? "" : "s"
      }${one ? ` (EPS in ${one})` : ""}`,
    },
    {
      kind: "table",
      columns,
      rows: window ? cells : cells.map((r) => r.slice(0, -1)),
      note: [
        estimated ? "* the date is Yahoo's estimate, not announced" : "",
        currencies.has(null) ? "EPS without a stated currency is shown without one" : "",
        missingNote(rows),
      ].filter(Boolean).join("; ") || undefined,
    },
    {
      kind: "note",
      text: [
        `Source: ${data.provider ?? "—"}, ${data.source ?? "—"}${
          str(data.retrieved_at)
            ? `; retrieved ${dateText(String(data.retrieved_at))}`
            : data.retrieved_at === null
            // an undated recording: when Yahoo said this is unknown, and the run's date is not it
            ? "; retrieved: date unknown (undated recording)"
            : ""
        }${
          str(data.as_of)
            ? data.retrieved_at === null
              ? `; past and upcoming judged by this run's clock, ${
                dateText(String(data.as_of))
              }, not by the recording's`
              : `; as of ${dateText(String(data.as_of))}`
            : ""
        }`,
        ...sourceUrls(data),
      ].join("\n"),
    },
  ];
}

/**
 * What a "—" in the earnings table stands for, column by column: an upcoming report has no
 * quarter end, actual or surprise yet; Yahoo's earnings history gives a past report's quarter
 * but not the day it was reported; an estimate or actual Yahoo left out is not reported.
 */
function missingNote(rows: Rec[]): string {
  const upcoming = (r: Rec) => r.status !== "reported";
  const said: string[] = [];
  // not yet in Yahoo's earnings history: upcoming, or past with no actuals recorded yet
  if (rows.some((r) => !str(r.quarter_end) && upcoming(r))) {
    said.push(
      "the quarter end of a report not yet in Yahoo's earnings history (its calendar " +
        "names none)",
    );
  }
  if (rows.some((r) => upcoming(r) && num(r.eps_actual) === undefined)) {
    said.push(
      "the actual EPS, surprise and difference of a report not yet in that history " +
        "(upcoming, or past with no actuals recorded yet)",
    );
  }
  if (rows.some((r) => !str(r.quarter_end) && !upcoming(r))) {
    said.push("a reported quarter's end (Yahoo's history names none for it)");
  }
  if (rows.some((r) => !str(r.earnings_date))) {
    said.push("a past report's date (Yahoo's earnings history gives its quarter, not its day)");
  }
  if (rows.some((r) => num(r.eps_estimate) === undefined)) {
    said.push("an EPS estimate Yahoo states none for");
  }
  if (rows.some((r) => !upcoming(r) && num(r.eps_actual) === undefined)) {
    said.push("an actual EPS Yahoo's history leaves out");
  }
  return said.length ? `— not reported: ${said.join("; ")}` : "";
}

/**
 * market.status: the state, the local time, and the open and close in the exchange's time zone
 * (UTC beside), each said as past or to come against Yahoo's own time stamp.
 */
export function marketStatusView(data: unknown): Block[] {
  if (!isMarketStatus(data)) return [];
  const zone = str(data.timezone);
  const asOf = str(data.as_of) ? Date.parse(String(data.as_of)) : NaN;
  const when = (iso: unknown, local: unknown, verbs: [string, string, string]) => {
    if (!str(iso)) return "—";
    const at = Date.parse(String(iso));
    const verb = Number.isNaN(asOf) || Number.isNaN(at)
      ? verbs[2]
      : at > asOf
      ? verbs[0]
      : verbs[1];
    const utc = dateText(String(iso));
    return str(local) && zone ? `${verb} ${local} ${zone} (${utc})` : `${verb} ${utc}`;
  };
  const hours = num(data.session_hours);
  const regular = num(data.regular_session_hours);
  const early = data.early_close === true ? "yes" : data.early_close === false ? "no" : "—";
  const rows: [string, string][] = [
    ["market", `${data.market}${str(data.exchange) ? ` (${data.exchange})` : ""}`],
    [
      "state",
      [
        str(data.state) ?? "—",
        str(data.closed_reason) && `(${String(data.closed_reason).replace(/_/g, " ")})`,
        str(data.message) && `: ${data.message}`,
      ].filter(Boolean).join(" ").replace(" :", ":"),
    ],
    [
      "local time",
      str(data.local_time)
        ? `${data.weekday ?? ""} ${data.local_date} ${data.local_time} ${zone ?? ""}`.trim()
        : "—",
    ],
    ["open", when(data.open, data.session_open_local, ["opens", "opened", "open"])],
    ["close", when(data.close, data.session_close_local, ["closes", "closed", "close"])],
    ["time zone", zone ?? "—"],
    [
      "session",
      hours === undefined
        ? regular === undefined
          ? "not stated"
          : `not stated for this day (a regular session is ${regular} hours)`
        : `${hours} hours${regular === undefined ? "" : ` (regular session ${regular} hours)`}`,
    ],
    ...(str(data.lunch_break_local)
      ? [[
        "lunch break",
        `${data.lunch_break_local} ${zone ?? "local"}${
          data.in_lunch_break === true ? " (in the break now: nothing trades)" : ""
        }`,
      ] as [string, string]]
      : []),
    ["early close", early],
    ["as of", str(data.as_of) ? dateText(String(data.as_of)) : "—"],
  ];
  return [
    { kind: "fields", rows },
    {
      kind: "note",
      text: [`Source: ${data.provider ?? "—"}, ${data.source ?? "—"}`, ...sourceUrls(data)]
        .join("\n"),
    },
  ];
}
