/**
 * Conformance: every recorded Yahoo chart and quote answer (../shared/fixtures) read through the
 * code market.ohlcv and market.quote use, and every bar and figure checked against the raw
 * payload: the bar's date in the exchange's own zone, open/high/low/close/volume as Yahoo gave
 * them (nulls kept missing), adj_close, splits and dividends with their local dates, currency,
 * and the quote's price, change, previous close, day range, volume and time.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { run, SHARED, sharedOrSkip } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { chartResult } from "../../providers/market_a/schemas.ts";
import { chartToBars } from "../../providers/market_a/bars.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

/** The local calendar date of an epoch second in an IANA zone (independent of bars.ts). */
function localDate(sec: number, zone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(sec * 1000));
}

/** Quote types whose volume 0 is Yahoo's "none" (quote_row.ts NO_VOLUME). */
const NO_VOLUME = new Set(["CURRENCY", "INDEX", "MUTUALFUND"]);

interface Recorded {
  name: string;
  body: Any;
  /** The first UTC day the recording asked for (period1), when its URL is known. */
  day?: string;
}

/** Every recorded chart body: the yahoo cassette's and yfinance-rs's raw ones. */
function recordedCharts(): Recorded[] {
  const shared = SHARED!;
  const out: Recorded[] = [];
  const cassette = join(shared, "cassettes", "yahoo");
  const index = JSON.parse(readFileSync(join(cassette, "index.json"), "utf8"));
  for (const e of index.entries) {
    if (!String(e.url).includes("/v8/finance/chart/") || !e.file) continue;
    const p1 = Number(new URL(e.url).searchParams.get("period1"));
    out.push({
      name: e.file,
      body: JSON.parse(readFileSync(join(cassette, e.file), "utf8")),
      day: new Date(p1 * 1000).toISOString().slice(0, 10),
    });
  }
  const rs = join(shared, "yahoo", "yfinance-rs");
  if (existsSync(rs)) {
    for (const f of readdirSync(rs).filter((f) => f.startsWith("history_chart_")).sort()) {
      out.push({ name: f, body: JSON.parse(readFileSync(join(rs, f), "utf8")) });
    }
  }
  return out;
}

/** The rows Yahoo's payload holds in local days `start`..`end`, as market.ohlcv must give them. */
function expectedRows(r: Any, intraday: boolean, start: string, end: string, zeroIsNone = true) {
  const zone = r.meta.exchangeTimezoneName;
  const q = r.indicators.quote[0] ?? {};
  const adj = r.indicators.adjclose?.[0]?.adjclose;
  const noVolume = zeroIsNone && NO_VOLUME.has(r.meta.instrumentType);
  const index = r.meta.instrumentType === "INDEX" || r.meta.symbol.startsWith("^");
  const rows: Any[] = [];
  (r.timestamp ?? []).forEach((t: number | null, i: number) => {
    if (t === null) return;
    const day = localDate(t, zone);
    if (day < start || day > end) return;
    // a price of 0 is Yahoo's "none", except an index's level
    const p = (x: number | null | undefined) => (x === 0 && !index ? null : x ?? null);
    const v = (k: string) => p(q[k]?.[i]);
    if (v("open") === null && v("close") === null) return;
    rows.push({
      date: intraday ? new Date(t * 1000).toISOString().replace(".000Z", "Z") : day,
      open: v("open"),
      high: v("high"),
      low: v("low"),
      close: v("close"),
      adj_close: intraday || !adj ? null : p(adj[i]),
      volume: noVolume && q.volume?.[i] === 0 ? null : q.volume?.[i] ?? null,
    });
  });
  return rows;
}

const TIMEFRAMES = new Set(["1m", "5m", "15m", "30m", "1d", "1wk", "1mo"]);

