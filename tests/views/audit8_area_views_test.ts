/**
 * What a person reads from the calculators, estimates, screens, calendars, profiles, plans and
 * sources: every figure with its unit (x for multiples, days, shares, currency and scale), a
 * missing figure said in words ("not given", "not computed", "not reported"), never a bare "—".
 */
import assert from "node:assert/strict";
import { renderOutput } from "../../adapters/render.ts";
import { genericView } from "../../adapters/views/generic.ts";
import { screenView } from "../../adapters/views/lists.ts";
import { earningsView } from "../../adapters/views/calendar.ts";
import { blocksText, oneLine } from "../../adapters/views/text.ts";
import { loadCommand } from "../../commands/registry.ts";
import { run, type TestRunOptions } from "../_helpers.ts";
import { fakeMarket } from "../market/_fake.ts";

const market = (env: Record<string, string> = {}): TestRunOptions => ({
  fetch: fakeMarket(),
  now: "2023-11-22T20:00:00Z",
  env,
});

async function view(
  command: string,
  args: Record<string, unknown>,
  opts: TestRunOptions = {},
  mode: "text" | "csv" = "text",
): Promise<string> {
  const outcome = await run(command, args, opts);
  assert.equal(outcome.envelope.ok, true, outcome.envelope.error ?? "");
  const def = await loadCommand(command);
  return renderOutput(outcome.envelope, mode, { view: def.view, width: 100 }).out;
}

/** The value printed for a field of a fields block. */
function field(text: string, name: string): string {
  const line = text.split("\n").find((l) => l.startsWith(`${name}:`));
  assert.ok(line, `no field ${name} in:\n${text}`);
  return line.slice(name.length + 1).trim();
}

Deno.test("formula.days and formula.turnover: days in days, a turnover in x", async () => {
  const days = await view("formula.days", { current: 2721, prior: 2285, denominator: 254453 });
  assert.equal(field(days, "days"), "3.59 days");
  assert.equal(field(days, "inputs.days"), "365 days");
  const turnover = await view("formula.turnover", {
    numerator: 222358,
    current: 18647,
    prior: 16651,
  });
  assert.equal(field(turnover, "turnover"), "12.60x");
});

Deno.test("calculators: amounts state they are in the inputs' units; rates alone do not", async () => {
  const cagr = await view("formula.cagr", { start: 100, end: 150, periods: 3 });
  assert.match(cagr.split("\n")[0], /^Amounts are in the currency and scale of the inputs/);
  const capm = await view("formula.capm", { risk_free: 0.04617, beta: 0.79, market_return: 0.11 });
  assert.doesNotMatch(capm, /Amounts are in/);
});

Deno.test("valuation.dcf: an input not given says so, an exit multiple reads in x", async () => {
  const text = await view("valuation.dcf", {
    cashflows: [100, 120, 140],
    discount_rate: 0.1,
    exit_multiple: 15,
  });
  assert.equal(field(text, "inputs.terminal_growth"), "not given");
  assert.equal(field(text, "inputs.exit_multiple"), "15.00x");
  assert.doesNotMatch(text, /:\s+—$/m);
});

Deno.test("formula.roic: a null result reads 'not computed', not a bare dash", async () => {
  const text = await view("formula.roic", { nopat: 100, invested_capital: 0 });
  assert.equal(field(text, "roic"), "not computed (the warnings say why)");
  assert.match(text, /warning: roic is null: its denominator is zero/);
});

Deno.test("estimates.consensus: every metric per period, in a stated scale, gaps said", async () => {
  const text = await view(
    "estimates.consensus",
    { symbol: "AAPL" },
    market({ ESTIMATES_A_API_KEY: "k" }),
  );
  // the generic table hid EBITDA, EBIT, net income and the analyst counts among "fields not shown"
  assert.doesNotMatch(text, /fields not shown/);
  assert.match(text, /billions; EPS per share/);
  assert.match(oneLine(text), /amounts in no currency stated by the provider/);
  const line = (label: string) => text.split("\n").find((l) => l.startsWith(label)) ?? "";
  assert.match(line("ebitda "), /135\.00 \(130\.00 to 140\.00\)/);
  assert.match(line("eps "), /7\.10 \(6\.90 to 7\.40\)\s+not reported$/);
  assert.match(line("net income "), /not reported$/);
  assert.match(line("analysts (eps)"), /22\s+6$/);
  // headed by the period's end: "FY" would name a calendar year as the company's fiscal one
  assert.match(text, /annual\s+.*\n.*ending 2025-/);
  assert.doesNotMatch(text, /FY20\d\d/);
});

Deno.test("estimates.compare: the gap is in the figures' currency; an argument not given says so", async () => {
  const text = await view("estimates.compare", {
    symbol: "AAPL",
    revenue: "2.2B",
    consensus_revenue: "2.0B",
    currency: "USD",
    consensus_currency: "USD",
  });
  assert.match(text, /comparisons \(1; user_value, consensus_value, absolute_gap in USD\)/);
  assert.equal(field(text, "eps_basis"), "not given");
});

