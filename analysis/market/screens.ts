/** Yahoo's predefined screens (ids Yahoo accepts) with a description in our words. */
export const PREDEFINED_SCREENS: Record<string, { name: string; description: string }> = {
  aggressive_small_caps: {
    name: "Aggressive small caps",
    description: "Small-cap stocks with fast earnings growth",
  },
  conservative_foreign_funds: {
    name: "Conservative foreign funds",
    description: "Low-risk funds investing outside the US",
  },
  day_gainers: { name: "Day gainers", description: "US stocks up the most today" },
  day_losers: { name: "Day losers", description: "US stocks down the most today" },
  growth_technology_stocks: {
    name: "Growth technology stocks",
    description: "Technology stocks with revenue and earnings growth above 25%",
  },
  high_yield_bond: { name: "High-yield bond funds", description: "Bond funds with high yields" },
  most_actives: { name: "Most actives", description: "US stocks with the highest volume today" },
  most_shorted_stocks: {
    name: "Most shorted stocks",
    description: "Stocks with the largest short interest",
  },
  portfolio_anchors: {
    name: "Portfolio anchors",
    description: "Large, steady funds suited as a portfolio core",
  },
  small_cap_gainers: { name: "Small-cap gainers", description: "Small caps up the most today" },
  solid_large_growth_funds: {
    name: "Solid large-growth funds",
    description: "Well-rated funds holding large growth companies",
  },
  solid_midcap_growth_funds: {
    name: "Solid mid-cap growth funds",
    description: "Well-rated funds holding mid-cap growth companies",
  },
  top_mutual_funds: { name: "Top mutual funds", description: "Highest-rated mutual funds" },
  undervalued_growth_stocks: {
    name: "Undervalued growth stocks",
    description: "Growth stocks with low P/E and PEG ratios",
  },
  undervalued_large_caps: {
    name: "Undervalued large caps",
    description: "Large caps trading at low multiples",
  },
};
