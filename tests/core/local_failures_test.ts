/**
 * Failures that once reached a person as raw text, and local files read by path twice:
 * - an unexpected exception (a ReferenceError) in the library's start, createHandler's start,
 *   a sources.test probe, a market.ohlcv provider attempt or a notebook figure() is a reference
 *   to the log, never its own words;
 * - a cassette entry whose body file is missing names the cassette, the URL and what to do,
 *   not the system's "No such file or directory (os error 2)";
 * - core/local_files.ts readLocal opens a file once and checks the open file: a FIFO is refused
 *   without waiting for a writer, a file over the limit is refused naming the limit's kind;
 * - market.ohlcv's and market.sector_heat's retrieved_at is the answer's date (each symbol its
 *   own recording's), null when the recording has none, never the clock.
 */
import assert from "node:assert/strict";
import { CassetteLibrary } from "../../core/cassette.ts";
import { execute } from "../../core/runner.ts";
import { AccessDenied } from "../../core/access.ts";
import { FinanceError } from "../../core/errors.ts";
import { readLocal, readLocalBytes } from "../../core/local_files.ts";
import { join } from "../../core/paths.ts";
import { PROVIDERS } from "../../providers/index.ts";
import { Client as MarketA } from "../../providers/market_a/client.ts";
import { figure } from "../../adapters/jupyter.ts";
import { createHandler, finance } from "../../mod.ts";
import { envelope, FIXTURES, testSession } from "../_helpers.ts";

const RAW = "cikOf is not defined";
const CHART = join(FIXTURES, "backtest", "cassette");
const OHLCV = {
  symbols: "AAPL",
  provider: "market_a",
  start_date: "2023-01-18",
  end_date: "2023-06-30",
};

/** Runs `fn` with console.error captured: its result and the log. */
async function logged<T>(fn: () => Promise<T>): Promise<{ value: T; log: string }> {
  const lines: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => lines.push(args.map(String).join(" "));
  try {
    return { value: await fn(), log: lines.join("\n") };
  } finally {
    console.error = original;
  }
}

/** The text names a reference the log carries with the exception's words; it has none itself. */
function assertReferenced(text: string, log: string) {
  assert.ok(!text.includes(RAW), text);
  const ref = /reference ([0-9a-z]+-[0-9a-z]+)/.exec(text)?.[1];
  assert.ok(ref, `no reference in: ${text}`);
  assert.ok(log.includes(`[${ref}]`) && log.includes(RAW), log);
}

/** A value whose conversion to text throws an unexpected exception. */
const poisoned = [{
  toString: () =>
    (() => {
      throw new ReferenceError(RAW);
    })(),
}];

Deno.test("library start: an unexpected failure is a reference, not its text", async () => {
  // options that pass the checks and then fail while the session is set up (its `record` read
  // inside lease()), as a fault of the program would
  const options = {
    get record() {
      if (new Error().stack?.includes("at lease ")) throw new ReferenceError(RAW);
      return undefined;
    },
  };
  const { value, log } = await logged(() =>
    finance("formula.cagr", { start: 100, end: 150, periods: 3 }, options)
  );
  assert.equal(value.ok, false);
  assert.equal(value.data, null);
  assertReferenced(value.error!, log);
});

Deno.test("library start: an expected failure keeps its own words", async () => {
  const missing = join(Deno.makeTempDirSync({ prefix: "finance-no-cassette-" }), "nowhere");
  const env = await finance("formula.cagr", { start: 100, end: 150, periods: 3 }, {
    replay: missing,
  });
  assert.equal(env.ok, false);
  assert.ok(!/reference /.test(env.error!), env.error!);
});

Deno.test("createHandler start: an unexpected failure is a reference, not its text", async () => {
  const { value, log } = await logged(async () => {
    const handler = createHandler({ replay: poisoned as unknown as string[] });
    const res = await handler(new Request("http://127.0.0.1/v1/commands"));
    return await res.json() as { ok: boolean; error: string };
  });
  assert.equal(value.ok, false);
  assert.match(value.error, /^the adapter could not start: /);
  assertReferenced(value.error, log);
});

Deno.test("sources.test: a probe's unexpected exception is a reference in its row", async () => {
  const market = PROVIDERS.find((p) => p.key === "market_a")!;
  const probe = market.probe;
  market.probe = () => Promise.reject(new ReferenceError(RAW));
  try {
    const { value, log } = await logged(() => envelope("sources.test", { source: "market_a" }));
    assert.equal(value.ok, true, value.error ?? "");
    const row = (value.data as { results: { error: string | null }[] }).results[0];
    assert.match(row.error!, /^market_a: /);
    assertReferenced(row.error!, log);
  } finally {
    market.probe = probe;
  }
});