Deno.test("valuation.multiples and scenario: multiples in x, no fx needed said, no currency map", async () => {
  const text = await view("valuation.multiples", { symbol: "AAPL" }, market());
  assert.equal(field(text, "multiples.price_to_sales"), "7.72x");
  assert.equal(field(text, "fx"), "none needed (all in USD)");
  assert.doesNotMatch(text, /figure_currencies/);
  const scenario = await view("valuation.scenario", {
    symbol: "AAPL",
    revenue: "400B",
    bear_multiple: 6,
    base_multiple: 8,
    bull_multiple: 10,
  }, market());
  assert.match(scenario, /^bear .* 6\.00x /m);
  assert.equal(field(scenario, "shares"), "15,540,000,000 shares");
});

Deno.test("symbol.profile: a field the provider left empty reads 'not reported'", async () => {
  const text = await view("symbol.profile", { symbol: "AAPL" }, market());
  assert.equal(field(text, "cik"), "not reported");
  assert.doesNotMatch(text, /:\s+—$/m);
});

Deno.test("calendar.earnings: the dashes are explained, an empty window column is left out", async () => {
  const text = await view("calendar.earnings", { symbol: "AAPL", limit: 4 }, market());
  assert.match(oneLine(text), /— not reported: the quarter end of a report not yet in Yahoo's/);
  assert.match(oneLine(text), /the actual EPS, surprise and difference of a report not yet/);
  assert.match(oneLine(text), /a past report's date \(Yahoo's earnings history gives its quarter/);
  assert.doesNotMatch(text, /date window/);
});

Deno.test("screen view: a quote without a currency is named, a dash is explained", () => {
  const text = blocksText(screenView({
    query: "q",
    title: "Mixed",
    total: 2,
    provider: "market_a",
    source: "Yahoo screener",
    quotes: [
      { symbol: "SAP.DE", name: "SAP", price: 250.1, currency: "EUR", market_cap: 3e11 },
      { symbol: "XYZ", name: "Xyz", price: 12.3, currency: null, market_cap: null },
    ],
  })).join("\n");
  assert.match(text, /EUR 250\.10/);
  assert.match(oneLine(text), /the price and market cap of XYZ are shown without a currency/);
  assert.match(oneLine(text), /— not reported by Yahoo for that quote/);
  assert.match(oneLine(text), /change: percent change in the regular session/);
});

Deno.test("research.plan: its sheet is the steps; its commands stand apart", async () => {
  const csv = await view("research.plan", { symbol: "CRWD" }, {}, "csv");
  assert.equal(csv.split("\n")[0], "symbol,style,step,status,objective,commands,missing");
  assert.match(csv, /^CRWD,fundamental,profile,supported,/m);
  const text = await view("research.plan", { symbol: "CRWD" });
  assert.match(oneLine(text), /finance symbol\.profile CRWD; finance market\.quote CRWD/);
  assert.match(text, /^missing:\s+none$/m);
});

Deno.test("sources.status: no shared cache and no package are said, not dashed", async () => {
  const text = await view("sources.status", {});
  assert.equal(field(text, "cache.shared"), "none (this machine's cache only)");
  assert.match(text, /none needed/);
});

Deno.test("screen.predefined: a long description wraps, never ends in an ellipsis", async () => {
  const text = await view("screen.predefined", {}, market());
  assert.match(oneLine(text), /earnings growth above 25%/);
  assert.doesNotMatch(text, /…/);
});

Deno.test("valuation.multiples shape: a figure with no currency says so where it stands", () => {
  const text = blocksText(genericView({
    symbol: "X",
    currency: "USD",
    price: 10,
    revenue: 5e9,
    figure_currencies: { price: "USD", revenue: null },
    multiples: { price_to_sales: 2 },
    sources: ["symbol.snapshot"],
  })).join("\n");
  assert.equal(field(text, "price"), "USD 10.00");
  assert.equal(field(text, "revenue"), "5,000,000,000 (no currency stated)");
  assert.equal(field(text, "multiples.price_to_sales"), "2.00x");
});

Deno.test("calendar.earnings view: an undated recording's time is said unknown, and the clock used is named", () => {
  const base = {
    symbol: "MSFT",
    provider: "market_a",
    source: "Yahoo quoteSummary",
    as_of: "2026-11-28T12:00:00.000Z",
    rows: [{
      date: "2021-10-26",
      quarter_end: "2021-09-30",
      eps_estimate: 2.07,
      eps_actual: null,
      surprise_pct: null,
      currency: "USD",
      status: "upcoming",
    }],
    source_urls: [],
  };
  const undated = oneLine(blocksText(earningsView({ ...base, retrieved_at: null })).join("\n"));
  assert.match(undated, /retrieved: date unknown \(undated recording\)/);
  assert.match(undated, /past and upcoming judged by this run's clock, 2026-11-28/);
  assert.doesNotMatch(undated, /; as of 2026-11-28/);
  const dated = oneLine(
    blocksText(earningsView({ ...base, retrieved_at: "2021-10-11T10:00:00.000Z" })).join("\n"),
  );
  assert.match(dated, /retrieved 2021-10-11/);
  assert.match(dated, /; as of 2026-11-28/);
});
