/**
 * Stooq's CSV read into columns: the same bars as the row-by-row reading it replaced (kept here
 * as the reference), on CSVs the plain path reads and on every kind it hands to the general
 * loop; and a backtest panel built from those columns equals the one built from the rows.
 */
import assert from "node:assert/strict";
import {
  dateBound,
  generalColumns,
  parseStooqColumns,
  parseStooqCsv,
  plainColumns,
  stooqLayout,
} from "../../providers/stooq/client.ts";
import {
  type BarColumns,
  columnsBehind,
  columnsOf,
  deferRows,
} from "../../providers/bar_columns.ts";
import { execute } from "../../core/runner.ts";
import { fakeMarket } from "./_fake.ts";
import { alignBars } from "../../analysis/backtest/data.ts";
import { isJsonSafe } from "../../core/envelope.ts";
import { SHARED, testSession } from "../_helpers.ts";

/** The parser before columns (commit ce397cb), minus its error branch. */
function reference(text: string, start = "", end = "\uffff") {
  const lines = text.replace(/^\uFEFF/, "").trim().split(/\r?\n/);
  const header = (lines[0] ?? "").toLowerCase().split(",").map((h) => h.trim());
  const col = (...names: string[]) => header.findIndex((h) => names.includes(h));
  const iDate = col("date", "data");
  const iOpen = col("open", "otwarcie");
  const iHigh = col("high", "najwyzszy");
  const iLow = col("low", "najnizszy");
  const iClose = col("close", "zamkniecie");
  const iVol = col("volume", "wolumen");
  const n = (v: string | undefined) => {
    if (v === undefined || v === "") return null;
    const x = Number(v);
    return Number.isFinite(x) ? x : null;
  };
  const rows = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (iDate === 0 && line.charCodeAt(4) === 45) {
      const lead = line.slice(0, 10);
      if (lead < start || lead > end) continue;
    }
    const c = line.split(",");
    const date = c[iDate]?.trim();
    if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || date < start || date > end) continue;
    const close = n(c[iClose]);
    rows.push({
      date,
      open: n(c[iOpen]),
      high: n(c[iHigh]),
      low: n(c[iLow]),
      close,
      adj_close: close,
      volume: iVol >= 0 ? n(c[iVol]) : null,
    });
  }
  for (let i = 1; i < rows.length; i++) {
    if (rows[i - 1].date > rows[i].date) return rows.sort((a, b) => a.date.localeCompare(b.date));
  }
  return rows;
}

const HEAD = "Date,Open,High,Low,Close,Volume";
const plain = [
  "2020-01-02,1.5,2,1,1.75,100",
  "2020-01-03,1.75,2.5,1.5,2,2000.5",
  "2020-01-06,2,2.25,0.5,0,0",
  "2020-01-07,-0,1e3,3,4,5",
  "2020-01-08,0.1,0.2,0.3,0.30000000000000004,12345678901234567890",
];

