import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { amount, ticker } from "../../core/schema.ts";
import { InputError, UsageError } from "../../core/errors.ts";
import { caseAmbiguous, isMinorUnit, type Unit, unitOf } from "../../analysis/market/units.ts";
import { isIsoCurrency, parseSymbol } from "../../core/symbols.ts";

/** Metrics that can be compared, in the order results are listed. */
const METRICS = [
  "revenue",
  "eps",
  "ebitda",
  "ebit",
  "net_income",
  "fcf",
  "free_cash_flow",
  "operating_income",
] as const;
type Metric = typeof METRICS[number];

const LABELS: Record<Metric, string> = {
  revenue: "revenue",
  eps: "earnings per share",
  ebitda: "EBITDA",
  ebit: "EBIT",
  net_income: "net income",
  fcf: "free cash flow",
  free_cash_flow: "free cash flow",
  operating_income: "operating income",
};

const USAGE =
  "finance estimates.compare [SYMBOL] revenue=2.2B consensus_revenue=2.0B eps=0.50 consensus_eps=0.45 fiscal_year=2027 [currency=USD consensus_currency=USD eps_basis=share consensus_eps_basis=share]";

function metricArgs() {
  const shape: Record<string, z.ZodOptional<ReturnType<typeof amount>>> = {};
  for (const m of METRICS) {
    shape[m] = amount().optional().describe(
      `Your own figure for ${LABELS[m]} (${m === "eps" ? "e.g. 0.50" : "e.g. 2.2B"}).`,
    );
    shape[`consensus_${m}`] = amount().optional().describe(
      `Consensus ${LABELS[m]} to compare ${m} with (e.g. from estimates.consensus).`,
    );
  }
  return shape as Record<Metric | `consensus_${Metric}`, z.ZodOptional<ReturnType<typeof amount>>>;
}

/** Names in common use that are no ISO code, each for the one currency it names. */
const CURRENCY_NAMES: Record<string, string> = { RMB: "CNY", NTD: "TWD", NIS: "ILS" };

/** A currency code as providers state it (CNY, USD; GBp for pence); "CNY per share" read as CNY. */
const currencyArg = (whose: string) =>
  z.string().trim().transform((v) => {
    const code = v.replace(/\s+per\s+(share|ads|adr)$/i, "");
    return CURRENCY_NAMES[code.toUpperCase()] ?? code;
  })
    .pipe(
      z.string().regex(/^[A-Za-z]{3}$/, "a three-letter currency code such as USD, CNY or GBp")
        // three letters that name no currency (XXX, ABC) would be compared as if they did
        .refine((c) => isIsoCurrency(c) || isMinorUnit(c), {
          message:
            "no ISO 4217 currency (USD, EUR, CNY, JPY ...) or minor unit (GBp, ZAc, ILA); fundamentals.statement and symbol.snapshot show the one a company reports in",
        })
        // gbp is pounds or pence by its case alone: a hundred times apart, so never guessed
        .superRefine((c, ctx) => {
          const both = caseAmbiguous(c);
          if (both) {
            ctx.addIssue({
              code: "custom",
              message: `"${c}" is ${both[0]} (pounds) or ${both[1]} (pence) by letter case ` +
                `alone, a hundred times apart: write ${both[0]} or ${both[1]}`,
            });
          }
        }),
    )
    .optional().describe(
      `Currency ${whose} figures are in, as the provider states it (fundamentals.statement's ` +
        "unit, a profile's financialCurrency, FMP's reportedCurrency): USD, CNY, EUR; GBp for " +
        "pence. Compared with the other side's, never guessed.",
    );

/** Other words for the two bases an EPS can be per. */
const BASIS_NAMES: Record<string, string> = {
  ordinary: "share",
  ordinary_share: "share",
  per_share: "share",
  adr: "ads",
  per_ads: "ads",
};

/** What one EPS counts: an ordinary share or a depositary share (ADS/ADR). */
const basisArg = (whose: string) =>
  z.preprocess(
    (
      v,
    ) => (typeof v === "string"
      ? BASIS_NAMES[v.trim().toLowerCase()] ?? v.trim().toLowerCase()
      : v),
    z.enum(["share", "ads"]),
  ).optional().describe(
    `What ${whose} EPS is per: share (an ordinary share) or ads (a depositary share, ADS/ADR, ` +
      "often several ordinary shares).",
  );

