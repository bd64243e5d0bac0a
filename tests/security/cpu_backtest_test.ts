/**
 * Backtests stopped at their time limit stop using CPU, through a real `finance serve` with
 * FINANCE_REQUEST_TIMEOUT_MS: a tune of 4,900 parameter sets over 24 years of daily bars of eight
 * symbols (bars generated here as a replay cassette in Yahoo's chart shape), and a custom
 * strategy that never returns, whose subprocess must be killed at the limit (no child left), also
 * when the server runs with --unstable-worker-options (it used to run the strategy in a Worker).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { FIXTURES, ROOT } from "../_helpers.ts";
import { spawnFinance } from "./_spawn.ts";
import { command, stoppedCall } from "./_cpu.ts";

const LIMIT = 1500;
const SYMBOLS = ["AAA", "BBB", "CCC", "DDD", "EEE", "FFF", "GGG", "HHH"];
const START = "2000-01-03";
const END = "2023-06-30";
const GRID = {
  fast: Array.from({ length: 70 }, (_, i) => 3 + i),
  slow: Array.from({ length: 70 }, (_, i) => 80 + 2 * i),
};

/** A Yahoo v8 chart answer with a weekday bar from `period1` to before `period2` (seconds). */
function chart(symbol: string, period1: number, period2: number) {
  const k = SYMBOLS.indexOf(symbol) + 1;
  const timestamp: number[] = [];
  const q = { open: [] as number[], high: [] as number[], low: [] as number[] };
  const close: number[] = [];
  const volume: number[] = [];
  for (let t = period1; t < period2; t += 86400) {
    const wd = new Date(t * 1000).getUTCDay();
    if (wd === 0 || wd === 6) continue;
    const d = (t - period1) / 86400;
    const c = Math.round((100 + 30 * Math.sin(d / (9 + k)) + 0.01 * d * k) * 10000) / 10000;
    timestamp.push(t + 48600); // 09:30 New York (winter time), as Yahoo stamps daily bars
    q.open.push(c);
    q.high.push(Math.round(c * 1.01 * 10000) / 10000);
    q.low.push(Math.round(c * 0.99 * 10000) / 10000);
    close.push(c);
    volume.push(1_000_000 + d);
  }
  return {
    chart: {
      result: [{
        meta: {
          currency: "USD",
          symbol,
          exchangeName: "NMS",
          instrumentType: "EQUITY",
          gmtoffset: -18000,
          timezone: "EST",
          exchangeTimezoneName: "America/New_York",
          regularMarketPrice: close.at(-1),
          priceHint: 2,
          dataGranularity: "1d",
        },
        timestamp,
        indicators: { quote: [{ ...q, close, volume }], adjclose: [{ adjclose: close }] },
      }],
      error: null,
    },
  };
}

/**
 * A replay cassette with the bars the tune will ask for. Which window it asks for depends on
 * the strategy's warm-up, so the URLs are read from the CLI's own "no recording" error first.
 */
async function writeCassette(dir: string, args: string[]): Promise<void> {
  const index = (entries: unknown[]) =>
    Deno.writeTextFile(
      join(dir, "index.json"),
      JSON.stringify({ version: 1, description: "generated bars", recorded_at: "", entries }),
    );
  await index([]);
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(ROOT, "mod.ts"), ...args],
    env: { FINANCE_CACHE: "off", FINANCE_REPLAY: dir, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  const urls = [...text.matchAll(/no recording for GET (\S+)/g)].map((m) => m[1]);
  assert.equal(urls.length, SYMBOLS.length, `expected one missing URL per symbol: ${text}`);
  const entries = [];
  for (const [i, url] of urls.entries()) {
    const u = new URL(url);
    const symbol = u.pathname.split("/").pop()!;
    const file = `chart-${i}.json`;
    const body = chart(
      symbol,
      Number(u.searchParams.get("period1")),
      Number(u.searchParams.get("period2")),
    );
    await Deno.writeTextFile(join(dir, file), JSON.stringify(body));
    entries.push({
      method: "GET",
      url,
      status: 200,
      headers: { "content-type": "application/json;charset=utf-8" },
      file,
    });
  }
  await index(entries);
}

Deno.test("cpu: backtest.tune of 4,900 sets over 24 years of bars stops at its time limit", async () => {
  const dir = await Deno.makeTempDir({ prefix: "finance-cpu-bt-" });
  const tune = {
    strategy: "sma_cross",
    symbols: SYMBOLS.join(","),
    start_date: START,
    end_date: END,
    grid: GRID,
    max_runs: 4900,
    provider: "market_a",
  };
  await writeCassette(dir, [
    "backtest.tune",
    tune.strategy,
    tune.symbols,
    START,
    END,
    `grid=${JSON.stringify(GRID)}`,
    "max_runs=4900",
    "provider=market_a",
  ]);
  const s = await spawnFinance(["serve"], {
    FINANCE_REPLAY: dir,
    FINANCE_REQUEST_TIMEOUT_MS: String(LIMIT),
  });
  try {
    // one set (the same warm-up) answers within the limit: the bars load, so the limit of the
    // full grid falls on the runs. On a loaded machine the first load can outlast the limit; the
    // server keeps parsed bars, so a second or third try shows the same thing.
    let one = { ok: false, error: "" as string | null };
    for (let attempt = 0; attempt < 3 && !one.ok; attempt++) {
      one = await command(s, "backtest.tune", {
        ...tune,
        grid: { fast: [3], slow: [GRID.slow.at(-1)] },
        max_runs: 1,
      });
    }
    assert.equal(one.ok, true, one.error ?? "");
    await stoppedCall(s, "backtest.tune", tune, LIMIT);
  } finally {
    await s.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

for (const flags of [[], ["--unstable-worker-options"]]) {
  // with worker permissions allowed the strategy used to run in a Worker, which Deno does not
  // stop while it loops: the server kept a core busy for good after answering
  const how = flags.length ? ` (serve under ${flags[0]})` : "";
  Deno.test(`cpu: a custom strategy that never returns is killed at the time limit${how}`, async () => {
    const dir = await Deno.makeTempDir({ prefix: "finance-cpu-custom-" });
    const file = join(dir, "spin.ts");
    await Deno.writeTextFile(
      file,
      "export function generateWeights() { while (true) { /* spin */ } }\n",
    );
    const s = await spawnFinance(
      ["serve"],
      {
        FINANCE_REPLAY: join(FIXTURES, "backtest", "cassette"),
        FINANCE_DOCUMENT_ROOTS: dir,
        FINANCE_REQUEST_TIMEOUT_MS: String(LIMIT),
      },
      undefined,
      flags,
    );
    try {
      const { children } = await stoppedCall(s, "backtest.run", {
        strategy: "custom",
        strategy_file: file,
        symbols: "AAPL,MSFT",
        start_date: "2023-03-01",
        end_date: "2023-06-30",
        provider: "market_a",
        warmup_bars: 20,
        params: {},
      }, LIMIT);
      // the limit fell while the strategy's process ran: that process was killed
      assert.ok(children.has("deno"), "no strategy process seen");
    } finally {
      await s.stop();
      await Deno.remove(dir, { recursive: true });
    }
  });
}