const cases: Record<string, string> = {
  plain: [HEAD, ...plain].join("\n"),
  "CRLF, BOM and a trailing newline": "\uFEFF" + [HEAD, ...plain].join("\r\n") + "\r\n",
  unsorted: [HEAD, plain[2], plain[0], plain[4], plain[1], plain[0].replace("1.5", "9")].join("\n"),
  "empty and odd values": [
    HEAD,
    "2020-01-02,,2,1,1.5,",
    "2020-01-03,abc,2,1,NaN,7",
    "2020-01-06, 1 ,0x10,Infinity,1e400,+5",
    "2020-01-07,1,2,3",
    "2020-01-08,1,2,3,4,5,6,7",
    "2020-01-09,1,2,3,4,5,",
    "2020-01-10,007,.5,5.,4,5",
  ].join("\n"),
  "short and blank lines": [HEAD, "", "abc", plain[0], "1234-", " 2020-01-03,1,2,3,4,5", plain[1]]
    .join("\n"),
  "no volume column": ["Date,Open,High,Low,Close", "2020-01-02,1,2,0.5,1.5", "2020-01-03,1,2,3,4"]
    .join("\n"),
  "Polish headers": [
    "Data,Otwarcie,Najwyzszy,Najnizszy,Zamkniecie,Wolumen",
    "2020-01-02,1,2,0.5,1.5,100",
  ].join("\n"),
  "columns in another order": ["Close,Date,Volume", "1.5,2020-01-02,3", "2,2020-01-03,"].join("\n"),
  "repeated dates": [HEAD, plain[0], plain[1], plain[1].replace("2000.5", "7"), plain[2]].join(
    "\n",
  ),
  "out of order before the window": [HEAD, plain[3], plain[0], plain[1], plain[4]].join("\n"),
  "a row without its date first, before the window": [HEAD, plain[0], ` ${plain[3]}`, plain[4]]
    .join("\n"),
  "a lone carriage return": [HEAD, plain[0], `${plain[1]}\r${plain[3]}`, plain[4]].join("\n"),
  "a line separator": [HEAD, plain[0], `${plain[1]}\u2028${plain[3]}`, plain[4]].join("\n"),
  "header only": HEAD,
  "one line without newline": `${HEAD}\n${plain[0]}`,
  "no volume column, CRLF": [
    "Date,Open,High,Low,Close",
    "2020-01-02,1,2,0.5,1.5",
    "2020-01-03,1,2,3,4",
    "2020-01-06,1,2,3,1e999",
    "2020-01-07,1,2,3,4",
  ].join("\r\n"),
  "no volume column, a row with one": [
    "Date,Open,High,Low,Close",
    "2020-01-02,1,2,0.5,1.5",
    "2020-01-03,1,2,3,4,5",
  ].join("\n"),
  "an extra column": ["Date,Open,High,Low,Close,Volume,OpenInt", `${plain[0]},0`].join("\n"),
  "out of order after the window": [HEAD, plain[0], plain[1], plain[4], plain[2], plain[3]].join(
    "\n",
  ),
  "out of order inside the window": [HEAD, plain[0], plain[2], plain[1], plain[3], plain[4]].join(
    "\n",
  ),
  "a blank line after the window": [HEAD, plain[0], plain[1], "", plain[4]].join("\n"),
  "a row with a bracket": [HEAD, plain[0], `${plain[1]}],[1,2,3,4,5`, plain[2]].join("\n"),
  "a value in quotes or null": [HEAD, plain[0], '2020-01-03,"1",2,3,4,5', "2020-01-06,null,1,2,3,4"]
    .join("\n"),
  "a row without its volume": [HEAD, plain[0], "2020-01-03,1,2,3,4", plain[2]].join("\n"),
  "a long or large value": [HEAD, plain[0], `2020-01-03,1,2,3,4,${"9".repeat(40)}`, plain[2]]
    .join("\n"),
  "an exponent of three digits": [HEAD, plain[0], "2020-01-03,1,2,3,4,1e300", plain[2]].join("\n"),
  "a value beyond a double": [HEAD, plain[0], `2020-01-03,1,2,3,4,1${"0".repeat(400)}`, plain[2]]
    .join("\n"),
  "brackets spanning rows": [
    HEAD,
    plain[0],
    "2020-01-03,1,2,3,4,[5",
    plain[2],
    "2020-01-07,6]",
    plain[4],
  ].join("\n"),
  "a negative one beyond": [HEAD, plain[0], "2020-01-03,1,2,-1e999,4,5", plain[2]].join("\n"),
  "a date without its day": [HEAD, plain[0], "2020-01,1,2,3,4,5", plain[2]].join("\n"),
};

/** The cases the plain reading takes for the whole history; it hands the others over. */
const PLAIN_CASES = [
  "plain",
  "CRLF, BOM and a trailing newline",
  "no volume column",
  "Polish headers",
  "repeated dates",
  "one line without newline",
  "a long or large value",
  "an exponent of three digits",
];