/** A stated currency as echoed: the major code upper-cased (usd → USD), a minor unit as written. */
const stated = (u: Unit | null) => (u === null ? null : u.factor === 1 ? u.major : u.code);

/** Rounds away float noise such as 0.5 − 0.45 = 0.04999999999999999. */
function round10(x: number): number {
  return Math.round(x * 1e10) / 1e10;
}

/**
 * Figures far apart: a thousand times or more is most likely two units (2.2T against 2.0K), a
 * hundred times per share cents against dollars. Where neither side states its currency (or,
 * for EPS, what it is per), twice or more apart is said too: CNY against USD is about seven
 * times, an ADS several shares; stated currencies are checked by {@link currencyCaveats}. EPS
 * twice or more apart is said even with everything stated: a share split between the two
 * figures' dates puts them apart by its ratio.
 */
function apart(
  metric: Metric,
  user: number,
  consensus: number,
  known: { currencies: boolean; bases: boolean },
): string | null {
  if (user === 0 || consensus === 0) return null;
  const ratio = Math.abs(user) / Math.abs(consensus);
  const round = (x: number) => (x >= 10 ? Math.round(x) : Math.round(x * 10) / 10);
  const times = ratio >= 1 ? `${round(ratio)}` : `1/${round(1 / ratio)}`;
  const eps = metric === "eps";
  const far = eps ? 20 : 500;
  if (ratio >= far || ratio <= 1 / far) {
    return `${metric}: your ${user} and the consensus ${consensus} are ${times} times apart: check both are in the same unit (${
      eps
        ? "both in dollars per share, not one in cents; pence and pounds for a GBp listing"
        : "2.2B, not 2200 meaning millions"
    })`;
  }
  const unstated = [
    ...(known.currencies ? [] : ["currency"]),
    ...(eps && !known.bases ? ["what the EPS is per (share or ADS)"] : []),
  ];
  // opposite signs are said apart; a profit against a loss is no currency's doing
  if ((ratio < 2 && ratio > 0.5) || Math.sign(user) !== Math.sign(consensus)) return null;
  // an EPS from before a share split against one after it is apart by the split's ratio, in
  // one currency and per one kind of share (NVIDIA's 4.52 for FY2021 is 1.13 after its 4-for-1)
  const split = eps
    ? `; an EPS from before a share split against one after it is apart by the split's ratio (a 4-for-1 split: 4 times), so put both on the share count of one date`
    : "";
  if (!unstated.length) {
    return split
      ? `${metric}: your ${user} and the consensus ${consensus} are ${times} times apart: unless that is a real gap, they may be on two share bases${split}`
      : null;
  }
  return `${metric}: your ${user} and the consensus ${consensus} are ${times} times apart and neither side states its ${
    unstated.join(" nor ")
  }: unless that is a real gap, they may be ${
    known.currencies ? "" : "in two currencies (CNY against USD is about 7 times)"
  }${unstated.length === 2 ? " or " : ""}${
    eps && !known.bases ? "per different shares (an ADS is often several ordinary shares)" : ""
  }; give ${
    [
      ...(known.currencies ? [] : ["currency= and consensus_currency="]),
      ...(eps && !known.bases ? ["eps_basis= and consensus_eps_basis="] : []),
    ].join(", ")
  } to have them checked${split}`;
}

/**
 * Figures in two currencies (or in pence against pounds) give no gap: refused. Where only one
 * side states its currency, the gaps assume the other's is the same, and that is said.
 */
