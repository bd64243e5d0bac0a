/**
 * Type tests of the library as a researcher's `deno task` script uses it (a project linking
 * this one, importing `@finance/finance`): the common jobs (an income statement, a quote, OHLCV
 * rows, a backtest, a news search, a document read) type-check with their arguments and `data`
 * fields typed from the zod schemas, and each misuse below fails `deno check` with the error
 * that names it. Nothing runs and nothing leaves the machine (`--cached-only`).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "../_helpers.ts";

const HEADER = `import {
  type CommandArgs,
  type CommandData,
  type Envelope,
  finance,
  type FinanceOptions,
  session,
} from "@finance/finance";
import { cite, figure, fmt, show, statementChart, statementSeries } from "@finance/finance/jupyter";
`;

/** Uses every job right: must check clean. */
const GOOD = `${HEADER}
const sec = session({ replay: "tests/fixtures/filings/cassette" });
const st = await sec("filings.statement", { symbol: "ACME", statement: "income" });
if (st.ok) {
  const label: string = st.data.rows[0].label;
  const raw: number | null | undefined = st.data.rows[0].values[st.data.periods[0]]?.raw;
  const url: string = st.data.filing.filing_url;
  const svg = await statementChart(statementSeries(st.data, ["Revenues"]), {
    title: "Revenue",
    source: \`SEC EDGAR \${st.data.filing.accession_no}\`,
    asOf: st.data.filing.filing_date,
  });
  await figure(svg, "revenue");
  console.log(label, raw, url, cite(st));
} else {
  const why: string = st.error;
  const nothing: null = st.data;
  console.log(why, nothing);
}

const quote = await finance("market.quote", { symbol: "AAPL" }, { replay: "x", timeoutMs: 5000 });
if (quote.ok) console.log(fmt(quote.data.price, quote.data.currency), quote.data.as_of);

// one symbol answers its rows; several answer one entry per symbol: "rows" in data tells them apart
const bars = await finance("market.ohlcv", { symbols: ["AAPL", "MSFT"], start_date: "2024-01-02" });
if (bars.ok) {
  const d = bars.data;
  if ("rows" in d) {
    const rows: { date: string; close: number | null }[] = d.rows;
    console.table(rows);
  } else {
    for (const [symbol, one] of Object.entries(d.symbols)) {
      console.log(symbol, one.currency, one.rows.length);
    }
  }
}

const runArgs: CommandArgs<"backtest.run"> = {
  strategy: "sma_cross",
  symbols: "AAPL",
  start_date: "2023-01-01",
  end_date: "2023-12-31",
  params: { fast: 20, slow: 100 },
};
const bt = await finance("backtest.run", runArgs);
if (bt.ok) console.log(bt.data.metrics.sharpe_ratio, bt.data.equity_curve.length);

const news = await finance("news.search", { query: "Nvidia", timespan: "7D" });
if (news.ok) for (const a of news.data.articles) console.log(a.title, a.url);

const doc = await finance("document.read", { source: "./10k.pdf", max_pages: 5 });
if (doc.ok) console.log(doc.data.text.length, doc.data.pages[0]?.start_char);

// the result type by name, and a name known only at run time (data unknown)
const keep: CommandData<"formula.cagr">["cagr_pct"] = 1;
const name: string = "formula.cagr";
const dynamic: Envelope<unknown> = await finance(name, { start: 1, end: 2, periods: 1 });
const options: FinanceOptions = { now: "2024-06-28" };
show(dynamic);
console.log(keep, options);
`;

/** One misuse per file, with the text its \`deno check\` error must contain. */
const BAD: Record<string, [string, RegExp]> = {
  misspelt_command: [
    `await finance("filings.statment", { symbol: "NVDA" });`,
    /"filings\.statment"' is not assignable/,
  ],
  wrong_argument_name: [
    `await finance("market.ohlcv", { symbol: "AAPL" });`,
    /'symbol' does not exist in type .*Did you mean to write 'symbols'\?/s,
  ],
  wrong_argument_type: [
    `await finance("filings.statement", { symbol: "NVDA", statement: "sales" });`,
    /"sales"' is not assignable to type '"income" \| "balance" \| "cashflow".*'/s,
  ],
  missing_required_argument: [
    `await finance("backtest.run", { strategy: "sma_cross", symbols: "AAPL" });`,
    /missing the following properties from type .*: start_date, end_date/s,
  ],
  data_field_typo: [
    `const r = await finance("market.quote", { symbol: "AAPL" });
if (r.ok) console.log(r.data.prise);`,
    /Property 'prise' does not exist.*Did you mean 'price'\?/s,
  ],
  data_before_ok: [
    `const r = await finance("market.quote", { symbol: "AAPL" });
console.log(r.data.price);`,
    /'r\.data' is possibly 'null'/,
  ],
  error_before_ok: [
    `const r = await finance("market.quote", { symbol: "AAPL" });
const why: string = r.error;`,
    /Type 'string \| null' is not assignable to type 'string'/,
  ],
  misspelt_option: [
    `await finance("market.quote", { symbol: "AAPL" }, { replays: "cassettes" });`,
    /'replays' does not exist in type 'FinanceOptions'/,
  ],
  session_arguments: [
    `const s = session({ replay: "x" });
await s("market.ohlcv", { symbols: "AAPL", start_date: 20240102 });`,
    /Type 'number' is not assignable to type 'string'/,
  ],
  dynamic_data_unknown: [
    `const name: string = "formula.cagr";
const r = await finance(name, {});
if (r.ok) console.log(r.data.cagr_pct);`,
    /'r\.data' is of type 'unknown'/,
  ],
};

async function check(dir: string, files: string[]) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["check", "--cached-only", ...files],
    cwd: dir,
    clearEnv: true,
    env: { PATH: Deno.env.get("PATH") ?? "", HOME: Deno.env.get("HOME") ?? dir, NO_COLOR: "1" },
  }).output();
  return { code, text: new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr) };
}

Deno.test("audit8 types: the common jobs check clean; each misuse fails deno check, named", async () => {
  const dir = await Deno.makeTempDir({ prefix: "finance_audit8_types_" });
  try {
    await Deno.writeTextFile(
      join(dir, "deno.json"),
      JSON.stringify({
        links: [ROOT],
        imports: { "@finance/finance": "jsr:@finance/finance@^0.1.0" },
      }),
    );
    await Deno.writeTextFile(join(dir, "good.ts"), GOOD);
    const good = await check(dir, ["good.ts"]);
    assert.equal(good.code, 0, good.text);

    const names = Object.keys(BAD);
    for (const name of names) {
      await Deno.writeTextFile(join(dir, `${name}.ts`), `${HEADER}\n${BAD[name][0]}\nexport {};\n`);
    }
    const bad = await check(dir, names.map((n) => `${n}.ts`));
    assert.notEqual(bad.code, 0, bad.text);
    // split the report into one block per error and find each file's own
    const blocks = bad.text.split(/\n(?=TS\d+ \[ERROR\])/);
    for (const name of names) {
      const mine = blocks.filter((b) => b.includes(`/${name}.ts:`));
      assert.ok(mine.length > 0, `${name}: no type error\n${bad.text}`);
      assert.ok(
        mine.some((b) => BAD[name][1].test(b)),
        `${name}: the error does not say ${BAD[name][1]}\n${mine.join("\n")}`,
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