Deno.test("stooq columns: the same rows as the reference parser, in and out of a window", () => {
  const windows: [string, string][] = [
    ["", "\uffff"],
    ["2020-01-03", "2020-01-07"],
    ["2020-01-07", "2020-01-07"],
    ["2020-01-04", "2020-01-05"],
    ["2020-01-02", "2020-01-02"],
    ["2020-01-08", "2020-01-09"],
    ["2020-01-03", "2020-01-03"],
    ["2021-01-01", "2021-12-31"],
  ];
  for (const [name, text] of Object.entries(cases)) {
    for (const [start, end] of windows) {
      const got = parseStooqCsv(text, "X", start, end);
      assert.deepEqual(got, reference(text, start, end), `${name}, ${start}..${end}`);
      // the rows come with their columns and are JSON-safe as they are
      assert.equal(columnsOf(got)?.dates.length, got.length);
      assert(isJsonSafe({ rows: got }));
    }
  }
});

/**
 * The plain reading's columns are the general loop's, and it calls them clean exactly when there
 * are some, their dates strictly ascend, every open, high, low and close is above zero and every volume a number.
 */
function samePlain(fast: BarColumns, general: BarColumns, what: string) {
  const { clean, ...cols } = fast;
  assert.deepEqual(cols, general, what);
  const { dates, open, high, low, close, volume } = general;
  let expect = dates.length > 0;
  for (let i = 0; i < dates.length; i++) {
    if (i > 0 && !(dates[i - 1] < dates[i])) expect = false;
    if (!(open[i] > 0 && high[i] > 0 && low[i] > 0 && close[i] > 0) || isNaN(volume[i])) {
      expect = false;
    }
  }
  assert.equal(!!clean, expect, `clean: ${what}`);
}

Deno.test("stooq columns: the plain reading answers as the general loop, or hands over", () => {
  const windows: [string, string][] = [
    ["", "\uffff"],
    ["2020-01-03", "2020-01-07"],
    ["2020-01-07", "2020-01-07"],
    ["2020-01-04", "2020-01-05"],
    ["2020-01-02", "2020-01-02"],
    ["2020-01-08", "2020-01-09"],
    ["2020-01-03", "2020-01-03"],
    ["2021-01-01", "2021-12-31"],
    ["2019-12-31", "2020-01-06"],
    ["2020-01-0", "2020-01-07 "],
    ["2020", "2020-01-06x"],
  ];
  let taken = 0;
  for (const [name, text] of Object.entries(cases)) {
    const csv = stooqLayout(text, "X");
    assert.equal(!!plainColumns(csv), PLAIN_CASES.includes(name), name);
    for (const [start, end] of windows) {
      const fast = plainColumns(csv, start, end);
      if (!fast) continue;
      taken++;
      samePlain(fast, generalColumns(csv, start, end), `${name}, ${start}..${end}`);
    }
  }
  assert(taken > 120, `${taken} plain readings`);
});

Deno.test("stooq columns: a date bound matches as strings compare", () => {
  const dates = [
    "0000-00-00",
    "1999-12-31",
    "2020-01-02",
    "2020-01-10",
    "2020-10-01",
    "9999-99-99",
  ];
  const bounds = [
    "",
    "\uffff",
    "2020",
    "2020-01-0",
    "2020-01-02",
    "2020-01-020",
    "2020-01-1",
    "2020-1",
  ]
    .concat(["2020-01-0a", "2020-01-0/", "2020-01-02 ", "abc", " ", "2020/01/02", "1999-12-31"]);
  for (const b of bounds) {
    const atLeast = new RegExp(`^(?:${dateBound(b, true)})`);
    const atMost = new RegExp(`^(?:${dateBound(b, false)})`);
    for (const d of dates.concat(bounds.filter((x) => /^\d{4}-\d{2}-\d{2}$/.test(x)))) {
      assert.equal(atLeast.test(d), d >= b, `${d} >= ${JSON.stringify(b)}`);
      assert.equal(atMost.test(d), d <= b, `${d} <= ${JSON.stringify(b)}`);
    }
  }
});

