/**
 * filings.statement on layouts of the whole field the recorded filings do not show:
 * - a statement's continuation named "… (Continued) (Unaudited)", ", continued" or "- Cont'd":
 *   only a final "(Continued)" was read as one, the others were rivals (a warning guessing at
 *   another registrant's statement) and their rows never read; "Discontinued" and
 *   "Contingencies" continue nothing;
 * - figures of one currency tagged at different decimals (one line in thousands in a statement
 *   in millions) or at decimals -5: `reported` (the value scaled by its own decimals) was on
 *   another scale than the rows beside it, or in hundreds of thousands, with no word.
 * The instances are written here, shaped as EDGAR's; the company is invented.
 */
import assert from "node:assert/strict";
import { buildStatement } from "../../analysis/filings/statement.ts";
import {
  chooseRole,
  continuationRoles,
  rivalRoles,
} from "../../analysis/filings/statement_roles.ts";
import { parseInstance } from "../../providers/filings_a/xbrl.ts";

const roles = (...defs: string[]) =>
  defs.map((d, i) => ({ uri: `r${i}`, definition: `000000${i} - Statement - ${d}` }));

Deno.test("statement roles: a continuation is read wherever its '(Continued)' stands, and is no rival", () => {
  for (
    const more of [
      "CONDENSED CONSOLIDATED STATEMENTS OF CASH FLOWS (Continued) (Unaudited)",
      "Condensed Consolidated Statements of Cash Flows (Unaudited), continued",
      "Condensed Consolidated Statements of Cash Flows - Cont'd",
      "Condensed Consolidated Statements of Cash Flows (Cont.)",
    ]
  ) {
    const list = roles(
      "Condensed Consolidated Balance Sheets (Unaudited)",
      "Condensed Consolidated Statements of Cash Flows (Unaudited)",
      more,
    );
    const chosen = chooseRole("cashflow", list)!;
    assert.equal(chosen.uri, "r1", more);
    assert.deepEqual(continuationRoles(chosen, list).map((r) => r.uri), ["r2"], more);
    // old: a rival, its rows never read
    assert.deepEqual(rivalRoles("cashflow", list, chosen), [], more);
  }
  const list = roles(
    "Consolidated Balance Sheets",
    "Consolidated Balance Sheets - Discontinued Operations",
    "Consolidated Balance Sheets Contingencies",
  );
  assert.deepEqual(continuationRoles(list[0], list), []);
});

const ctx = (id: string, s: string, e: string) =>
  `<xbrli:context id="${id}"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000000001</xbrli:identifier></xbrli:entity><xbrli:period><xbrli:startDate>${s}</xbrli:startDate><xbrli:endDate>${e}</xbrli:endDate></xbrli:period></xbrli:context>`;

/** An income statement's facts: [concept, FY24, FY23, decimals] each. */
function build(facts: [string, number, number, string][]) {
  const xml = `<?xml version="1.0" encoding="utf-8"?>
<xbrli:xbrl xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:iso4217="http://www.xbrl.org/2003/iso4217" xmlns:us-gaap="http://fasb.org/us-gaap/2024">
${ctx("FY24", "2024-01-01", "2024-12-31")}
${ctx("FY23", "2023-01-01", "2023-12-31")}
<xbrli:unit id="eur"><xbrli:measure>iso4217:EUR</xbrli:measure></xbrli:unit>
${
    facts.flatMap(([c, a, b, d]) => [
      `<us-gaap:${c} contextRef="FY24" unitRef="eur" decimals="${d}">${a}</us-gaap:${c}>`,
      `<us-gaap:${c} contextRef="FY23" unitRef="eur" decimals="${d}">${b}</us-gaap:${c}>`,
    ]).join("\n")
  }
</xbrli:xbrl>`;
  const arcs = facts.map(([c], i) => ({
    from: "us-gaap:IncomeStatementAbstract",
    to: `us-gaap:${c}`,
    order: i + 1,
    preferredLabel: null,
    weight: null,
  }));
  return buildStatement({
    role: "r",
    presentation: new Map([["r", arcs]]),
    calculation: new Map(),
    labels: new Map(),
    instance: parseInstance(xml),
  });
}

