/**
 * research.plan's checklist. Modules under analysis/calculators/ import no npm package, so the CLI
 * can run them from commands/pure.json without loading schemas (adapters/pure.ts).
 */

/** Values the user fills in from earlier steps; each command line names them in capitals. */
const PLACEHOLDERS: Record<string, string> = {
  MOVE_DATE: "a move date (YYYY-MM-DD) from the price.moves result",
  FISCAL_YEAR: "the fiscal year being estimated, e.g. 2027",
  CONSENSUS_REVENUE: "consensus revenue for that year from estimates.consensus",
  REVENUE_ASSUMPTION: "your own revenue estimate for that year",
  BEAR_MULTIPLE: "price-to-sales multiple for the bear case",
  BASE_MULTIPLE: "price-to-sales multiple for the base case",
  BULL_MULTIPLE: "price-to-sales multiple for the bull case",
  RISK_FREE: "risk-free rate, e.g. the 10-year Treasury yield",
  BETA: "equity beta",
  MARKET_RETURN: "expected market return",
  MARKET_CAP: "market capitalization from market.quote",
  DEBT: "interest-bearing debt from the balance sheet",
  COST_OF_EQUITY: "cost of equity from formula.capm",
  COST_OF_DEBT: "pre-tax cost of debt (interest expense / average debt)",
  TAX_RATE: "effective or marginal tax rate",
  FCF_Y1: "forecast free cash flow, year 1",
  FCF_Y2: "forecast free cash flow, year 2",
  FCF_Y3: "forecast free cash flow, year 3",
  WACC: "discount rate from valuation.wacc",
  TERMINAL_GROWTH: "long-run growth after year 3, below WACC",
  DECK_URL: "a presentation URL from the ir.presentations result",
};

interface StepTemplate {
  id: string;
  objective: string;
  commands: string[];
}

/** The fundamental checklist; `SYM` is replaced by the symbol. Every line is a real command. */
const FUNDAMENTAL: StepTemplate[] = [
  {
    id: "profile",
    objective: "Identify the company, its sector and its current market value.",
    commands: ["symbol.profile SYM", "market.quote SYM", "calendar.earnings SYM limit=4"],
  },
  {
    id: "filings",
    objective: "Read the latest annual report's business, risks, MD&A and financial statements.",
    commands: [
      "filings.recent SYM forms=ANNUAL_FORMS limit=8",
      "filings.sections SYM form=ANNUAL_FORM",
      ...["business", "risk_factors", "mda", "financial_statements"].map(
        (s) => `filings.read SYM form=ANNUAL_FORM section=${s} max_chars=12000`,
      ),
    ],
  },
  {
    id: "fundamentals",
    objective: "Pull the reported statements with filing citations and a provider cross-check.",
    commands: [
      ...["income", "balance", "cashflow"].map((s) =>
        `filings.statement SYM form=ANNUAL_FORM statement=${s}`
      ),
      "fundamentals.statement SYM statement=income period=quarterly",
    ],
  },
  {
    id: "transcripts",
    objective: "Hear management's framing and the analysts' questions from the latest call.",
    commands: [
      "transcripts.search SYM limit=4",
      "transcripts.read SYM quarter=latest max_chars=12000",
      "transcripts.qa SYM quarter=latest limit=10",
    ],
  },
  {
    id: "kpis",
    objective: "Extract the operating metrics management reports and how they trend.",
    commands: [
      "kpi.extract SYM from=both metrics=arr,net_new_arr,large_customers,nrr,rpo,revenue_growth,operating_margin,fcf_margin limit=40 KPI_FORM",
      "kpi.history SYM metrics=arr,large_customers,nrr,revenue_growth limit=4 per_document_limit=12",
    ],
  },
  {
    id: "price_history",
    objective: "Find the large price moves and the dated evidence around each.",
    commands: [
      "price.moves SYM years=3 threshold=8% limit=20",
      "price.context SYM date=MOVE_DATE lookback=3D news_limit=5",
    ],
  },
  {
    id: "estimates",
    objective: "Set your revenue assumption against analyst consensus.",
    commands: [
      "estimates.consensus SYM period=annual limit=4",
      "estimates.compare SYM revenue=REVENUE_ASSUMPTION consensus_revenue=CONSENSUS_REVENUE fiscal_year=FISCAL_YEAR",
    ],
  },
  {
    id: "valuation",
    objective: "Value the company on multiples, scenarios and discounted cash flows.",
    commands: [
      "valuation.multiples SYM",
      "valuation.scenario SYM revenue=REVENUE_ASSUMPTION bear_multiple=BEAR_MULTIPLE base_multiple=BASE_MULTIPLE bull_multiple=BULL_MULTIPLE",
      "formula.capm risk_free=RISK_FREE beta=BETA market_return=MARKET_RETURN",
      "valuation.wacc equity_value=MARKET_CAP debt_value=DEBT cost_of_equity=COST_OF_EQUITY cost_of_debt=COST_OF_DEBT tax_rate=TAX_RATE",
      "valuation.dcf cashflows=FCF_Y1,FCF_Y2,FCF_Y3 discount_rate=WACC terminal_growth=TERMINAL_GROWTH",
    ],
  },
  {
    id: "investor_materials",
    objective: "Read investor presentations for segment detail and targets.",
    commands: ["ir.presentations SYM limit=10", "ir.read source=DECK_URL max_chars=12000"],
  },
];