Deno.test("stooq columns: the shared downloads take the plain reading", { ignore: !SHARED }, () => {
  const files = ["aapl_us_d.csv", "tsm_us_d.csv", "qqq_us_d.csv", "spy_us_d (2).csv"]
    .concat("usdpln_d.csv", "polish-locale/msft_us_d.csv", "polish-locale/tsla_us_d.csv");
  const windows: [string, string][] = [
    ["2014-08-01", "2024-12-31"],
    ["2013-01-01", "2022-12-31"],
    ["", "\uffff"],
    ["1900-01-01", "1950-01-01"],
    ["2030-01-01", "2031-01-01"],
  ];
  for (const f of files) {
    const csv = stooqLayout(Deno.readTextFileSync(`${SHARED}/stooq/${f}`), "X");
    for (const [start, end] of windows) {
      const fast = plainColumns(csv, start, end);
      // a row without its volume: TSLA's first (2010-06-28), one of MSFT's (2010-04-26)
      assert(fast || (/tsla|msft/.test(f) && start < "2010-06-29"), `${f}, ${start}..${end}`);
      if (fast) samePlain(fast, generalColumns(csv, start, end), `${f}, ${start}..${end}`);
    }
  }
});

Deno.test("stooq columns: a large plain history is read whole", () => {
  const lines = [HEAD];
  for (let i = 0; i < 40000; i++) {
    const d = new Date(Date.UTC(1900, 0, 1) + i * 86400000).toISOString().slice(0, 10);
    lines.push(`${d},${(i % 97) / 8},${i % 13},1.25,${1 + i / 1000},${i * 3}`);
  }
  const text = lines.join("\n");
  assert.deepEqual(parseStooqCsv(text, "X"), reference(text));
  const cols = parseStooqColumns(text, "X", "1950-01-01", "1950-12-31");
  assert.equal(cols.dates.length, 365);
  assert.equal(cols.dates[0], "1950-01-01");
});

Deno.test("stooq columns: a panel from columns equals the one from plain rows", () => {
  const mk = (seed: number, from: number) => {
    const lines = [HEAD];
    for (let i = from; i < 400; i++) {
      if ((i * seed) % 11 === 0) continue; // holidays differ between the symbols
      const d = new Date(Date.UTC(2020, 0, 1) + i * 86400000).toISOString().slice(0, 10);
      const c = 50 + 10 * Math.sin(i / (7 + seed));
      const o = i % 17 === 0 ? 0 : c * 1.01; // a non-positive open is the close
      lines.push(`${d},${o},${c * 1.02},${c * 0.98},${c},${i % 5 === 0 ? 0 : i * 10}`);
    }
    return lines.join("\n");
  };
  const text = { A: mk(3, 0), B: mk(5, 20) };
  const rows = {
    A: parseStooqCsv(text.A, "A", "2020-01-01", "2020-12-31"),
    B: parseStooqCsv(text.B, "B", "2020-01-01", "2020-12-31"),
  };
  const copies = { A: rows.A.map((r) => ({ ...r })), B: rows.B.map((r) => ({ ...r })) };
  for (const end of ["2020-12-31", "2020-09-30"]) {
    const fromColumns = alignBars(
      { A: { rows: rows.A, provider: "stooq" }, B: { rows: rows.B } },
      ["A", "B"],
      "2020-03-01",
      end,
    );
    const fromRows = alignBars(
      { A: { rows: copies.A, provider: "stooq" }, B: { rows: copies.B } },
      ["A", "B"],
      "2020-03-01",
      end,
    );
    assert(columnsOf(rows.A) && !columnsOf(copies.A));
    assert.deepEqual(fromColumns, fromRows);
  }
});

