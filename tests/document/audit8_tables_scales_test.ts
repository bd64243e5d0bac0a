/**
 * Scale headings of non-US filers: "£000" and "US$000" standing over columns, "RMB’000" with a
 * typeset apostrophe (Hong Kong filings), "CHF m" and "in EUR m". Before, none was read: the
 * tables had scale null, their thousands passing for units.
 */
import assert from "node:assert/strict";
import { scaleIn } from "../../analysis/document/table_scale.ts";

Deno.test("scaleIn: bare currency thousands, typeset apostrophes and currency codes with m", () => {
  const cases: [string, number][] = [
    ["£000", 1e3],
    ["£000s", 1e3],
    ["US$000", 1e3],
    ["€000 2023 2022", 1e3],
    ["RMB\u2019000", 1e3],
    ["HK$\u2019000", 1e3],
    ["(USD\u2019000)", 1e3],
    ["in \u2019000s", 1e3],
    ["CHF m", 1e6],
    ["in EUR m", 1e6],
    ["SEK bn", 1e9],
    // already read before
    ["€ in millions", 1e6],
    ["(in millions, except per share)", 1e6],
    ["RMB'000", 1e3],
  ];
  for (const [text, multiplier] of cases) {
    assert.equal(scaleIn([text])?.multiplier, multiplier, text);
  }
});

Deno.test("scaleIn: figures and words are no scale", () => {
  for (
    const text of [
      "$000,000",
      "Revenue $1,000",
      "USD market share",
      "EUR money market funds",
      "Total 1,000",
      "£0.00",
    ]
  ) {
    assert.equal(scaleIn([text]), null, text);
  }
});