function currencyCaveats(mine: Unit | null, theirs: Unit | null): string[] {
  if (mine && theirs) {
    if (mine.major !== theirs.major) {
      throw new InputError(
        `estimates.compare: your figures are in ${stated(mine)} and the consensus in ${
          stated(theirs)
        }: ` +
          "a gap between two currencies is no gap; convert one side at the period's rate " +
          `(market.quote ${mine.major}${theirs.major}=X quotes one) and compare in one currency`,
      );
    }
    if (mine.factor !== theirs.factor) {
      const [minor, major] = mine.factor < theirs.factor ? [mine, theirs] : [theirs, mine];
      throw new InputError(
        `estimates.compare: your figures are in ${stated(mine)} and the consensus in ${
          stated(theirs)
        }: ` +
          `one ${minor.code} is ${
            minor.factor / major.factor
          } ${major.code}, so give both in the ` +
          `same unit (45 ${minor.code} is ${
            45 * minor.factor / major.factor
          } ${major.code}) and compare again`,
      );
    }
    return [];
  }
  if (mine) {
    return [
      `the consensus's currency is not stated (FMP's estimates state none): the gaps assume it ` +
      `is ${mine.code}, like yours; a company that reports in one currency while its shares ` +
      "trade in another can have its consensus in either, so check it (consensus_currency= " +
      "has it checked) before citing the gaps",
    ];
  }
  if (theirs) {
    return [
      `your figures' currency is not stated: the gaps assume they are in ${theirs.code}, like ` +
      "the consensus; state currency= to have it checked",
    ];
  }
  return [];
}

/**
 * A symbol with an exchange suffix (SHEL.L, 0700.HK) trades outside the US: its price, its
 * reports and a consensus can be in three currencies (Shell trades in GBp and reports in USD),
 * so with no currency stated the gap may be across two; said. Null for a US symbol or none.
 */
function foreignListing(symbol: string | undefined): string | null {
  if (!symbol) return null;
  let suffix: string | null = null;
  try {
    suffix = parseSymbol(symbol).suffix;
  } catch {
    return null; // the ticker schema has already judged the spelling; it is only echoed
  }
  if (!suffix) return null;
  return `${symbol} is listed outside the US (.${suffix}) and neither side states its ` +
    "currency: its price, its reports and a consensus can each be in another currency (Shell " +
    "trades in GBp and reports in USD), so give currency= and consensus_currency= to have " +
    "them checked";
}

/**
 * Neither side's currency stated, and nothing else said of it (no gap twice or more apart, no
 * listing abroad): the gap still assumes one currency, which nothing here can check. A US
 * ticker is no proof: a depositary receipt reports in its home currency (TSM in TWD, SAP in
 * EUR) while a consensus may be in USD, and EUR, GBP, CHF or CAD against USD are close enough
 * to pass for a surprise; EPS per ordinary share in CNY against USD per ADS can be too
 * (Alibaba's ADS is eight shares, about the CNY's rate).
 */
function unstatedCurrencies(symbol: string | undefined, eps: boolean, bases: boolean): string {
  const who = symbol ? `${symbol}'s figures` : "the figures";
  return `neither side states its currency (currency and consensus_currency are null), so ` +
    `${who} are compared as if both were in one currency, which nothing here checks: a ` +
    "US-listed depositary receipt reports in its home currency (TSM in TWD, SAP in EUR) while " +
    "a consensus may be in USD, and EUR, GBP, CHF or CAD against USD differ too little to " +
    `stand out${
      eps && !bases
        ? "; for EPS, what each is per is not stated either (CNY per share against USD per " +
          "ADS of eight shares can look like a small surprise)"
        : ""
    }; give currency= and consensus_currency= (fundamentals.statement's unit, a profile's ` +
    `financialCurrency)${
      eps && !bases ? " and eps_basis= and consensus_eps_basis=" : ""
    } to have them checked before citing the gaps`;
}

/** EPS per ADS against EPS per ordinary share differs by the ADS ratio: refused; one unstated, said. */
function basisCaveat(mine?: "share" | "ads", theirs?: "share" | "ads"): string | null {
  const name = (b: "share" | "ads") => (b === "ads" ? "ADS" : "ordinary share");
  if (mine && theirs && mine !== theirs) {
    throw new InputError(
      `estimates.compare: your EPS is per ${name(mine)} and the consensus EPS per ${
        name(theirs)
      }: one ADS is usually several ordinary shares (one Alibaba ADS is eight), so the gap ` +
        "would be the ADS ratio, not a surprise; put both per ADS (EPS per share × shares per " +
        "ADS) or both per share and compare again",
    );
  }
  if (mine && !theirs) {
    return `the consensus EPS is not stated per share or per ADS: the gap assumes it is per ${
      name(mine)
    }, like yours (consensus_eps_basis= has it checked)`;
  }
  if (theirs && !mine) {
    return `your EPS is not stated per share or per ADS: the gap assumes it is per ${
      name(theirs)
    }, like the consensus (eps_basis= has it checked)`;
  }
  return null;
}

