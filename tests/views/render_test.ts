/** Output modes: csv/tsv sheets, text errors on stderr, warnings once, numbers never cut. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { main } from "../../adapters/cli.ts";
import { delimited, render, renderOutput } from "../../adapters/render.ts";
import { failure, success } from "../../core/envelope.ts";
import { setDefaultSession } from "../../core/session.ts";
import { FIXTURES, testSession } from "../_helpers.ts";

async function cli(argv: string[], replay?: string) {
  const out: string[] = [];
  const err: string[] = [];
  setDefaultSession(testSession(replay ? { replay: [replay] } : {}));
  try {
    const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
    return { code, out: out.join("\n"), err: err.join("\n") };
  } finally {
    setDefaultSession(null);
  }
}

const ACME = join(FIXTURES, "filings", "cassette");

Deno.test("csv: filings.recent is a sheet with a header and one row per filing", async () => {
  const r = await cli(["filings.recent", "ACME", "--output", "csv"], ACME);
  assert.equal(r.code, 0, r.err);
  const lines = r.out.split("\n");
  assert.match(lines[0], /^form,accession_no,filed_at,report_date,/);
  assert.equal(lines.length, 1 + 5);
  assert.match(
    lines[1],
    /^8-K,0001234567-24-000020,2024-04-25,.*,2\.02; 9\.01,https:\/\/www\.sec\.gov\//,
  );
});

Deno.test("csv/tsv: nested fields flatten with dots, quoting only where needed", () => {
  const data = {
    count: 2,
    rows: [
      { name: "a, b", value: { raw: 1, unit: "USD" }, tags: ["x", "y"] },
      { name: 'say "hi"', value: { raw: 2, unit: "USD" }, tags: [] },
    ],
  };
  assert.equal(
    delimited(data, ","),
    'name,value.raw,value.unit,tags\n"a, b",1,USD,x; y\n"say ""hi""",2,USD,',
  );
  assert.equal(delimited(data, "\t").split("\n")[1], "a, b\t1\tUSD\tx; y");
  // a result without a list is one row
  assert.equal(delimited({ cagr: 0.1, inputs: { start: 1 } }, ","), "cagr,inputs.start\n0.1,1");
});

Deno.test("text: a failure goes to stderr with exit 1; json keeps the envelope on stdout", async () => {
  const text = await cli(["filings.recent", "NOPE", "--output", "text"], ACME);
  assert.equal(text.code, 1);
  assert.equal(text.out, "");
  assert.match(text.err, /^error: .*NOPE/);
  const json = await cli(["filings.recent", "NOPE"], ACME);
  assert.equal(json.code, 1);
  assert.equal(JSON.parse(json.out).ok, false);
  assert.equal(json.err, "");
});

Deno.test("usage errors respect --output text (stderr, exit 2), json otherwise", async () => {
  const text = await cli(["filings.recent", "ACME", "froms=10-K", "--output", "text"]);
  assert.equal(text.code, 2);
  assert.equal(text.out, "");
  assert.match(text.err, /^error: .*did you mean `forms`/);
  const unknown = await cli(["help", "nothing.here", "--output=text"]);
  assert.equal(unknown.code, 2);
  assert.match(unknown.err, /^error: unknown command or namespace/);
  const badMode = await cli(["formula.cagr", "--output", "xml"]);
  assert.equal(badMode.code, 2);
  assert.match(JSON.parse(badMode.out).error, /--output takes json, text, compact, csv, tsv/);
});

Deno.test("text: warnings print once, at the end, even when data repeats them", () => {
  const env = success({ matches: [], warnings: ["page 3 unreadable"] }, ["page 3 unreadable"]);
  const out = render(env, "text");
  assert.equal(out.split("page 3 unreadable").length - 1, 1);
  assert.match(out, /warning: page 3 unreadable$/);
  // csv keeps stdout a clean sheet: warnings on stderr
  const sheet = renderOutput(env, "csv");
  assert.equal(sheet.err, "warning: page 3 unreadable");
  assert.equal(renderOutput(failure("boom"), "csv").out, "");
});

Deno.test("text: a narrow terminal never cuts a number or a URL", () => {
  const url =
    "https://www.sec.gov/Archives/edgar/data/1045810/000104581024000029/nvda-20240128.htm";
  const env = success({
    rows: [
      { label: "A very long line item label that goes on and on", value: 60922123456.5, url },
    ],
  });
  const out = renderOutput(env, "text", { width: 40 }).out;
  assert.ok(out.includes("60,922,123,456.5"), out);
  assert.ok(out.includes(url), out);
  // percent fields read as percent, ISO instants as dates
  const pct = render(
    success({ total_return_pct: 24.935478, as_of: "2024-04-25T16:05:10.000Z" }),
    "text",
  );
  assert.match(pct, /total_return_pct: +24\.94%/);
  assert.match(pct, /as_of: +2024-04-25 16:05:10 UTC/);
});

Deno.test("text: a field whose name is longer than the name column still fits the width", () => {
  const value = "the module is run again on the first two thirds of the bars; a different answer " +
    "on those bars means it peeked at later data, which is reported in warnings";
  const out = renderOutput(
    success({ count: 6, custom: { contract: { look_ahead_check: value } } }),
    "text",
    { width: 100 },
  ).out;
  const lines = out.split("\n");
  for (const line of lines) assert.ok(line.length <= 100, line);
  assert.match(lines[1], /^custom\.contract\.look_ahead_check: the module/);
  // nothing lost, and continuation lines under the value column
  assert.equal(
    lines.slice(1).map((l) => l.trim()).join(" "),
    `custom.contract.look_ahead_check: ${value}`,
  );
  assert.ok(lines.slice(2).every((l) => l.startsWith(" ".repeat(26))));
});

Deno.test("text: a long table too wide for the terminal leaves out right-hand columns and says so", () => {
  const rows = Array.from({ length: 5 }, (_, i) => ({
    date: `2024-01-0${i + 1}`,
    open: 185.22 + i,
    high: 186.5 + i,
    low: 182 + i,
    close: 183.73 + i,
    volume: 83345606 + i,
  }));
  const out = renderOutput(success({ currency: "USD", rows }), "text", { width: 40 }).out;
  assert.match(out, /rows \(5; open, high, low, close in USD\)/);
  assert.match(out, /2024-01-01 +185\.22 +186\.50 +182\.00/);
  assert.match(out, /not shown at this width: .*volume/);
  for (const line of out.split("\n")) assert.ok(line.length <= 40 || !line.includes(" "), line);
});

Deno.test("compact: one line per record, raw values (ISO times stay ISO) for context-limited callers", () => {
  const env = success({
    count: 1,
    filings: [{ form: "8-K", accepted_at_utc: "2024-04-25T20:05:10.000Z", value: 1234.5 }],
  });
  assert.equal(
    render(env, "compact"),
    "count=1\nform=8-K accepted_at_utc=2024-04-25T20:05:10.000Z value=1234.5",
  );
});

Deno.test("compact: a result without a list is one record and keeps every field", () => {
  const quote = success({
    symbol: "AAPL",
    provider_symbol: "AAPL",
    company_name: "Apple Inc.",
    quote_type: "EQUITY",
    exchange: "NasdaqGS",
    currency: "USD",
    price: 244.6,
    as_of: "2025-02-14T21:00:00.000Z",
  });
  assert.match(
    render(quote, "compact"),
    /^symbol=AAPL .* price=244\.6 as_of=2025-02-14T21:00:00\.000Z$/,
  );
});

Deno.test("csv: a statement with no line items is an empty sheet; the warning goes to stderr", async () => {
  const r = await cli(
    ["filings.statement", "ACME", "query=widgets", "--output", "csv"],
    join(FIXTURES, "filings", "cassette"),
  );
  assert.equal(r.code, 0);
  assert.equal(r.out, "");
  assert.match(r.err, /^warning: no income statement row matched query "widgets"/);
  assert.equal(delimited([], ","), "");
});

Deno.test("csv: a statement is line items by period (as presented), document tables are their cells", async () => {
  const st = await cli(
    ["filings.statement", "ACME", "--output", "csv"],
    join(FIXTURES, "filings", "cassette"),
  );
  assert.equal(st.code, 0, st.err);
  const [head, first, , cost, gross] = st.out.split("\n");
  assert.equal(
    head,
    "concept,label,level,2023-01-01 to 2023-12-31,2022-01-01 to 2022-12-31,unit,xbrl_sign,accession_no,form,filing_url",
  );
  assert.match(
    first,
    /^us-gaap:Revenues,Revenues,1,1200000000,1000000000,USD,1,0001234567-24-000010,10-K,https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/1234567\/000123456724000010\/acme-20231231\.htm$/,
  );
  // "Less: cost of revenue" is presented negated: the sheet shows it as the statement does, so
  // revenue plus it is gross profit; xbrl_sign says the XBRL fact is positive
  assert.match(
    cost,
    /^us-gaap:CostOfRevenue,Less: cost of revenue,1,-900000000,-760000000,USD,-1,/,
  );
  assert.match(gross, /^us-gaap:GrossProfit,Gross profit,1,300000000,240000000,USD,1,/);
  const tables = await cli([
    "document.tables",
    join(FIXTURES, "document", "ruled_table.pdf"),
    "--output",
    "tsv",
  ]);
  const pdf = join(FIXTURES, "document", "ruled_table.pdf");
  assert.deepEqual(tables.out.split("\n").slice(0, 3), [
    "table\tpage\trow\tscale\tunscaled\tsource\tcol_1\tcol_2\tcol_3",
    `1\t1\t0\t\t\t${pdf}\tSegment\tRevenue\tMargin`,
    `1\t1\t1\t\t\t${pdf}\tCloud\t4,200\t31%`,
  ]);
});

Deno.test("market.ohlcv of two listings: each series' prices in its own currency, text and sheet", () => {
  const series = (symbol: string, currency: string, close: number) => ({
    symbol,
    provider_symbol: symbol,
    timeframe: "1d",
    provider: "market_a",
    source: "Yahoo Finance chart API (v8/finance/chart)",
    currency,
    price_basis: "",
    retrieved_at: "2024-01-03T00:00:00Z",
    start_date: "2024-01-02",
    end_date: "2024-01-02",
    rows: [{
      date: "2024-01-02",
      open: close,
      high: close,
      low: close,
      close,
      adj_close: close,
      volume: 10,
    }],
    count: 1,
    splits: [],
    dividends: [],
  });
  const data = {
    timeframe: "1d",
    symbols: { AAPL: series("AAPL", "USD", 185.5), "OCDO.L": series("OCDO.L", "GBp", 1259.5) },
    count: 2,
  };
  const text = render(success(data), "text");
  assert.match(text, /symbols\.AAPL\.rows \(1; open, high, low, close, adj_close in USD\)/);
  assert.match(text, /symbols\.OCDO\.L\.rows \(1; open, high, low, close, adj_close in GBp\)/);
  assert.deepEqual(renderOutput(success(data), "csv").out.split("\n"), [
    "symbol,date,open,high,low,close,adj_close,volume,currency,provider",
    "AAPL,2024-01-02,185.5,185.5,185.5,185.5,185.5,10,USD,market_a",
    "OCDO.L,2024-01-02,1259.5,1259.5,1259.5,1259.5,1259.5,10,GBp,market_a",
  ]);
  // one series: the same sheet with one symbol
  assert.equal(
    renderOutput(success(series("AAPL", "USD", 185.5)), "csv").out.split("\n")[1],
    "AAPL,2024-01-02,185.5,185.5,185.5,185.5,185.5,10,USD,market_a",
  );
});

Deno.test("backtest and tune sheets: the equity curve or leaderboard, each row with its currency", () => {
  const data = { sources: { "OCDO.L": { currency: "GBp" } } };
  const run = {
    run_type: "backtest",
    data,
    equity_curve: [{ date: "2024-01-02", equity: 100000, benchmark: 100000, drawdown_pct: 0 }],
    trades: [{ symbol: "OCDO.L" }],
  };
  assert.deepEqual(renderOutput(success(run), "csv").out.split("\n"), [
    "date,equity,benchmark,drawdown_pct,currency",
    "2024-01-02,100000,100000,0,GBp",
  ]);
  const tune = { run_type: "tune", data, leaderboard: [{ rank: 1, score: 0.5 }], skipped: [] };
  assert.deepEqual(renderOutput(success(tune), "csv").out.split("\n"), [
    "rank,score,currency",
    "1,0.5,GBp",
  ]);
});

Deno.test("csv: a record with a list of sources is one row of its figures, not the sources", () => {
  const csv = delimited({
    symbol: "SPOT",
    price: 638.18,
    currency: "USD",
    valuation: { trailing_pe: 80.8 },
    sources: [{ fields: ["price", "market_cap"], source: "Yahoo quote" }],
  }, ",").split("\n");
  assert.equal(csv[0], "symbol,price,currency,valuation.trailing_pe,sources");
  assert.equal(csv[1], `SPOT,638.18,USD,80.8,"fields=[price, market_cap] source=Yahoo quote"`);
});

Deno.test("csv: records that each hold one list of records are one row per inner record", () => {
  const csv = delimited({
    rows: [
      { label: "Revenue", values: [{ column: "2025", number: 10 }, { column: "2024", number: 9 }] },
      { label: "Heading", values: [] },
    ],
  }, ",").split("\n");
  assert.deepEqual(csv, [
    "label,values.column,values.number",
    "Revenue,2025,10",
    "Revenue,2024,9",
    "Heading,,",
  ]);
  assert.ok(!csv.some((l) => l.includes("{")));
});

Deno.test("csv: a result that is a list of sources is that list, one row per source", () => {
  const csv = delimited({
    sources: [{ name: "market_a", label: "Yahoo" }, { name: "filings_a", label: "SEC" }],
    count: 2,
  }, ",").split("\n");
  assert.deepEqual(csv, ["name,label", "market_a,Yahoo", "filings_a,SEC"]);
});

Deno.test("text: a table of pence prices and pound caps names both currencies", async () => {
  const { recordsTable } = await import("../../adapters/views/records_table.ts");
  const block = recordsTable("cases", [
    { case: "bear", implied_market_cap: 1.5e9, implied_price: 182.18 },
    { case: "base", implied_market_cap: 3e9, implied_price: 364.37 },
  ], "GBp");
  assert.equal(
    (block as { caption: string }).caption,
    "cases (2; implied_market_cap in GBP; implied_price in GBp)",
  );
});
