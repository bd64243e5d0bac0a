/**
 * A fund's capital-gain distributions: market.ohlcv asks Yahoo's chart for them
 * (events=capitalGains), lists them apart from the income dividends, says in a warning that a
 * total return from closes and dividends alone leaves them out, and, when an old recording was
 * asked without them, says that capital_gains is empty for want of asking. Conformance: the
 * recorded VFINX chart's capital gains, and its adjusted closes, which take them in.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { dataOf, FIXTURES, run, SHARED, sharedOrSkip } from "../_helpers.ts";
import { type FakeLog, fakeMarket } from "./_fake.ts";
import { chartResult } from "../../providers/market_a/schemas.ts";
import { chartToBars } from "../../providers/market_a/bars.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const FUND = readFileSync(join(FIXTURES, "market", "chart_fund_capital_gains.json"), "utf8");
const WINDOW = { start_date: "2024-12-16", end_date: "2024-12-20", provider: "market_a" };
const NOW = "2024-12-23T12:00:00Z";

const answer = (body: string) => () =>
  new Response(body, { headers: { "content-type": "application/json" } });

Deno.test("market.ohlcv asks Yahoo for capital gains and lists a fund's apart from its dividends", async () => {
  const log: FakeLog = { urls: [], posts: [] };
  const out = await run("market.ohlcv", { symbols: "FUNDX", ...WINDOW }, {
    fetch: fakeMarket(log, { "/v8/finance/chart/FUNDX": answer(FUND) }),
    now: NOW,
  });
  const d = dataOf(out.envelope) as Any;
  const asked = new URL(log.urls.find((u) => u.includes("/v8/finance/chart/"))!);
  assert.equal(asked.searchParams.get("events"), "div|split|earn|capitalGains");
  assert.deepEqual(d.dividends, [{ date: "2024-12-18", amount: 0.1 }]);
  assert.deepEqual(d.capital_gains, [{ date: "2024-12-18", amount: 1.5 }]);
  assert.match(d.price_basis, /adj_close adjusted for splits, dividends and capital-gain/);
  assert.match(d.price_basis, /capital_gains the capital-gain distributions$/);
  const note = out.envelope.warnings.find((w) => /capital-gain distribution/.test(w));
  assert.ok(note, out.envelope.warnings.join("\n"));
  assert.match(
    note,
    /^FUNDX: 1 capital-gain distribution\(s\) per share in the window \(2024-12-18: 1\.5 USD; 1\.5 USD in all\)/,
  );
  assert.match(note, /adj_close, which Yahoo adjusts for both, takes them in/);
});

Deno.test("market.ohlcv: an equity with no capital gains keeps its basis and an empty list, no note", async () => {
  const out = await run("market.ohlcv", {
    symbols: "MSFT",
    start_date: "2023-11-17",
    end_date: "2023-11-21",
    provider: "market_a",
  }, { fetch: fakeMarket(), now: "2023-11-22T20:00:00Z" });
  const d = dataOf(out.envelope) as Any;
  assert.deepEqual(d.capital_gains, []);
  assert.equal(
    d.price_basis,
    "OHLC adjusted for splits only; adj_close adjusted for splits and dividends",
  );
  assert.ok(
    !out.envelope.warnings.some((w) => /capital/.test(w)),
    out.envelope.warnings.join("\n"),
  );
});

Deno.test("market.ohlcv: a capital gain Yahoo states in pounds beside pence prices is put in pence", async () => {
  const body = JSON.parse(FUND);
  const r = body.chart.result[0];
  r.meta.currency = "GBp";
  r.meta.symbol = "FUNDX.L";
  r.meta.exchangeTimezoneName = "Europe/London";
  r.meta.gmtoffset = 0;
  const q = r.indicators.quote[0];
  for (const k of ["open", "high", "low", "close"]) q[k] = q[k].map((v: number) => v * 100);
  // 1.6 pounds a share (160 pence) off a close of 2010 pence, stated as 1.6
  r.events = { capitalGains: { [r.timestamp[2]]: { amount: 1.6, date: r.timestamp[2] } } };
  const log: FakeLog = { urls: [], posts: [] };
  const out = await run("market.ohlcv", { symbols: "FUNDX.L", ...WINDOW }, {
    fetch: fakeMarket(log, { "/v8/finance/chart/": answer(JSON.stringify(body)) }),
    now: NOW,
  });
  const d = dataOf(out.envelope) as Any;
  assert.deepEqual(d.capital_gains, [{ date: "2024-12-18", amount: 160 }]);
  assert.ok(
    out.envelope.warnings.some((w) =>
      /Yahoo states the capital-gain distribution of 2024-12-18 as 1\.6 in GBP/.test(w)
    ),
    out.envelope.warnings.join("\n"),
  );
});

/** A cassette holding only `url`'s answer (`body`). */
function cassette(url: string, body: string): string {
  const dir = Deno.makeTempDirSync({ prefix: "capital-gains-" });
  Deno.writeTextFileSync(join(dir, "chart.json"), body);
  Deno.writeTextFileSync(
    join(dir, "index.json"),
    JSON.stringify({
      version: 1,
      entries: [{
        method: "GET",
        url,
        status: 200,
        headers: { "content-type": "application/json" },
        file: "chart.json",
      }],
    }),
  );
  return dir;
}

