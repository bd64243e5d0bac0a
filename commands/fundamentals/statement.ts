import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { SOURCE_URLS_HELP, withSourceUrls } from "../market/_sources.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "fundamentals.statement",
  view: "fundamentals",
  summary: "Financial statement line items per period from the market provider",
  description: "Statement line items (Total Revenue, Net Income, ...) per fiscal period as Yahoo " +
    "reports them, each with its unit (currency), for the last ~3 fiscal years (annual) or " +
    "~4 quarters (quarterly). Each period is named by the date it ends, as Yahoo gives it (no " +
    "fiscal-year label is made from it: Apple's fiscal 2024 ends in September 2024, a " +
    "retailer's may end in January 2025), with the length Yahoo states for it (12M, 3M, 6M) in " +
    "period_types; trailing-twelve-month figures are left out. Amounts are in the currency the " +
    "company reports in (TSM: TWD), not necessarily the one its shares trade in; EPS that is a " +
    "hundred times net income over the average shares (UK filers state EPS in pence) is " +
    "stated in GBp, ZAc or ILA (else its unit is null), with a warning. Figures are " +
    "Yahoo's latest (restated ones replace those first reported), with its signs: cash " +
    "outflows such as capital expenditure, buybacks and dividends paid are negative. For " +
    "figures as filed with the SEC, with accession numbers to cite, use filings.statement " +
    "instead.",
  usage:
    "finance fundamentals.statement SYMBOL [statement=income|balance|cashflow period=annual|quarterly]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "statement", "period", "source", "provider", "source_urls"],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker as the exchange lists it."),
    statement: z.enum(["income", "balance", "cashflow"]).default("income").describe(
      "income, balance (balance sheet) or cashflow.",
    ),
    period: z.preprocess(
      (v) => (typeof v === "string" && /^(q|quarter)$/i.test(v) ? "quarterly" : v),
      z.enum(["annual", "quarterly"]),
    ).default("annual").describe("annual or quarterly (quarter and q accepted)."),
  }),
  data: z.object({
    symbol: z.string(),
    statement: z.string(),
    period: z.string(),
    periods: z.array(z.string()).describe("Period end dates, newest first."),
    period_types: z.record(z.string(), z.string()).describe(
      "Each period end → the length Yahoo states for it (12M, 3M, 6M; two lengths joined by a comma when its items differ).",
    ),
    rows: z.array(z.object({
      field: z.string(),
      key: z.string(),
      unit: z.string().nullable().describe(
        "Currency (or shares, ratio, CUR per share) of every value in the row; null when the periods differ (see units) or, with a warning, when it is not known.",
      ),
      units: z.record(z.string(), z.string()).optional().describe(
        "Only when Yahoo gives the item in different currencies in different periods: each period's unit.",
      ),
      values: z.record(z.string(), z.number().nullable()),
    })),
    count: z.int(),
    provider: z.string(),
    source: z.string(),
    source_urls: z.array(z.string()).describe(SOURCE_URLS_HELP),
    retrieved_at: z.string().nullable().describe(
      "When the answer was read (ISO 8601): the recording's time under replay, null when the recording carries no date.",
    ),
  }),
  examples: ["finance fundamentals.statement AAPL statement=income period=annual"],
  async run(args, ctx) {
    const { statement } = await import("../../analysis/market/statement.ts");
    const { canonicalSymbol } = await import("../../core/symbols.ts");
    return withSourceUrls(
      await statement(ctx, canonicalSymbol(args.symbol), args.statement, args.period),
      ctx,
    );
  },
});
