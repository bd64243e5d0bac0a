import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES, SHARED, sharedOrSkip } from "../_helpers.ts";
import { detectMoves } from "../../analysis/evidence/moves.ts";
import { parseThresholdPct, parseWindowDays } from "../../analysis/evidence/windows.ts";

function bars(closes: number[], start = "2026-01-01", volumes?: number[]) {
  return closes.map((close, i) => {
    const d = new Date(`${start}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    return { date: d.toISOString().slice(0, 10), close, volume: volumes?.[i] ?? 1000 };
  });
}

Deno.test("reference vector: 100,103,90,99 at 8% gives -12.62% then +10%", () => {
  const r = detectMoves(bars([100, 103, 90, 99]), { days: 1, thresholdPct: 8, limit: 20 });
  assert.deepEqual(
    r.moves.map((m) => [m.end_date, m.return_pct, m.direction]),
    [["2026-01-03", -12.62, "down"], ["2026-01-04", 10, "up"]],
  );
  assert.equal(r.moves[0].start_date, "2026-01-02");
});

Deno.test("reference vector: 6 closes 100..104,110 with a 1w window give one 10% move", () => {
  const days = parseWindowDays("1w", "trading");
  assert.equal(days, 5);
  const r = detectMoves(bars([100, 101, 102, 103, 104, 110]), { days, thresholdPct: 8, limit: 20 });
  assert.equal(r.moves.length, 1);
  assert.equal(r.moves[0].return_pct, 10);
  assert.equal(r.moves[0].trading_days, 5);
});

Deno.test("thresholds: 0.08 is 8%, 0.08% stays 0.08%, 1 means 1% not 100%", () => {
  assert.equal(parseThresholdPct("0.08").pct, 8);
  assert.equal(parseThresholdPct("0.08%").pct, 0.08);
  assert.equal(parseThresholdPct("8%").pct, 8);
  assert.equal(parseThresholdPct("1").pct, 1);
  assert.ok(parseThresholdPct("1").note);
  assert.throws(() => parseThresholdPct("abc"));
});

Deno.test("adjusted closes win over raw closes", () => {
  const rows = [
    { date: "2026-01-01", close: 200, adj_close: 100, volume: 1 },
    { date: "2026-01-02", close: 100, adj_close: 101, volume: 1 },
  ];
  const r = detectMoves(rows, { days: 1, thresholdPct: 8, limit: 5 });
  assert.equal(r.total, 0, "a split shows in raw closes only; adjusted closes barely moved");
});

Deno.test("volume and volatility baselines end where the window starts", () => {
  // 21 quiet sessions alternating ±1%, then a 10% jump on triple volume.
  const closes = [100];
  for (let i = 1; i <= 20; i++) closes.push(closes[i - 1] * (i % 2 ? 1.01 : 0.99));
  closes.push(closes[20] * 1.1);
  const vols = closes.map((_, i) => (i === 21 ? 3000 : 1000));
  const r = detectMoves(bars(closes, "2026-01-01", vols), { days: 1, thresholdPct: 5, limit: 5 });
  assert.equal(r.moves.length, 1);
  const m = r.moves[0];
  assert.equal(m.volume_vs_20d, 3);
  assert.equal(m.avg_abs_return_20d_pct, 1);
  assert.equal(m.move_vs_20d_avg_abs_return, 10);
});

Deno.test("a baseline of fewer than 20 sessions gives no 20-day ratios", () => {
  // a 10% drop on the third bar: two sessions before it, not twenty
  const vols = [1000, 1200, 5000];
  const r = detectMoves(bars([100, 101, 90.9], "2026-01-01", vols), {
    days: 1,
    thresholdPct: 5,
    limit: 5,
  });
  const [m] = r.moves;
  assert.equal(m.return_pct, -10);
  assert.equal(m.baseline_sessions, 1);
  assert.equal(m.volume_vs_20d, null);
  assert.equal(m.avg_abs_return_20d_pct, null);
  assert.equal(m.move_vs_20d_avg_abs_return, null);
  // with 21 quiet sessions before it the ratios are there
  const quiet = Array.from({ length: 21 }, (_, i) => 100 + (i % 2) * 0.5);
  const full = detectMoves(bars([...quiet, 90], "2026-01-01"), {
    days: 1,
    thresholdPct: 5,
    limit: 5,
  });
  assert.equal(full.moves[0].baseline_sessions, 20);
  assert.ok(full.moves[0].move_vs_20d_avg_abs_return! > 10);
});

Deno.test("overlapping multi-day windows fold into the strongest", () => {
  // A steady climb: every 3-day window from index 3 on gains > 8%.
  const closes = [100, 100, 100, 105, 110, 116, 122, 122, 122, 122];
  const r = detectMoves(bars(closes), { days: 3, thresholdPct: 8, limit: 20 });
  assert.equal(r.moves.length, 1);
  assert.ok(r.moves[0].overlapping_windows >= 2);
  assert.equal(r.moves[0].end_date, "2026-01-07"); // 122 / 105 = +16.19%, the strongest window
  assert.equal(r.moves[0].return_pct, 16.19);
});

Deno.test("window units: trading vs calendar", () => {
  assert.equal(parseWindowDays("1m", "trading"), 21);
  assert.equal(parseWindowDays("1m", "calendar"), 30);
  assert.equal(parseWindowDays("3D", "calendar"), 3);
  assert.throws(() => parseWindowDays("3x", "calendar"), /unknown unit/);
});

Deno.test("price.moves over market.ohlcv: known moves with volume ratio from a project cassette", async () => {
  const env = await envelope("price.moves", {
    symbol: "EXSW",
    window: "1d",
    threshold: "5%",
    years: 1,
    provider: "stooq",
  }, { replay: [join(FIXTURES, "evidence", "bars")] });
  const data = dataOf(env) as {
    moves: { end_date: string; return_pct: number; volume_vs_20d: number; currency: string }[];
    source: string;
    currency: string;
  };
  assert.deepEqual(data.moves.map((m) => [m.end_date, m.return_pct]), [
    ["2026-02-26", 12],
    ["2026-03-02", -9],
  ]);
  assert.equal(data.moves[0].volume_vs_20d, 3);
  assert.ok(data.source);
  // the closes' currency, on the result and each move (a CSV of the moves keeps it)
  assert.equal(data.currency, "USD");
  assert.ok(data.moves.every((m) => m.currency === "USD"));
});

Deno.test("price.moves: a period by start_date/end_date or by years; dates are the bars'", async () => {
  const replay = { replay: [join(FIXTURES, "evidence", "bars")] };
  const byYears = dataOf(
    await envelope(
      "price.moves",
      { symbol: "EXSW", threshold: "5%", years: 1, provider: "stooq" },
      {
        ...replay,
        now: "2026-12-31T00:00:00Z",
      },
    ),
  ) as { start_date: string; end_date: string; requested: { end_date: string }; years: number };
  // the data ends before the requested end: end_date is the last bar's date, not 2026-12-31
  assert.equal(byYears.requested.end_date, "2026-12-31");
  assert.ok(byYears.end_date < "2026-12-31", byYears.end_date);
  assert.equal(byYears.years, 1);
  const byDates = dataOf(
    await envelope("price.moves", {
      symbol: "EXSW",
      threshold: "5%",
      start_date: "2026-01-01",
      end_date: "2026-03-31",
      provider: "stooq",
    }, replay),
  ) as { start_date: string; end_date: string; years: null; moves: { end_date: string }[] };
  assert.equal(byDates.years, null);
  assert.ok(byDates.start_date >= "2026-01-01" && byDates.end_date <= "2026-03-31");
  assert.deepEqual(byDates.moves.map((m) => m.end_date), ["2026-02-26", "2026-03-02"]);
  const both = await envelope("price.moves", {
    symbol: "EXSW",
    years: 1,
    start_date: "2026-01-01",
    provider: "stooq",
  }, replay);
  assert.equal(both.ok, false);
  assert.match(both.error!, /years or start_date/);
});

Deno.test("price.moves fails with the provider errors when no bars come back", async () => {
  const env = await envelope("price.moves", { symbol: "NOPE", provider: "stooq" }, {
    replay: [join(FIXTURES, "evidence", "bars")],
  });
  assert.equal(env.ok, false);
  assert.match(env.error!, /no daily bars for NOPE: .*stooq/);
});

Deno.test({
  name: "conformance: AAPL daily moves from the real Stooq history (2025-04-09 +15%)",
  ignore: !SHARED,
  async fn() {
    const root = sharedOrSkip("price.moves Stooq conformance");
    if (!root) return;
    const env = await envelope("price.moves", {
      symbol: "AAPL",
      threshold: "5%",
      years: 3,
      provider: "stooq",
    }, { replay: [join(root, "cassettes", "stooq")], now: "2026-01-15T00:00:00Z" });
    const data = dataOf(env) as { moves: { end_date: string; return_pct: number }[] };
    assert.equal(data.moves[0].end_date, "2025-04-09");
    assert.ok(data.moves[0].return_pct > 15 && data.moves[0].return_pct < 15.5);
    for (let i = 1; i < data.moves.length; i++) {
      assert.ok(Math.abs(data.moves[i - 1].return_pct) >= Math.abs(data.moves[i].return_pct));
    }
  },
});

Deno.test("price.moves: a move in the scan's first month has its 20-session baselines", async () => {
  // the bars were read from start_date only, so moves within its first 20 sessions had null
  // volume and size ratios (with a warning) although the provider has the bars before it
  const env = await envelope("price.moves", {
    symbol: "EXSW",
    provider: "stooq",
    threshold: "5%",
    start_date: "2026-02-20",
  }, { replay: [join(FIXTURES, "evidence", "bars")], now: "2026-03-10T21:00:00Z" });
  // deno-lint-ignore no-explicit-any
  const d = dataOf(env) as any;
  assert.equal(d.start_date, "2026-02-20");
  assert.ok(d.moves.length > 0);
  for (const m of d.moves) {
    assert.ok(m.start_date >= "2026-02-20", m.start_date);
    assert.equal(m.baseline_sessions, 20);
    assert.notEqual(m.volume_vs_20d, null);
  }
  assert.ok(!env.warnings.some((w) => /fewer than 20 sessions/.test(w)), env.warnings.join("\n"));
});