const OLD_URL = "https://query2.finance.yahoo.com/v8/finance/chart/FUNDX?useYfid=true&interval=1d" +
  "&includePrePost=true&events=div%7Csplit%7Cearn&lang=en-US&period1=1734307200&period2=1734739200";

Deno.test("market.ohlcv: a fund recorded without capital gains is read, and says they were not asked for", async () => {
  // as Yahoo answers when not asked for capital gains: no capitalGains among the events
  const body = JSON.parse(FUND);
  delete body.chart.result[0].events.capitalGains;
  const dir = cassette(OLD_URL, JSON.stringify(body));
  try {
    const out = await run("market.ohlcv", { symbols: "FUNDX", ...WINDOW }, {
      replay: [dir],
      now: NOW,
    });
    const d = dataOf(out.envelope) as Any;
    assert.equal(d.count, 5);
    assert.deepEqual(d.dividends, [{ date: "2024-12-18", amount: 0.1 }]);
    assert.deepEqual(d.capital_gains, []);
    assert.match(d.price_basis, /not asked for in this recorded answer/);
    assert.deepEqual(d.source_urls, [OLD_URL]);
    assert.ok(
      out.envelope.warnings.some((w) =>
        /^FUNDX is a fund, and this recorded chart answer was asked without capital-gain distributions/
          .test(w)
      ),
      out.envelope.warnings.join("\n"),
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("market.ohlcv: an old recording that holds capital gains anyway is read in full", async () => {
  const dir = cassette(OLD_URL, FUND);
  try {
    const out = await run("market.ohlcv", { symbols: "FUNDX", ...WINDOW }, {
      replay: [dir],
      now: NOW,
    });
    const d = dataOf(out.envelope) as Any;
    assert.deepEqual(d.capital_gains, [{ date: "2024-12-18", amount: 1.5 }]);
    assert.doesNotMatch(d.price_basis, /not asked for/);
    assert.ok(!out.envelope.warnings.some((w) => /asked without/.test(w)));
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("market.ohlcv: a chart recorded under neither request fails naming the request to record", async () => {
  const dir = cassette(OLD_URL.replace("FUNDX", "OTHER"), FUND);
  try {
    const out = await run("market.ohlcv", { symbols: "FUNDX", ...WINDOW }, {
      replay: [dir],
      now: NOW,
    });
    assert.equal(out.envelope.ok, false);
    assert.equal(out.envelope.data, null);
    assert.match(
      out.envelope.error!,
      /no recording for GET \S+events=div%7Csplit%7Cearn%7CcapitalGains/,
    );
    assert.match(out.envelope.error!, /FINANCE_RECORD/);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

const VFINX = () => join(SHARED!, "yahoo", "yfinance-rs", "history_chart_VFINX.json");

Deno.test({
  name: "conformance: VFINX's recorded capital gains are read with their local dates",
  ignore: !SHARED || !existsSync(VFINX()),
  fn() {
    if (!sharedOrSkip("VFINX capital gains")) return;
    const raw = JSON.parse(readFileSync(VFINX(), "utf8")).chart.result[0];
    const bars = chartToBars(chartResult.parse(raw), "3mo");
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" });
    const expected = Object.values(raw.events.capitalGains as Record<string, Any>)
      .map((g) => ({ date: day.format(new Date(g.date * 1000)), amount: g.amount }))
      .sort((a, b) => a.date.localeCompare(b.date));
    assert.equal(bars.capital_gains.length, 21);
    assert.deepEqual(bars.capital_gains, expected);
    assert.equal(bars.capital_gains_asked, true);
    // none of them is among the income dividends
    const divs = new Set(bars.dividends.map((d) => `${d.date} ${d.amount}`));
    assert.ok(bars.capital_gains.every((g) => !divs.has(`${g.date} ${g.amount}`)));
  },
});

Deno.test({
  name:
    "conformance: VFINX's recorded adjusted closes take in its capital gains (price_basis's claim)",
  ignore: !SHARED || !existsSync(VFINX()),
  fn() {
    if (!sharedOrSkip("VFINX adjusted closes")) return;
    const raw = JSON.parse(readFileSync(VFINX(), "utf8")).chart.result[0];
    const bars = chartToBars(chartResult.parse(raw), "3mo");
    const events = (list: { date: string; amount: number }[], from: string, to: string) =>
      list.filter((e) => e.date > from && e.date <= to).reduce((n, e) => n + e.amount, 0);
    let checked = 0;
    for (let i = 0; i + 1 < bars.rows.length; i++) {
      const [a, b] = [bars.rows[i], bars.rows[i + 1]];
      if (!a.close || !a.adj_close || !b.close || !b.adj_close) continue;
      const gains = events(bars.capital_gains, a.date, b.date);
      if (!gains) continue;
      const paid = events(bars.dividends, a.date, b.date);
      // the adjustment between two bars is the distributions over the earlier close
      const step = 1 - (a.adj_close / a.close) / (b.adj_close / b.close);
      const both = (paid + gains) / a.close;
      const alone = paid / a.close;
      assert.ok(
        Math.abs(step - both) < Math.abs(step - alone),
        `${a.date}..${b.date}: step ${step}, dividends and gains ${both}, dividends ${alone}`,
      );
      checked++;
    }
    assert.ok(checked >= 15, `only ${checked} quarters with capital gains checked`);
  },
});