Deno.test("statement scale: a line tagged in thousands among lines in millions is said, naming it", () => {
  const built = build([
    ["Revenues", 5_400_000_000, 5_100_000_000, "-6"],
    ["CostOfRevenue", 3_200_000_000, 3_000_000_000, "-6"],
    ["RestructuringCharges", 12_345_000, 0, "-3"],
    ["NetIncomeLoss", 900_000_000, 800_000_000, "-6"],
  ]);
  const restructuring = built.rows.find((r) => r.concept === "us-gaap:RestructuringCharges")!;
  // the contract's `reported`: its own decimals, so 12,345 beside revenue's 5,400
  assert.equal(restructuring.values["2024-01-01 to 2024-12-31"].reported, 12345);
  const w = built.warnings.find((w) => /not all on one scale/.test(w));
  assert.ok(w, built.warnings.join("\n"));
  assert.match(w, /EUR figures/);
  assert.match(w, /6 have decimals -6 \(`reported` in millions\), 1 another/);
  assert.match(w, /us-gaap:RestructuringCharges\) 2024-01-01 to 2024-12-31: decimals -3/);
  assert.match(w, /use `raw`/);
});

Deno.test("statement scale: decimals -5 ('12.3 million' reported 123) is said; one scale and zeros are not", () => {
  const odd = build([
    ["Revenues", 12_300_000, 11_900_000, "-5"],
    ["NetIncomeLoss", 1_200_000, 900_000, "-5"],
  ]);
  const w = odd.warnings.find((w) => /decimals -5/.test(w));
  assert.ok(w, odd.warnings.join("\n"));
  assert.match(w, /counts units of 10\^5 of EUR/);
  assert.match(w, /raw 12300000, reported 123/);
  assert.ok(!odd.warnings.some((w) => /not all on one scale/.test(w)));
  // a zero tagged exactly (decimals INF) beside figures in millions: no warning
  const even = build([
    ["Revenues", 5_400_000_000, 5_100_000_000, "-6"],
    ["RestructuringCharges", 0, 0, "INF"],
  ]);
  assert.deepEqual(even.warnings.filter((w) => /scale|decimals/.test(w)), []);
});

Deno.test("statement balances: a balance sheet that also shows a line for a period keeps its dates as columns", () => {
  const c = (id: string, period: string) =>
    `<xbrli:context id="${id}"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000000001</xbrli:identifier></xbrli:entity><xbrli:period>${period}</xbrli:period></xbrli:context>`;
  const fact = (concept: string, context: string, value: number) =>
    `<us-gaap:${concept} contextRef="${context}" unitRef="usd" decimals="-6">${value}</us-gaap:${concept}>`;
  const xml = `<?xml version="1.0" encoding="utf-8"?>
<xbrli:xbrl xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:iso4217="http://www.xbrl.org/2003/iso4217" xmlns:us-gaap="http://fasb.org/us-gaap/2024">
${c("I24", "<xbrli:instant>2024-12-31</xbrli:instant>")}
${c("I23", "<xbrli:instant>2023-12-31</xbrli:instant>")}
${
    c(
      "D24",
      "<xbrli:startDate>2024-01-01</xbrli:startDate><xbrli:endDate>2024-12-31</xbrli:endDate>",
    )
  }
<xbrli:unit id="usd"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>
${fact("Assets", "I24", 100_000_000)}${fact("Assets", "I23", 90_000_000)}
${fact("Liabilities", "I24", 60_000_000)}${fact("Liabilities", "I23", 50_000_000)}
${fact("StockholdersEquity", "I24", 40_000_000)}${fact("StockholdersEquity", "I23", 40_000_000)}
${fact("InterestExpense", "D24", 5_000_000)}
</xbrli:xbrl>`;
  const arcs = ["Assets", "Liabilities", "StockholdersEquity", "InterestExpense"].map((to, i) => ({
    from: "us-gaap:BalanceSheetAbstract",
    to: `us-gaap:${to}`,
    order: i + 1,
    preferredLabel: null,
    weight: null,
  }));
  const built = buildStatement({
    role: "r",
    presentation: new Map([["r", arcs]]),
    calculation: new Map(),
    labels: new Map(),
    instance: parseInstance(xml),
  });
  const assets = built.rows.find((r) => r.concept === "us-gaap:Assets")!;
  // old: the balances were moved under the year's label, the dates' columns left empty and
  // last year's balance dropped
  assert.equal(assets.values["2024-12-31"].reported, 100);
  assert.equal(assets.values["2023-12-31"].reported, 90);
  assert.equal(assets.values["2024-01-01 to 2024-12-31"], undefined);
  const interest = built.rows.find((r) => r.concept === "us-gaap:InterestExpense")!;
  assert.equal(interest.values["2024-01-01 to 2024-12-31"].reported, 5);
});
