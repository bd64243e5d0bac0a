/**
 * The standard line items of filings.history and the friendly concept names of filings.facts:
 * each maps to the XBRL tags companies actually use for it, tried in the order given (the first
 * tag with a value for a period wins that period, so a company that moved from SalesRevenueNet
 * to RevenueFromContractWithCustomerExcludingAssessedTax still has one revenue line).
 */

/** How a line item behaves over time; only `flow` items may be added or subtracted. */
export type ItemKind = "flow" | "instant" | "per_share" | "shares";

export type StatementKind = "income" | "balance" | "cashflow";

/** Taxonomies a line item can be read from, in the order they are tried. */
export type Taxonomy = "us-gaap" | "ifrs-full";

export interface LineItem {
  key: string;
  label: string;
  statement: StatementKind;
  kind: ItemKind;
  /** Indent level in a statement view (0 = top, totals are 0 with `total: true`). */
  level: number;
  total?: boolean;
  tags: Record<Taxonomy, string[]>;
  /**
   * Tags that are the whole item for some companies and a component for others (revenue from
   * contracts with customers leaves out a bank's interest income and an insurer's premiums).
   */
  partial?: Record<Taxonomy, string[]>;
  /** Tags of what a partial tag never includes: reported beside one, it is not the whole. */
  notTotalBeside?: Record<Taxonomy, string[]>;
  /**
   * Computed from two other items of the same period when no tag has the period; with
   * `onlyIfReported`, only for a company that reports the item itself in some period (a
   * company whose statement has no gross profit line is not given one).
   */
  compute?: { formula: string; plus: string; minus: string; onlyIfReported?: boolean };
}

const item = (
  key: string,
  label: string,
  statement: StatementKind,
  kind: ItemKind,
  usGaap: string[],
  ifrs: string[],
  extra: Partial<LineItem> = {},
): LineItem => ({
  key,
  label,
  statement,
  kind,
  level: 1,
  tags: { "us-gaap": usGaap, "ifrs-full": ifrs },
  ...extra,
});

/** The taxonomies of SEC's company facts a concept may be read from (filings.facts `taxonomy`). */
export const FACT_TAXONOMIES = ["us-gaap", "ifrs-full", "dei", "srt", "invest"] as const;