Deno.test({
  name: "conformance: every recorded Yahoo chart, bar by bar, through market.ohlcv",
  ignore: !SHARED,
  async fn() {
    sharedOrSkip("yahoo charts");
    let checked = 0;
    for (const { name, body, day } of recordedCharts()) {
      const r = body.chart.result?.[0];
      if (!r) continue;
      const tf = r.meta.dataGranularity ?? "1d";
      if (!TIMEFRAMES.has(tf)) continue;
      const intraday = /m$/.test(tf) && tf !== "1mo";
      const zone = r.meta.exchangeTimezoneName;
      const stamps: number[] = (r.timestamp ?? []).filter((t: unknown) => typeof t === "number");
      // the window: the recording's local days (or, without bars, its requested day)
      const start = stamps.length ? localDate(stamps[0], zone) : day!;
      const end = stamps.length ? localDate(stamps.at(-1)!, zone) : start;
      const chart = () =>
        new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
      const out = await run("market.ohlcv", {
        symbols: r.meta.symbol,
        start_date: start,
        end_date: end,
        timeframe: tf,
        provider: "market_a",
      }, { fetch: fakeMarket(undefined, { "/v8/finance/chart/": chart }), now: "2026-01-05" });
      const env = out.envelope;
      const want = expectedRows(r, intraday, start, end);
      if (!want.length) {
        // a day without bars (the 1m recording of a Saturday) is said, never invented
        assert.equal(env.ok, false, name);
        assert.match(env.error!, /no bars/, name);
        continue;
      }
      assert.equal(env.ok, true, `${name}: ${env.error}`);
      const d = env.data as Any;
      assert.deepEqual(d.rows, want, name);
      assert.equal(d.count, want.length, name);
      // currency as Yahoo states it (none of these is an index or a relabelled future)
      assert.equal(d.currency, r.meta.currency, name);
      assert.match(
        d.price_basis,
        intraday
          ? /adj_close null/
          : ["CURRENCY", "CRYPTOCURRENCY", "FUTURE"].includes(r.meta.instrumentType)
          ? /^prices as traded: a (currency pair|cryptocurrency|futures contract) has no splits or dividends, and adj_close is the close$/
          : ["MUTUALFUND", "ETF"].includes(r.meta.instrumentType) || r.events?.capitalGains
          ? /adj_close adjusted for splits, dividends and capital-gain distributions; dividends lists income dividends, capital_gains the capital-gain distributions$/
          : /adj_close adjusted for splits and dividends$/,
        name,
      );
      const inWin = (day: string) => day >= start && day <= end;
      const splits = Object.values(r.events?.splits ?? {}).map((s: Any) => ({
        date: localDate(s.date, zone),
        ratio: s.numerator / s.denominator,
        numerator: s.numerator,
        denominator: s.denominator,
      })).filter((s) => inWin(s.date)).sort((a, b) => a.date.localeCompare(b.date));
      assert.deepEqual(d.splits, splits, name);
      const dividends = Object.values(r.events?.dividends ?? {}).map((x: Any) => ({
        date: localDate(x.date, zone),
        amount: x.amount,
      })).filter((x) => inWin(x.date)).sort((a, b) => a.date.localeCompare(b.date));
      assert.deepEqual(d.dividends, dividends, name);
      const gains = Object.values(r.events?.capitalGains ?? {}).map((x: Any) => ({
        date: localDate(x.date, zone),
        amount: x.amount,
      })).filter((x) => inWin(x.date)).sort((a, b) => a.date.localeCompare(b.date));
      assert.deepEqual(d.capital_gains, gains, name);
      // no figure is NaN or rounded away: JSON holds exactly the payload's numbers
      assert.doesNotMatch(JSON.stringify(env), /NaN|Infinity/, name);
      checked++;
    }
    assert.ok(checked >= 40, `only ${checked} recordings checked`);
  },
});

Deno.test({
  name: "conformance: a quarterly fund chart (VFINX) read by chartToBars keeps every bar",
  ignore: !SHARED,
  fn() {
    const file = join(sharedOrSkip("yfinance-rs VFINX")!, "yahoo", "yfinance-rs");
    const path = join(file, "history_chart_VFINX.json");
    if (!existsSync(path)) return;
    const r = JSON.parse(readFileSync(path, "utf8")).chart.result[0];
    const bars = chartToBars(chartResult.parse(r), "3mo");
    const want = expectedRows(r, false, "0000", "9999", false);
    assert.deepEqual(bars.rows, want);
    assert.equal(bars.currency, "USD");
    assert.equal(bars.instrument_type, "MUTUALFUND");
    // Yahoo's low of 0.0 in the quarter from 2025-04-01 is its "none", not a price
    const q2 = bars.rows.find((b) => b.date === "2025-04-01")!;
    assert.deepEqual([q2.open, q2.low], [519.7899780273438, null]);
    assert.deepEqual(bars.zero_prices, ["2025-04-01"]);
  },
});

/** Every recorded v7 quote body of the yahoo cassette (without a `fields` filter). */
function recordedQuotes(): { symbol: string; raw: Any | null }[] {
  const cassette = join(SHARED!, "cassettes", "yahoo");
  const index = JSON.parse(readFileSync(join(cassette, "index.json"), "utf8"));
  const out: { symbol: string; raw: Any | null }[] = [];
  for (const e of index.entries) {
    const u = new URL(e.url);
    if (u.pathname !== "/v7/finance/quote" || u.searchParams.has("fields") || !e.file) continue;
    const symbols = u.searchParams.get("symbols")!.split(",");
    if (symbols.length !== 1) continue;
    const body = JSON.parse(readFileSync(join(cassette, e.file), "utf8"));
    const rows: Any[] = body.quoteResponse?.result ?? [];
    out.push({ symbol: symbols[0], raw: rows.find((r) => r.symbol === symbols[0]) ?? null });
  }
  return out;
}

/** Yahoo's figure, null when absent; a price of 0 is its "none" (quote_row.ts `price`). */
const fig = (raw: Any, k: string) => (typeof raw[k] === "number" ? raw[k] : null);
const priceFig = (raw: Any, k: string) => (fig(raw, k) === 0 ? null : fig(raw, k));

