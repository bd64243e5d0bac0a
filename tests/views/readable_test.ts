/**
 * What a person reads, where no snapshot pins it: commands without a text-view snapshot
 * (price.context, the calculators, valuation.scenario) and the CSV of company facts. Each test
 * states the unit, source or field a reader needs and failed on the view before its fix.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { renderOutput } from "../../adapters/render.ts";
import { loadCommand } from "../../commands/registry.ts";
import { FIXTURES, run, type TestRunOptions } from "../_helpers.ts";
import { fakeMarket } from "../market/_fake.ts";

/** A command's output in one mode, as the CLI prints it at 100 columns. */
async function output(
  command: string,
  args: Record<string, unknown>,
  opts: TestRunOptions,
  mode: "text" | "csv",
): Promise<string> {
  const outcome = await run(command, args, opts);
  const def = await loadCommand(command);
  return renderOutput(outcome.envelope, mode, { view: def.view, width: 100 }).out;
}

const ACME = { replay: [join(FIXTURES, "filings", "cassette")] };
const FACTS = { replay: [join(FIXTURES, "facts")], now: "2026-02-25T12:00:00Z" };
const market = () => ({ fetch: fakeMarket(), now: "2023-11-22T20:00:00Z" });

Deno.test("price.context text: each item's New York session is shown beside its date", async () => {
  const text = await output("price.context", { symbol: "ACME", date: "2024-04-25" }, ACME, "text");
  // the 8-K accepted at 16:05 on the move date: after the close, hence after_move
  assert.match(text, /date: +2024-04-25\nsession: +after_close\n/);
  assert.doesNotMatch(text, /fields not shown:[^(]*metadata\.session/);
  // metadata that repeats the citation is not listed twice
  assert.doesNotMatch(text, /metadata\.accession_no/);
});

Deno.test("filings.facts and filings.frames CSV: every row states the unit of its values", async () => {
  const facts = (await output(
    "filings.facts",
    { symbol: "FCTS", concept: "revenue", period: "annual" },
    FACTS,
    "csv",
  )).trim().split("\n");
  const header = facts[0].split(",");
  const unit = header.indexOf("unit");
  assert.ok(unit >= 0, facts[0]);
  assert.ok(facts.slice(1).every((l) => l.split(",")[unit] === "USD"), facts.join("\n"));
  const frames = (await output(
    "filings.frames",
    { concept: "Revenues", period: "cy2023", limit: 2 },
    FACTS,
    "csv",
  )).trim().split("\n");
  assert.ok(frames[0].split(",").includes("unit"), frames[0]);
  assert.match(frames[1], /,USD$/);
});

Deno.test("calculators: shares of a whole read as percents, not bare fractions", async () => {
  const cash = await output(
    "formula.operating_cash",
    {
      revenue: "2.5B",
      cash_like_assets: "120M",
      percent_revenue: "2%",
    },
    {},
    "text",
  );
  assert.match(cash, /inputs\.percent_revenue: +2\.00%/);
  const wacc = await output(
    "valuation.wacc",
    {
      equity_value: 800,
      debt_value: 200,
      cost_of_equity: 0.1,
      cost_of_debt: 0.05,
      tax_rate: 0.21,
    },
    {},
    "text",
  );
  assert.match(wacc, /weights\.equity: +80\.00%/);
  assert.match(wacc, /weights\.debt: +20\.00%/);
});

Deno.test("valuation.scenario text: the revenue assumed is in the revenue currency it states", async () => {
  const text = await output(
    "valuation.scenario",
    {
      symbol: "AAPL",
      revenue: "400B",
      bear_multiple: 6,
      base_multiple: 8,
      bull_multiple: 10,
    },
    market(),
    "text",
  );
  assert.match(text, /assumptions\.revenue: +USD 400,000,000,000/);
  assert.match(text, /cases \(3; revenue, implied_market_cap, implied_price in USD\)/);
});

Deno.test("a list's own row warnings are said under the table, never among the fields not shown", async () => {
  const { recordsTable } = await import("../../adapters/views/records_table.ts");
  const row = (i: number, warnings: string[]) => ({
    title: `Deck ${i}`,
    ...Object.fromEntries(Array.from({ length: 12 }, (_, k) => [`field_${k}`, k])),
    url: `https://example.com/deck-${i}.pdf`,
    warnings,
  });
  const block = recordsTable("documents", [
    row(1, []),
    row(2, ["the PDF has no text layer; read with document.ocr"]),
  ]);
  const note = (block as { note?: string }).note ?? "";
  assert.match(note, /row 2 warnings: the PDF has no text layer; read with document\.ocr/);
  assert.doesNotMatch(note, /row 1 warnings/);
  assert.doesNotMatch(note, /fields not shown:[^;]*warnings/);
});