/** Every standard line item, in statement order. */
export const LINE_ITEMS: LineItem[] = [
  item(
    "revenue",
    "Revenue",
    "income",
    "flow",
    [
      "RevenueFromContractWithCustomerExcludingAssessedTax",
      "RevenueFromContractWithCustomerIncludingAssessedTax",
      "Revenues",
      "SalesRevenueNet",
      "SalesRevenueGoodsNet",
      "SalesRevenueServicesNet",
      "RevenuesNetOfInterestExpense",
    ],
    ["Revenue", "RevenueFromContractsWithCustomers"],
    {
      level: 0,
      partial: {
        "us-gaap": [
          "RevenueFromContractWithCustomerExcludingAssessedTax",
          "RevenueFromContractWithCustomerIncludingAssessedTax",
          "SalesRevenueGoodsNet",
          "SalesRevenueServicesNet",
        ],
        "ifrs-full": ["RevenueFromContractsWithCustomers"],
      },
      // a bank's, an insurer's: income that is revenue but not from contracts with customers
      notTotalBeside: {
        "us-gaap": ["NoninterestIncome", "InterestAndDividendIncomeOperating", "PremiumsEarnedNet"],
        "ifrs-full": ["InterestRevenueCalculatedUsingEffectiveInterestMethod", "InsuranceRevenue"],
      },
    },
  ),
  item(
    "cost_of_revenue",
    "Cost of revenue",
    "income",
    "flow",
    [
      "CostOfRevenue",
      "CostOfGoodsAndServicesSold",
      "CostOfGoodsSold",
      "CostOfServices",
      "CostOfGoodsAndServiceExcludingDepreciationDepletionAndAmortization",
    ],
    ["CostOfSales"],
    {
      partial: { "us-gaap": ["CostOfGoodsSold", "CostOfServices"], "ifrs-full": [] },
    },
  ),
  item("gross_profit", "Gross profit", "income", "flow", ["GrossProfit"], ["GrossProfit"], {
    level: 0,
    total: true,
    compute: {
      formula: "revenue - cost_of_revenue",
      plus: "revenue",
      minus: "cost_of_revenue",
      onlyIfReported: true,
    },
  }),
  item("research_and_development", "Research and development", "income", "flow", [
    "ResearchAndDevelopmentExpense",
    "ResearchAndDevelopmentExpenseExcludingAcquiredInProcessCost",
  ], ["ResearchAndDevelopmentExpense"]),
  item("selling_general_administrative", "Selling, general and administrative", "income", "flow", [
    "SellingGeneralAndAdministrativeExpense",
  ], ["SellingGeneralAndAdministrativeExpense"]),
  item("operating_expenses", "Operating expenses", "income", "flow", [
    "OperatingExpenses",
    "CostsAndExpenses",
  ], []),
  item("operating_income", "Operating income", "income", "flow", ["OperatingIncomeLoss"], [
    "ProfitLossFromOperatingActivities",
  ], { level: 0, total: true }),
  item("interest_expense", "Interest expense", "income", "flow", [
    "InterestExpense",
    "InterestExpenseNonoperating",
    "InterestExpenseDebt",
  ], ["FinanceCosts"]),
  item("pretax_income", "Income before income taxes", "income", "flow", [
    "IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest",
    "IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments",
  ], ["ProfitLossBeforeTax"]),
  item("income_tax", "Income tax expense", "income", "flow", ["IncomeTaxExpenseBenefit"], [
    "IncomeTaxExpenseContinuingOperations",
  ]),
  item(
    "net_income",
    "Net income",
    "income",
    "flow",
    [
      "NetIncomeLoss",
      "ProfitLoss",
      "NetIncomeLossAvailableToCommonStockholdersBasic",
    ],
    ["ProfitLossAttributableToOwnersOfParent", "ProfitLoss"],
    { level: 0, total: true },
  ),
  item("eps_basic", "EPS, basic", "income", "per_share", ["EarningsPerShareBasic"], [
    "BasicEarningsLossPerShare",
  ]),
  item("eps_diluted", "EPS, diluted", "income", "per_share", ["EarningsPerShareDiluted"], [
    "DilutedEarningsLossPerShare",
  ]),
  item("shares_basic", "Shares, basic (weighted average)", "income", "shares", [
    "WeightedAverageNumberOfSharesOutstandingBasic",
  ], ["WeightedAverageShares"]),
  item("shares_diluted", "Shares, diluted (weighted average)", "income", "shares", [
    "WeightedAverageNumberOfDilutedSharesOutstanding",
  ], ["AdjustedWeightedAverageShares"]),

  item("cash", "Cash and cash equivalents", "balance", "instant", [
    "CashAndCashEquivalentsAtCarryingValue",
    "CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents",
    "Cash",
  ], ["CashAndCashEquivalents"]),
  item("short_term_investments", "Short-term investments", "balance", "instant", [
    "MarketableSecuritiesCurrent",
    "ShortTermInvestments",
    "AvailableForSaleSecuritiesDebtSecuritiesCurrent",
    // the tag before 2018 (Apple FY2011-2017), and the one some filers moved to (NVIDIA FY2026)
    "AvailableForSaleSecuritiesCurrent",
    "DebtSecuritiesCurrent",
  ], ["CurrentInvestments"]),
  item("receivables", "Accounts receivable", "balance", "instant", [
    "AccountsReceivableNetCurrent",
  ], ["TradeAndOtherCurrentReceivables"]),
  item("inventory", "Inventory", "balance", "instant", ["InventoryNet"], ["Inventories"]),
  item("current_assets", "Total current assets", "balance", "instant", ["AssetsCurrent"], [
    "CurrentAssets",
  ], { level: 0, total: true }),
  item("total_assets", "Total assets", "balance", "instant", ["Assets"], ["Assets"], {
    level: 0,
    total: true,
  }),
  item("accounts_payable", "Accounts payable", "balance", "instant", [
    "AccountsPayableCurrent",
  ], ["TradeAndOtherCurrentPayables"]),
  item(
    "current_liabilities",
    "Total current liabilities",
    "balance",
    "instant",
    [
      "LiabilitiesCurrent",
    ],
    ["CurrentLiabilities"],
    { level: 0, total: true },
  ),
  item("long_term_debt", "Long-term debt", "balance", "instant", [
    "LongTermDebtNoncurrent",
    "LongTermDebt",
  ], ["NoncurrentPortionOfNoncurrentBorrowings", "LongtermBorrowings"]),
  item("total_liabilities", "Total liabilities", "balance", "instant", ["Liabilities"], [
    "Liabilities",
  ], { level: 0, total: true }),
  item(
    "equity",
    "Shareholders' equity",
    "balance",
    "instant",
    [
      "StockholdersEquity",
      "StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest",
    ],
    ["EquityAttributableToOwnersOfParent", "Equity"],
    { level: 0, total: true },
  ),
  // ifrs-full NumberOfSharesOutstanding (IAS 1.79(a)(iv)): shares issued less treasury shares,
  // per class of share capital; without a class member, the entity's whole share capital
  item("shares_outstanding", "Shares outstanding", "balance", "shares", [
    "CommonStockSharesOutstanding",
  ], ["NumberOfSharesOutstanding"]),

  item(
    "operating_cash_flow",
    "Cash from operating activities",
    "cashflow",
    "flow",
    [
      "NetCashProvidedByUsedInOperatingActivities",
      "NetCashProvidedByUsedInOperatingActivitiesContinuingOperations",
    ],
    ["CashFlowsFromUsedInOperatingActivities"],
    { level: 0, total: true },
  ),
  item("depreciation_amortization", "Depreciation and amortization", "cashflow", "flow", [
    "DepreciationDepletionAndAmortization",
    "DepreciationAmortizationAndAccretionNet",
    "DepreciationAndAmortization",
  ], ["DepreciationAndAmortisationExpense"]),
  // ifrs-full AdjustmentsForSharebasedPayments: the add-back reconciling profit to operating cash
  // flow (IAS 7.20(b)), as us-gaap ShareBasedCompensation; the expense tags of IFRS 2.51 are
  // not mapped (an expense by grant can differ from the cash-flow add-back)
  item("stock_compensation", "Share-based compensation", "cashflow", "flow", [
    "ShareBasedCompensation",
    "AllocatedShareBasedCompensationExpense",
  ], ["AdjustmentsForSharebasedPayments"]),
  item("capex", "Capital expenditure", "cashflow", "flow", [
    "PaymentsToAcquirePropertyPlantAndEquipment",
    "PaymentsToAcquireProductiveAssets",
  ], ["PurchaseOfPropertyPlantAndEquipmentClassifiedAsInvestingActivities"]),
  item("free_cash_flow", "Free cash flow", "cashflow", "flow", [], [], {
    level: 0,
    total: true,
    compute: {
      formula: "operating_cash_flow - capex",
      plus: "operating_cash_flow",
      minus: "capex",
    },
  }),
  item(
    "investing_cash_flow",
    "Cash from investing activities",
    "cashflow",
    "flow",
    [
      "NetCashProvidedByUsedInInvestingActivities",
      "NetCashProvidedByUsedInInvestingActivitiesContinuingOperations",
    ],
    ["CashFlowsFromUsedInInvestingActivities"],
    { level: 0, total: true },
  ),
  item(
    "financing_cash_flow",
    "Cash from financing activities",
    "cashflow",
    "flow",
    [
      "NetCashProvidedByUsedInFinancingActivities",
      "NetCashProvidedByUsedInFinancingActivitiesContinuingOperations",
    ],
    ["CashFlowsFromUsedInFinancingActivities"],
    { level: 0, total: true },
  ),
  item("dividends_paid", "Dividends paid", "cashflow", "flow", [
    "PaymentsOfDividends",
    "PaymentsOfDividendsCommonStock",
  ], ["DividendsPaidClassifiedAsFinancingActivities"]),
  // ifrs-full PaymentsToAcquireOrRedeemEntitysShares: cash paid to acquire or redeem the
  // entity's own shares, a financing outflow (IAS 7.17(b)); ifrs-full has no tag for the total
  // of operating expenses (IAS 1 presents expenses by nature or by function), so
  // operating_expenses maps to none
  item("share_repurchases", "Share repurchases", "cashflow", "flow", [
    "PaymentsForRepurchaseOfCommonStock",
  ], ["PaymentsToAcquireOrRedeemEntitysShares"]),
];