Deno.test({
  name: "conformance: every recorded Yahoo quote, figure by figure, through market.quote",
  ignore: !SHARED,
  async fn() {
    const cassette = join(sharedOrSkip("yahoo quotes")!, "cassettes", "yahoo");
    let checked = 0;
    for (const { symbol, raw } of recordedQuotes()) {
      const out = await run("market.quote", { symbol }, {
        replay: [cassette],
        now: "2025-02-17T12:00:00Z",
      });
      const env = out.envelope;
      if (!raw || raw.quoteType === "NONE") {
        assert.equal(env.ok, false, symbol);
        assert.match(env.error!, /no quote for/, symbol);
        continue;
      }
      // a kept record of a delisted listing (ADH): no price nor previous close, no quote
      if (
        fig(raw, "regularMarketPrice") === null && fig(raw, "regularMarketPreviousClose") === null
      ) {
        assert.equal(env.ok, false, symbol);
        assert.match(env.error!, /has no price and no previous close/, symbol);
        continue;
      }
      assert.equal(env.ok, true, `${symbol}: ${env.error}`);
      const d = env.data as Any;
      const said = env.warnings.join("\n");
      assert.equal(d.price, fig(raw, "regularMarketPrice"), symbol);
      assert.equal(d.previous_close, priceFig(raw, "regularMarketPreviousClose"), symbol);
      assert.equal(d.open, priceFig(raw, "regularMarketOpen"), symbol);
      assert.equal(d.day_high, priceFig(raw, "regularMarketDayHigh"), symbol);
      assert.equal(d.day_low, priceFig(raw, "regularMarketDayLow"), symbol);
      assert.equal(d.fifty_two_week_high, priceFig(raw, "fiftyTwoWeekHigh"), symbol);
      assert.equal(d.fifty_two_week_low, priceFig(raw, "fiftyTwoWeekLow"), symbol);
      const volume = fig(raw, "regularMarketVolume");
      assert.equal(
        d.volume,
        volume === 0 && NO_VOLUME.has(raw.quoteType) ? null : volume,
        symbol,
      );
      assert.equal(
        d.as_of,
        raw.regularMarketTime ? new Date(raw.regularMarketTime * 1000).toISOString() : null,
        symbol,
      );
      // change and change_pct: Yahoo's, or null for its placeholder 0, said
      const change = fig(raw, "regularMarketChange");
      if (d.change === null && change !== null) {
        assert.equal(change, 0, symbol);
        assert.match(said, /change of 0 is a placeholder/, symbol);
      } else assert.equal(d.change, change, symbol);
      if (d.change === null) assert.equal(d.change_pct, null, symbol);
      else assert.equal(d.change_pct, fig(raw, "regularMarketChangePercent"), symbol);
      // a change that is not the price minus the previous close beside it is said, never
      // left for a reader to take as the move since that close
      if (d.change !== null && d.price !== null && d.previous_close !== null) {
        const diff = d.price - d.previous_close;
        const tol = 1e-4 * Math.max(Math.abs(d.price), Math.abs(d.previous_close));
        if (Math.abs(diff - d.change) > tol) {
          assert.match(said, /change .* is not the price .* minus the previous close/, symbol);
        }
      }
      // currency: Yahoo's, but none for an index's level (points)
      assert.equal(d.currency, raw.quoteType === "INDEX" ? null : raw.currency ?? null, symbol);
      assert.doesNotMatch(JSON.stringify(env), /NaN|Infinity/, symbol);
      checked++;
    }
    assert.ok(checked >= 20, `only ${checked} quotes checked`);
  },
});

Deno.test({
  name: "conformance: every recorded Stooq CSV, row by row, through market.ohlcv",
  ignore: !SHARED,
  async fn() {
    const cassette = join(sharedOrSkip("stooq cassette")!, "cassettes", "stooq");
    const index = JSON.parse(readFileSync(join(cassette, "index.json"), "utf8"));
    for (const e of index.entries) {
      const sym = new URL(e.url).searchParams.get("s")!.replace(/\.us$/, "").toUpperCase();
      const lines = readFileSync(join(cassette, e.file), "utf8").trim().split(/\r?\n/).slice(1);
      const want = lines.map((l) => {
        const [date, open, high, low, close, volume] = l.split(",");
        const n = (v: string | undefined) => (v === undefined || v === "" ? null : Number(v));
        return {
          date,
          open: n(open),
          high: n(high),
          low: n(low),
          close: n(close),
          adj_close: n(close),
          volume: n(volume),
        };
      });
      const out = await run("market.ohlcv", {
        symbols: sym,
        start_date: want[0].date,
        end_date: want.at(-1)!.date,
        provider: "stooq",
      }, { replay: [cassette], now: "2026-07-01T12:00:00Z" });
      assert.equal(out.envelope.ok, true, `${sym}: ${out.envelope.error}`);
      const d = out.envelope.data as Any;
      assert.deepEqual(d.rows, want, sym);
      assert.equal(d.currency, "USD", sym);
      assert.match(d.price_basis, /adjusted for splits and dividends/, sym);
    }
  },
});