const comparison = z.object({
  metric: z.enum(METRICS),
  user_value: z.number(),
  consensus_value: z.number(),
  absolute_gap: z.number(),
  percent_gap: z.number().nullable().describe(
    "absolute_gap / |consensus| as a fraction: 0.1 means 10% (null when consensus is 0).",
  ),
  percent_gap_pct: z.number().nullable().describe("percent_gap in percent: 10 means 10%."),
  direction: z.enum(["above_consensus", "below_consensus", "in_line"]),
});

export default defineCommand({
  name: "estimates.compare",
  summary: "Compare your revenue/EPS assumptions with consensus figures",
  description:
    "Gap between your own figures and consensus for each metric pair you pass (revenue with " +
    "consensus_revenue, eps with consensus_eps; also ebitda, ebit, net_income, fcf, " +
    "free_cash_flow, operating_income). No network: take consensus values from " +
    "estimates.consensus or another cited source. At least one complete pair is required; a " +
    "metric given without its partner is an error rather than silently skipped. State the " +
    "currency of each side (currency=, consensus_currency=, as the providers state it: " +
    "FMP's estimates state none) and, for EPS, what each is per (eps_basis=, " +
    "consensus_eps_basis=: share or ads): figures in two currencies, in pence against pounds, " +
    "or per ADS against per share are refused rather than given a gap; one side unstated is " +
    "warned; with neither stated the gaps are warned as unchecked (currency_check), a US " +
    "ticker included (an ADR such as TSM reports in TWD while a consensus may be in USD), " +
    "naming a listing outside the US (SHEL.L) and figures twice or more apart.",
  usage: USAGE,
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: ["symbol"],
  requireOneOf: METRICS.map((m) => [m, `consensus_${m}`]),
  args: z.strictObject({
    symbol: ticker("Ticker the figures belong to (optional; only echoed back).").optional(),
    ...metricArgs(),
    fiscal_year: z.union([z.int(), z.string().trim().min(1).max(20)]).optional().describe(
      "Fiscal year the figures are for, e.g. 2027 or FY2027 (echoed back).",
    ),
    period: z.string().trim().min(1).max(20).optional().describe(
      "Period the figures are for, e.g. annual or Q3 (echoed back).",
    ),
    currency: currencyArg("your"),
    consensus_currency: currencyArg("the consensus"),
    eps_basis: basisArg("your"),
    consensus_eps_basis: basisArg("the consensus"),
  }),
  data: z.object({
    symbol: z.string().nullable(),
    fiscal_year: z.string().nullable(),
    period: z.string().nullable(),
    currency: z.string().nullable().describe(
      "Currency of your figures as stated; null: not stated.",
    ),
    consensus_currency: z.string().nullable().describe(
      "Currency of the consensus figures as stated; null: not stated.",
    ),
    currency_check: z.enum(["same", "assumed", "unchecked"]).describe(
      "Whether the two sides are shown to be in one currency: same (both stated, the same), " +
        "assumed (one side stated, the other assumed to match, warned), unchecked (neither " +
        "stated: the gaps assume one currency, warned).",
    ),
    eps_basis: z.enum(["share", "ads"]).nullable().describe(
      "What your EPS is per (share or ads); null: not stated.",
    ),
    consensus_eps_basis: z.enum(["share", "ads"]).nullable().describe(
      "What the consensus EPS is per (share or ads); null: not stated.",
    ),
    comparisons: z.array(comparison),
    count: z.int(),
    method: z.string(),
  }),
  examples: [
    "finance estimates.compare AAPL revenue=2.2B consensus_revenue=2.0B eps=0.50 consensus_eps=0.45 fiscal_year=2027",
    "finance estimates.compare symbol=MSFT fcf=70B consensus_fcf=74B period=annual",
    "finance estimates.compare BABA eps=16.5 consensus_eps=15.9 currency=CNY consensus_currency=CNY eps_basis=ads consensus_eps_basis=ads",
  ],
  run(args, ctx) {
    const values = args as unknown as Record<string, number | undefined>;
    const mine = unitOf(args.currency);
    const theirs = unitOf(args.consensus_currency);
    const rows: z.input<typeof comparison>[] = [];
    let currencySaid = false;
    for (const metric of METRICS) {
      const user = values[metric];
      const consensus = values[`consensus_${metric}`];
      if (user === undefined && consensus === undefined) continue;
      if (user === undefined || consensus === undefined) {
        const missing = user === undefined ? metric : `consensus_${metric}`;
        throw new UsageError(
          `estimates.compare: ${missing} is missing; ${metric} and consensus_${metric} are compared as a pair (usage: ${USAGE})`,
        );
      }
      const gap = round10(user - consensus);
      const share = consensus === 0 ? null : round10(gap / Math.abs(consensus));
      if (!Number.isFinite(gap) || (share !== null && !Number.isFinite(share * 100))) {
        // 1e308 against 1e-308: no finite gap to give, and no company's figure
        throw new InputError(
          `estimates.compare: ${metric} ${user} against ${consensus} gives no finite gap; check ` +
            "both figures (a revenue of 2.2B is 2200000000)",
        );
      }
      if (share === null) {
        ctx.warn(`percent_gap for ${metric} is null: the consensus value is zero`);
      }
      // a profit against a consensus loss (or the reverse) is no percent difference
      if (user !== 0 && consensus !== 0 && Math.sign(user) !== Math.sign(consensus)) {
        ctx.warn(
          `${metric}: your ${user} and the consensus ${consensus} have opposite signs, so percent_gap (${
            share === null ? "null" : `${round10(share * 100)}%`
          }) measures no usual change; read absolute_gap`,
        );
      }
      const far = apart(metric, user, consensus, {
        currencies: Boolean(mine || theirs),
        bases: Boolean(args.eps_basis || args.consensus_eps_basis),
      });
      if (far) ctx.warn(far);
      if (far && /states its currency/.test(far)) currencySaid = true;
      rows.push({
        metric,
        user_value: user,
        consensus_value: consensus,
        absolute_gap: gap,
        percent_gap: share,
        percent_gap_pct: share === null ? null : round10(share * 100),
        direction: gap > 0 ? "above_consensus" : gap < 0 ? "below_consensus" : "in_line",
      });
    }
    if (rows.length) {
      for (const w of currencyCaveats(mine, theirs)) ctx.warn(w);
      if (!mine && !theirs && !currencySaid) {
        // nothing stated is never passed as checked: a listing abroad is said as such, any
        // other symbol (a US-listed ADR as much as a US company) as unchecked
        ctx.warn(
          foreignListing(args.symbol) ??
            unstatedCurrencies(
              args.symbol,
              rows.some((r) => r.metric === "eps"),
              Boolean(args.eps_basis || args.consensus_eps_basis),
            ),
        );
      }
      if (rows.some((r) => r.metric === "eps")) {
        const w = basisCaveat(args.eps_basis, args.consensus_eps_basis);
        if (w) ctx.warn(w);
      }
    }
    if (!rows.length) {
      throw new UsageError(
        `estimates.compare: give at least one metric with its consensus, e.g. revenue=2.2B consensus_revenue=2.0B (usage: ${USAGE})`,
      );
    }
    return Promise.resolve({
      symbol: args.symbol ?? null,
      fiscal_year: args.fiscal_year === undefined ? null : String(args.fiscal_year),
      period: args.period ?? null,
      currency: stated(mine),
      consensus_currency: stated(theirs),
      currency_check: mine && theirs
        ? "same" as const
        : mine || theirs
        ? "assumed" as const
        : "unchecked" as const,
      eps_basis: args.eps_basis ?? null,
      consensus_eps_basis: args.consensus_eps_basis ?? null,
      comparisons: rows,
      count: rows.length,
      method:
        "absolute_gap = yours − consensus; percent_gap = absolute_gap / |consensus| (null when consensus is 0); rounded to 10 decimals",
    });
  },
});