/** Research inputs this toolkit cannot fetch. */
const MISSING = [
  "Expert call transcripts",
  "Sell-side research reports",
  "Investor presentations on IR sites that render only in a browser (ir.presentations cannot see them)",
];

/** One step of the plan. */
export interface PlanStep {
  id: string;
  status: "supported" | "partially_supported";
  objective: string;
  commands: string[];
  placeholders: string[];
  missing?: string[];
}

/** Arguments of research.plan. */
export interface ResearchPlanArgs {
  symbol: string;
  style: "fundamental";
  /** The annual report the company files: 10-K (US), 20-F (foreign private issuer), 40-F. */
  annual_form?: "10-K" | "20-F" | "40-F";
}

/** The forms a company of each annual form files through the year. */
const YEAR_FORMS: Record<string, string> = {
  "10-K": "10-K,10-Q,8-K",
  "20-F": "20-F,6-K",
  "40-F": "40-F,6-K",
};

/** research.plan: the fundamental checklist for one symbol. */
export function researchPlan(args: ResearchPlanArgs) {
  const steps: PlanStep[] = FUNDAMENTAL.map((t) => {
    const form = args.annual_form ?? "10-K";
    const commands = t.commands.map((c) =>
      `finance ${
        c.replace(/\bSYM\b/g, args.symbol).replace(/\bANNUAL_FORMS\b/g, YEAR_FORMS[form])
          .replace(/\bANNUAL_FORM\b/g, form)
          // kpi.extract reads a 10-K unless told: a 20-F or 40-F filer has none
          .replace(/ KPI_FORM\b/g, form === "10-K" ? "" : ` form=${form}`)
      }`
    );
    return {
      id: t.id,
      status: "supported" as const,
      objective: t.objective,
      commands,
      // Read from the template so a ticker such as BETA is never taken for a placeholder.
      placeholders: placeholdersIn(t.commands),
    };
  });
  steps.push({
    id: "open_gaps",
    status: "partially_supported",
    objective: "Sources a full review would add that these commands do not reach.",
    commands: [],
    placeholders: [],
    missing: MISSING,
  });
  const used = new Set(steps.flatMap((s) => s.placeholders));
  return {
    symbol: args.symbol,
    style: args.style,
    plan_type: "deterministic_cli_checklist" as const,
    steps,
    count: steps.length,
    placeholders: Object.entries(PLACEHOLDERS).filter(([name]) => used.has(name)).map((
      [name, meaning],
    ) => ({ name, meaning })),
    notes: [
      "Run the steps in order; later steps use values found in earlier ones (the CAPITALS placeholders).",
      "Cite accession, URL, section and date for every figure you use; formula and valuation results are calculations, not advice.",
      (args.annual_form ?? "10-K") === "10-K"
        ? "The filing steps read a 10-K: a foreign private issuer files a 20-F (a Canadian one may file a 40-F) and 6-Ks instead of 10-Qs and 8-Ks, and those steps would find no 10-K; filings.recent SYM shows what it files, then pass annual_form=20-F or 40-F."
        : `The filing steps read the ${args.annual_form} and 6-Ks; quarterly figures in 6-Ks are not read by filings.statement, and transcripts or fundamentals.statement give the quarters.`,
    ],
  };
}

function placeholdersIn(commands: string[]): string[] {
  const found = new Set<string>();
  for (const c of commands) {
    for (const m of c.matchAll(/\b[A-Z][A-Z0-9_]{2,}\b/g)) {
      if (m[0] in PLACEHOLDERS) found.add(m[0]);
    }
  }
  return [...found];
}