const BY_KEY = new Map(LINE_ITEMS.map((i) => [i.key, i]));

/** Other spellings users type for the friendly names. */
const SYNONYMS: Record<string, string> = {
  revenues: "revenue",
  sales: "revenue",
  net_sales: "revenue",
  total_revenue: "revenue",
  cogs: "cost_of_revenue",
  cost_of_sales: "cost_of_revenue",
  cost_of_goods_sold: "cost_of_revenue",
  r_and_d: "research_and_development",
  rd: "research_and_development",
  sga: "selling_general_administrative",
  operating_profit: "operating_income",
  ebit: "operating_income",
  profit: "net_income",
  net_profit: "net_income",
  earnings: "net_income",
  eps: "eps_diluted",
  assets: "total_assets",
  liabilities: "total_liabilities",
  stockholders_equity: "equity",
  shareholders_equity: "equity",
  debt: "long_term_debt",
  ocf: "operating_cash_flow",
  cash_from_operations: "operating_cash_flow",
  capital_expenditure: "capex",
  capital_expenditures: "capex",
  fcf: "free_cash_flow",
  buybacks: "share_repurchases",
  dividends: "dividends_paid",
};

/** The line item a friendly name (or synonym, any case, spaces or dashes) stands for. */
export function lineItem(name: string): LineItem | null {
  const k = name.trim().toLowerCase().replace(/[\s-]+/g, "_");
  return BY_KEY.get(k) ?? BY_KEY.get(SYNONYMS[k] ?? "") ?? null;
}

/** How a line item's tags merge for one company in `taxonomy` (see mergedPeriods). */
export function mergeRules(item: LineItem, taxonomy: Taxonomy, warn?: (m: string) => void) {
  return {
    name: item.key,
    partial: item.partial?.[taxonomy] ?? [],
    notTotalBeside: item.notTotalBeside?.[taxonomy] ?? [],
    warn,
  };
}

/** The unit a line item is read in, for a company reporting in `currency`. */
export function itemUnit(item: LineItem, currency: string): string {
  if (item.kind === "per_share") return `${currency}/shares`;
  if (item.kind === "shares") return "shares";
  return currency;
}

/** True for items read at a date (balances, share counts on the balance sheet), not over a period. */
export function atDate(item: LineItem): boolean {
  return item.kind === "instant" || (item.kind === "shares" && item.statement === "balance");
}

/** The line items of one statement, in order. */
export function statementItems(statement: StatementKind): LineItem[] {
  return LINE_ITEMS.filter((i) => i.statement === statement);
}

/** Friendly names accepted by filings.facts, for help and errors. */
export function friendlyNames(): string[] {
  return LINE_ITEMS.filter((i) => !i.compute || i.tags["us-gaap"].length).map((i) => i.key);
}