Deno.test("stooq columns: panels of symbols sharing their trading days equal those from rows", () => {
  // the same holidays; B starts later, C has earlier history, D a non-positive open and a bar
  // without volume (its columns are then checked bar by bar)
  const mk = (seed: number, from: number, odd = false) => {
    const lines = [HEAD];
    for (let i = from; i < 300; i++) {
      if (i % 7 === 0) continue;
      const d = new Date(Date.UTC(2020, 0, 1) + i * 86400000).toISOString().slice(0, 10);
      const c = 40 + 5 * Math.cos(i / (4 + seed));
      const o = odd && i === 150 ? -1 : c * 1.01;
      lines.push(`${d},${o},${c * 1.03},${c * 0.97},${c},${odd && i === 160 ? "" : i * 7}`);
    }
    return lines.join("\n");
  };
  const texts = { A: mk(1, 0), B: mk(2, 30), C: mk(3, 0), D: mk(4, 0, true) };
  for (const symbols of [["A", "C"], ["A", "B"], ["B", "C"], ["A", "D"], ["A", "B", "C", "D"]]) {
    for (const [start, end] of [["2020-03-01", "2020-10-31"], ["2020-01-01", "2020-08-15"]]) {
      const fromColumns: Record<string, { rows: ReturnType<typeof parseStooqCsv> }> = {};
      const fromRows: typeof fromColumns = {};
      for (const s of symbols) {
        const rows = parseStooqCsv(texts[s as keyof typeof texts], s, "2020-01-01", "2020-12-31");
        fromColumns[s] = { rows };
        fromRows[s] = { rows: rows.map((r) => ({ ...r })) };
      }
      assert.deepEqual(
        alignBars(fromColumns, symbols, start, end),
        alignBars(fromRows, symbols, start, end),
        `${symbols}, ${start}..${end}`,
      );
    }
  }
});

Deno.test("stooq market.ohlcv in process: an ordinary call's envelope, rows built when read", async () => {
  const session = testSession({ fetch: fakeMarket(), now: "2023-11-22T20:00:00Z" });
  const base = { symbols: "MSFT", end_date: "2023-11-21", provider: "stooq" };
  try {
    for (
      const args of [
        { ...base, start_date: "2023-11-17" },
        { ...base, start_date: "2023-11-01", end_date: "2023-11-20" },
        { ...base, limit: 2 }, // the last two bars
        { ...base, symbols: "MSFT,msft", start_date: "2023-11-17" },
      ]
    ) {
      const plain = await execute("market.ohlcv", args, { session });
      const kept = await execute("market.ohlcv", args, { session, inProcess: true });
      const data = kept.envelope.data as { rows: unknown[] };
      // a backtest reads the columns; the rows are not built for it
      assert(Object.getOwnPropertyDescriptor(data, "rows")?.get, "rows deferred");
      assert.equal(
        columnsBehind(data)?.dates.length,
        (plain.envelope.data as typeof data).rows.length,
      );
      assert(Object.getOwnPropertyDescriptor(data, "rows")?.get, "still deferred");
      assert.equal(JSON.stringify(kept.envelope), JSON.stringify(plain.envelope));
      assert.deepEqual(kept, plain);
      // once read, an ordinary property holding rows that carry their columns
      assert.equal(Object.getOwnPropertyDescriptor(data, "rows")?.get, undefined);
      assert.equal(columnsBehind(data), columnsOf(data.rows));
    }
  } finally {
    session.close();
  }
});

Deno.test("deferred rows: where they stood, the rows of their columns, replaceable", () => {
  const cols = parseStooqColumns([HEAD, ...plain].join("\n"), "X");
  const rows = parseStooqCsv([HEAD, ...plain].join("\n"), "X");
  const make = () => {
    const holder = { a: 1, rows: [] as typeof rows, b: "x" };
    deferRows(holder, cols);
    return holder;
  };
  const expected = { a: 1, rows, b: "x" };
  assert.deepEqual(Object.keys(make()), ["a", "rows", "b"]);
  assert.equal(JSON.stringify(make()), JSON.stringify(expected));
  assert.deepEqual(structuredClone(make()), expected);
  assert.deepEqual({ ...make() }, expected);
  const read = make();
  assert.deepEqual(read.rows, rows);
  assert.equal(read.rows, read.rows); // built once
  assert.equal(columnsBehind(read), cols);
  const set = make();
  set.rows = [];
  assert.deepEqual(set, { a: 1, rows: [], b: "x" });
  assert.equal(columnsBehind(set), undefined);
  assert(isJsonSafe(make())); // walked, the rows are read
});