Deno.test("market.ohlcv: a provider attempt's unexpected exception is a reference", async () => {
  // Yahoo fails unexpectedly, Stooq answers: the attempts in the data name Yahoo's failure
  const dir = chartCopy((index) => {
    (index.entries as unknown[]).push({
      method: "GET",
      url: "https://stooq.com/q/d/l/?s=aapl.us&i=d",
      status: 200,
      headers: { "content-type": "text/csv" },
      body: "Date,Open,High,Low,Close,Volume\n2023-06-28,187.93,189.9,187.6,189.25,51216800\n" +
        "2023-06-29,189.08,190.07,188.94,189.59,46347300\n" +
        "2023-06-30,191.63,194.48,191.26,193.97,85213200\n",
    });
  });
  const chartDays = MarketA.prototype.chartDays;
  MarketA.prototype.chartDays = () => Promise.reject(new ReferenceError(RAW));
  try {
    const { value, log } = await logged(() =>
      envelope("market.ohlcv", { ...OHLCV, provider: "auto", include_attempts: true }, {
        replay: [dir],
      })
    );
    assert.equal(value.ok, true, value.error ?? "");
    const data = value.data as { provider: string; attempts: { error: string | null }[] };
    assert.equal(data.provider, "stooq");
    assertReferenced(data.attempts[0].error!, log);
    assert.ok(!JSON.stringify(value).includes(RAW));
  } finally {
    MarketA.prototype.chartDays = chartDays;
  }
});

Deno.test("figure(): a chart that fails unexpectedly is shown as a reference", async () => {
  const { value, log } = await logged(() =>
    figure(Promise.reject(new ReferenceError(RAW)), "Revenue")
  );
  const bundle = (value as unknown as Record<symbol, () => Record<string, string>>)[
    Symbol.for("Jupyter.display")
  ]();
  assert.match(bundle["text/plain"], /^Revenue: the chart could not be drawn/);
  assertReferenced(bundle["text/plain"], log);
  // an expected failure keeps its words
  const said = await figure(Promise.reject(new FinanceError("no rows to chart")), "Revenue");
  const plain = (said as unknown as Record<symbol, () => Record<string, string>>)[
    Symbol.for("Jupyter.display")
  ]()["text/plain"];
  assert.match(plain, /no rows to chart/);
});

/** A copy of the chart cassette with its index rewritten by `edit`. */
function chartCopy(edit: (index: Record<string, unknown>) => void): string {
  const dir = Deno.makeTempDirSync({ prefix: "finance-chart-copy-" });
  Deno.mkdirSync(join(dir, "bodies"));
  for (const f of Deno.readDirSync(join(CHART, "bodies"))) {
    Deno.copyFileSync(join(CHART, "bodies", f.name), join(dir, "bodies", f.name));
  }
  const index = JSON.parse(Deno.readTextFileSync(join(CHART, "index.json")));
  edit(index);
  Deno.writeTextFileSync(join(dir, "index.json"), JSON.stringify(index));
  return dir;
}

Deno.test("cassette: a missing body file names the cassette, the URL and the fix", () => {
  const dir = Deno.makeTempDirSync({ prefix: "finance-cassette-nobody-" });
  const url = "https://example.test/data.json";
  Deno.writeTextFileSync(
    join(dir, "index.json"),
    JSON.stringify({
      version: 1,
      entries: [{ method: "GET", url, status: 200, file: "bodies/00001.json" }],
    }),
  );
  const hit = new CassetteLibrary([dir]).find("GET", url)!;
  assert.throws(() => hit.body, (e) => {
    assert.ok(e instanceof FinanceError);
    assert.ok(e.message.includes(join(dir, "index.json")), e.message);
    assert.ok(e.message.includes(url) && e.message.includes("bodies/00001.json"), e.message);
    assert.match(e.message, /is missing: record the cassette again/);
    assert.doesNotMatch(e.message, /os error|No such file/);
    return true;
  });
});

Deno.test("cassette: a command reading a missing body says which and what to do", async () => {
  const dir = chartCopy(() => {});
  Deno.removeSync(join(dir, "bodies", "chart-AAPL-2023-01-18-to-2023-07-01.json"));
  const env = await envelope("market.ohlcv", OHLCV, { replay: [dir] });
  assert.equal(env.ok, false);
  assert.equal(env.data, null);
  assert.ok(env.error!.includes(join(dir, "index.json")), env.error!);
  assert.match(env.error!, /record the cassette again/);
  assert.doesNotMatch(env.error!, /os error|No such file|internal error/);
});

Deno.test("readLocal: a FIFO is refused at once, not waited on", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "finance-local-fifo-" });
  const fifo = join(dir, "pipe.pdf");
  const made = await new Deno.Command("mkfifo", { args: [fifo] }).output();
  assert.ok(made.success, "mkfifo");
  // no writer ever opens it: a blocking open or read would hang this test
  assert.throws(
    () => readLocalBytes(fifo, "pipe.pdf", 1_000_000),
    (e) => e instanceof AccessDenied && e.message.includes('"pipe.pdf" is not a regular file'),
  );
});

Deno.test("readLocal: a file over the limit is refused naming its kind and the fix", () => {
  const dir = Deno.makeTempDirSync({ prefix: "finance-local-big-" });
  const path = join(dir, "big.txt");
  Deno.writeTextFileSync(path, "x".repeat(200_000));
  assert.equal(readLocal(path, "big.txt", 200_000).length, 200_000);
  assert.throws(
    () =>
      readLocal(path, "big.txt", 199_999, {
        what: "a document",
        fix: "raise FINANCE_MAX_DOCUMENT_BYTES to read it",
      }),
    (e) =>
      e instanceof FinanceError &&
      e.message.includes('"big.txt" is over the 199999-byte limit of a document') &&
      e.message.endsWith("raise FINANCE_MAX_DOCUMENT_BYTES to read it"),
  );
});

Deno.test("backtest.run: a strategy_file over its limit says so, not the documents' setting", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "finance-big-rule-" });
  const file = join(dir, "rule.ts");
  Deno.writeTextFileSync(file, `// ${"x".repeat(1_000_001)}\nexport const n = 1;\n`);
  const env = await envelope("backtest.run", {
    symbols: "AAPL",
    strategy: "custom",
    strategy_file: file,
    start_date: "2023-03-01",
    end_date: "2023-06-30",
  }, { replay: [CHART] });
  assert.equal(env.ok, false);
  assert.match(env.error!, /over the 1000000-byte limit of a strategy module/);
  assert.doesNotMatch(env.error!, /FINANCE_MAX_DOCUMENT_BYTES/);
});

Deno.test("market.ohlcv retrieved_at: each symbol's own recording's date, never the clock", async () => {
  const only = (symbol: string, at: string) =>
    chartCopy((index) => {
      index.recorded_at = at;
      index.entries = (index.entries as { url: string }[]).filter((e) =>
        e.url.includes(`/chart/${symbol}?`)
      );
    });
  const env = await envelope(
    "market.ohlcv",
    { ...OHLCV, symbols: "AAPL,MSFT" },
    {
      replay: [only("AAPL", "2024-01-02T21:00:00Z"), only("MSFT", "2024-05-06T20:00:00Z")],
      now: "2026-01-01T00:00:00Z",
    },
  );
  assert.equal(env.ok, true, env.error ?? "");
  const symbols = (env.data as { symbols: Record<string, { retrieved_at: string | null }> })
    .symbols;
  assert.equal(symbols.AAPL.retrieved_at, "2024-01-02T21:00:00.000Z");
  assert.equal(symbols.MSFT.retrieved_at, "2024-05-06T20:00:00.000Z");
});

Deno.test("market.ohlcv retrieved_at: null when the recording carries no date", async () => {
  const dir = chartCopy((index) => delete index.recorded_at);
  const session = testSession({ replay: [dir], now: "2026-01-01T00:00:00Z" });
  try {
    // without the schema check: commands/market/ohlcv.ts states retrieved_at as a string
    const { envelope: env } = await execute("market.ohlcv", OHLCV, { session });
    assert.equal(env.ok, true, env.error ?? "");
    assert.equal((env.data as { retrieved_at: unknown }).retrieved_at, null);
  } finally {
    session.close();
  }
});

Deno.test("market.sector_heat retrieved_at: the newest sub-call's date, or null", async () => {
  const heat = (await import("../../commands/market/sector_heat.ts")).default;
  /** A context whose market.ohlcv answers 40 rising daily bars dated by `dateOf`. */
  const ctxWith = (dateOf: (symbol: string) => string | null) =>
    ({
      clock: { now: () => new Date("2026-01-01T00:00:00Z") },
      warn: () => {},
      requested: () => [],
      call: (_command: string, args: Record<string, unknown>) => {
        const symbol = String(args.symbols);
        const rows = Array.from({ length: 40 }, (_, i) => {
          const date = new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10);
          const close = 100 + i + symbol.length;
          return { date, open: close, high: close, low: close, close, adj_close: close, volume: 1 };
        });
        return Promise.resolve({
          ok: true,
          data: {
            symbol,
            currency: "USD",
            price_basis: "split_and_dividend_adjusted",
            rows,
            count: rows.length,
            source_urls: [],
            retrieved_at: dateOf(symbol),
          },
          error: null,
          warnings: [],
        });
      },
    }) as unknown as Parameters<typeof heat.run>[1];
  const args = { market: "US", lookback_days: 20, group_by: "sector" } as Parameters<
    typeof heat.run
  >[0];
  const dated = await heat.run(
    args,
    ctxWith((s) => s === "XLK" ? "2024-03-05T21:00:00.000Z" : "2024-02-09T21:00:00.000Z"),
  ) as { retrieved_at: string | null; count: number };
  assert.ok(dated.count > 0);
  assert.equal(dated.retrieved_at, "2024-03-05T21:00:00.000Z");
  const undated = await heat.run(args, ctxWith(() => null)) as { retrieved_at: string | null };
  assert.equal(undated.retrieved_at, null);
});
