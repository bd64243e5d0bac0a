/**
 * KPI prose, sixth audit: amounts whose currency follows them ("5.2 billion euros", "5,2 Mrd. €",
 * "4,500 crore rupees", "1.2 trillion yen") are read in that currency, never as a bare number or
 * as dollars; per-share amounts in pence or cents keep the unit written ("45.3p" is 45.3 GBp, not
 * £0.453); a scale word the reader does not know ("R$ 12.3 bilhões") is no amount of 12.3; a
 * prior period's figure is not the period's ("Last year, revenue was $3.9 billion").
 */
import assert from "node:assert/strict";
import { extractKpis, METRICS, values } from "../../analysis/evidence/kpi.ts";

const only = (...keys: string[]) => METRICS.filter((m) => keys.includes(m.key));
const hits = (text: string, ...keys: string[]) => extractKpis(text, only(...keys));
const read = (text: string, ...keys: string[]) =>
  hits(text, ...keys).map((h) => [h.value.number, h.value.high ?? null, h.value.unit]);

/** Every hit's raw figure is the text at its offset in the sentence, and the sentence in the text. */
function cited(text: string, keys: string[]) {
  for (const h of hits(text, ...keys)) {
    assert.equal(text.slice(h.start_char, h.end_char), h.sentence);
    assert.ok(h.sentence.includes(h.value.raw), `${h.value.raw} in ${h.sentence}`);
  }
}

Deno.test("audit6: an amount with its currency after it is read in that currency", () => {
  // before: no revenue at all ("5.2 billion" was a count, "euros" ignored)
  assert.deepEqual(read("Revenue was 5.2 billion euros in the third quarter.", "revenue"), [
    [5.2e9, null, "EUR"],
  ]);
  assert.deepEqual(read("Revenue was 5.2bn euros in the quarter.", "revenue"), [
    [5.2e9, null, "EUR"],
  ]);
  // German scale words and a decimal comma
  const de = hits("Revenue was 5,2 Mrd. € in the quarter.", "revenue");
  assert.deepEqual(de.map((h) => [h.value.number, h.value.unit, h.value.raw]), [
    [5.2e9, "EUR", "5,2 Mrd. €"],
  ]);
  assert.match(de[0].note ?? "", /decimal comma/);
  assert.equal(de[0].confidence, "high");
  assert.deepEqual(read("Revenue of 820 Mio. € in Q3 2025. Next sentence here.", "revenue"), [
    [820e6, null, "EUR"],
  ]);
  assert.deepEqual(read("Revenue was 3,4 milliards d'euros in the quarter.", "revenue"), [
    [3.4e9, null, "EUR"],
  ]);
  assert.deepEqual(read("Revenue was 1.2 trillion yen in the quarter.", "revenue"), [
    [1.2e12, null, "JPY"],
  ]);
  assert.deepEqual(read("Revenue was 4,500 crore rupees in the quarter.", "revenue"), [
    [4.5e10, null, "INR"],
  ]);
  assert.deepEqual(read("Revenue was 3.4 billion Swiss francs in the quarter.", "revenue"), [
    [3.4e9, null, "CHF"],
  ]);
  assert.deepEqual(read("Revenue was 450 million pounds in the quarter.", "revenue"), [
    [450e6, null, "GBP"],
  ]);
  assert.deepEqual(read("Revenue was 12.3 billion SEK in the quarter.", "revenue"), [
    [12.3e9, null, "SEK"],
  ]);
  assert.deepEqual(read("Revenue was 2.1 billion won in the quarter.", "revenue"), [
    [2.1e9, null, "KRW"],
  ]);
  assert.deepEqual(read("Revenue was 5.2 billion yuan in the quarter.", "revenue"), [
    [5.2e9, null, "CNY"],
  ]);
  // a negative in parentheses keeps its sign
  assert.deepEqual(
    read("Free cash flow was (120) million euros in the quarter.", "free_cash_flow"),
    [
      [-120e6, null, "EUR"],
    ],
  );
  // signs of other currencies are their ISO codes, never the sign itself as a unit
  assert.deepEqual(read("Revenue was R1.2 billion in the quarter.", "revenue"), [
    [1.2e9, null, "ZAR"],
  ]);
  assert.deepEqual(read("Revenue was ₩2.1 trillion in the quarter.", "revenue"), [
    [2.1e12, null, "KRW"],
  ]);
  // the signs and codes before the amount still read as before
  assert.deepEqual(read("Revenue was EUR 5.2bn in the quarter.", "revenue"), [
    [5.2e9, null, "EUR"],
  ]);
  assert.deepEqual(read("Revenue was ¥1.2 trillion in the quarter.", "revenue"), [
    [1.2e12, null, "JPY"],
  ]);
  assert.deepEqual(read("Revenue was Rs 4,500 crore in the quarter.", "revenue"), [
    [4.5e10, null, "INR"],
  ]);
  // "dollars" under a caption of Canadian dollars are those; "US dollars" stay US dollars
  assert.deepEqual(
    read(
      "(in millions of Canadian dollars)\nRevenue was 5.2 billion dollars in the quarter. Revenue was 5.2 billion US dollars in the quarter.",
      "revenue",
    ).map((r) => r[2]),
    ["CAD", "USD"],
  );
  cited("Group revenue was 5,2 Mrd. € in the quarter, and EPS was 45.3p.", ["revenue", "eps"]);
});

Deno.test("audit6: a range with its currency after it is a range, its low end scaled", () => {
  const [h] = hits("We expect revenue of 5.0 to 5.2 billion euros in 2026.", "revenue");
  assert.deepEqual([h.value.number, h.value.high, h.value.unit, h.forward_looking], [
    5e9,
    5.2e9,
    "EUR",
    true,
  ]);
  assert.equal(h.value.raw, "5.0 to 5.2 billion euros");
});

Deno.test("audit6: words that look like a currency but are not stay out", () => {
  // a weight, an English verb, a year's money, an ambiguous German group
  assert.deepEqual(read("Revenue was 450 pounds of copper per ton.", "revenue"), []);
  assert.deepEqual(values("We won 3 contracts in the quarter.").map((v) => v.kind), ["count"]);
  assert.deepEqual(
    values("In 2025 dollars, that is a lot.").filter((v) => v.kind === "money"),
    [],
  );
  // "5,200 Mio. €" is 5.2 or 5,200 million: not read
  assert.deepEqual(read("Revenue reached 5,200 Mio. € in the quarter.", "revenue"), []);
  // "R$ 12.3 bilhões": a scale word the reader does not know is no amount of R$12.30
  assert.deepEqual(read("Revenue was R$ 12.3 bilhões in the quarter.", "revenue"), []);
});

Deno.test("audit6: per-share amounts in pence or cents keep the unit written", () => {
  // before: "45.3p" was no EPS at all, "12 cents" was 0.12 USD (a currency assumed)
  const p = hits("Basic EPS was 45.3p for the year.", "eps");
  assert.deepEqual(p.map((h) => [h.value.number, h.value.unit]), [[45.3, "GBp"]]);
  assert.match(p[0].note ?? "", /pence \(GBp/);
  assert.deepEqual(read("Diluted EPS was 45.3 pence in the year.", "eps"), [[45.3, null, "GBp"]]);
  const c = hits("Diluted EPS was 12 cents a share in the quarter.", "eps");
  assert.deepEqual(c.map((h) => [h.value.number, h.value.unit]), [[12, "cents"]]);
  assert.match(c[0].note ?? "", /cents of a currency the sentence does not name/);
  // the currency the words or the sentence's other amounts name
  assert.deepEqual(read("Diluted EPS was 4.5 euro cents in the quarter.", "eps"), [
    [4.5, null, "EUR cents"],
  ]);
  assert.deepEqual(read("Revenue was C$5 billion and diluted EPS was 12 cents.", "eps"), [
    [12, null, "CAD cents"],
  ]);
  // a range in pence
  assert.deepEqual(read("We expect EPS of 45-50p for fiscal 2026.", "eps"), [[45, 50, "GBp"]]);
  // "3 p.m." is a time, not pence
  assert.deepEqual(values("The call is at 3 p.m. today.").filter((v) => v.kind === "money"), []);
});

Deno.test("audit6: a prior period's figure is not the period's", () => {
  // before: each gave $3.9 billion with no period (the call's quarter filled in)
  assert.deepEqual(read("Revenue in the prior-year quarter was $3.9 billion.", "revenue"), []);
  assert.deepEqual(read("Last year, revenue was $3.9 billion.", "revenue"), []);
  assert.deepEqual(read("Last year's revenue of $3.9 billion was a record.", "revenue"), []);
  // before: "versus last year's $3.9 billion" gave the prior figure and dropped the current one
  assert.deepEqual(
    read("Revenue for the quarter was $4.2 billion versus last year's $3.9 billion.", "revenue"),
    [[4.2e9, null, "USD"]],
  );
  // a comparison's base does not make the current figure a prior one
  assert.deepEqual(read("Revenue, up 12% from a year ago, was $5.0 billion.", "revenue"), [
    [5e9, null, "USD"],
  ]);
  assert.deepEqual(read("Compared with last year, revenue was $4.2 billion.", "revenue"), [
    [4.2e9, null, "USD"],
  ]);
  // "last year" said of something else before the name does not move the figure
  assert.deepEqual(
    read(
      "A continuation of our outperformance last year with record revenue in the quarter of $1.223 billion.",
      "revenue",
    ),
    [[1.223e9, null, "USD"]],
  );
});

Deno.test("audit6: a prior period opening the sentence, a guided figure, a share of revenue", () => {
  // before: $4.1 billion for Q4 (this year's quarter taken)
  assert.deepEqual(
    read("In the fourth quarter of last year, revenue was $4.1 billion.", "revenue"),
    [],
  );
  assert.deepEqual(read("In the fourth quarter, revenue was $4.1 billion.", "revenue"), [
    [4.1e9, null, "USD"],
  ]);
  // before: the guided $5.0 billion was a result, like the actual $5.2 billion
  const guided = hits(
    "Last quarter we guided revenue of $5.0 billion; actual revenue was $5.2 billion.",
    "revenue",
  );
  assert.deepEqual(guided.map((h) => [h.value.number, h.forward_looking, h.qualifier]), [
    [5e9, true, null],
    [5.2e9, false, null],
  ]);
  assert.deepEqual(
    hits("Our prior guidance called for revenue of $5.0 billion.", "revenue").map((h) =>
      h.forward_looking
    ),
    [true],
  );
  // a result measured against the outlook stays a result
  assert.deepEqual(
    hits("Compared with our outlook, revenue was $5.2 billion.", "revenue").map((h) =>
      h.forward_looking
    ),
    [false],
  );
  // before: 35% was International revenue growth
  assert.deepEqual(
    read("International revenue grew to 35% of total revenue.", "revenue_growth"),
    [],
  );
  assert.deepEqual(read("Revenue grew 12% year over year.", "revenue_growth"), [
    [12, null, "percent"],
  ]);
});

Deno.test("audit6: a scaled amount is the exact figure written, not a float's neighbour", () => {
  // before: 4,099,999,999.9999995
  assert.equal(values("Revenue was $4.1 billion.")[0].number, 4.1e9);
  assert.equal(values("Revenue was $0.29 billion.")[0].number, 2.9e8);
  assert.equal(values("Net sales were 4.1 million units.")[0].number, 4.1e6);
});

Deno.test("audit6: every figure carries its own offsets into the text read", () => {
  const prose =
    "Intro line here for the test.\n\nRevenue was 5,2 Mrd. € in the quarter, up 12% year over year. " +
    "Diluted EPS was 45.3p. We expect revenue of 5.0 to 5.2 billion euros next year. " +
    "Free cash flow was at least $600 million in the quarter.";
  const table = [
    "(In millions, except per share data)",
    " | 2023 | 2022",
    "Net sales | $ 383,285 | $ 394,328",
    "Diluted | $ 6.13 | $ 6.11",
  ].join("\n");
  for (const [text, base] of [[prose, 0], [table, 0], [prose, 500]] as const) {
    const got = extractKpis(text, METRICS, base);
    assert.ok(got.length >= 1, JSON.stringify(got));
    // before: a row under no heading said `under "null"`
    for (const h of got) assert.doesNotMatch(h.note ?? "", /"null"/);
    for (const h of got) {
      const at = h.value_start_char! - base;
      assert.equal(text.slice(at, h.value_end_char! - base), h.value.raw, JSON.stringify(h));
      assert.ok(h.value_start_char! >= h.start_char && h.value_end_char! <= h.end_char);
    }
  }
});

Deno.test("audit6: a table row in pence or cents keeps that unit; a footnote letter is no unit", () => {
  const pence = [
    "£m",
    " | 2024 | 2023",
    "Revenue | 1,234 | 1,100",
    "Basic earnings per share (pence) | 45.3 | 40.1",
  ].join("\n");
  // before: 45.3 GBP (a hundred times the figure)
  assert.deepEqual(
    extractKpis(pence, only("eps")).map((h) => [h.value.number, h.value.unit, h.qualifier]),
    [[45.3, "GBp", "Basic"]],
  );
  const cents = [
    "(in millions, except per share amounts)",
    " | 2024 | 2023",
    "Diluted EPS (cents) | $ 45.3 | $ 40.1",
  ].join("\n");
  // before: $45.30 with the qualifier "(cents)"
  assert.deepEqual(
    extractKpis(cents, only("eps")).map((h) => [h.value.number, h.value.unit, h.qualifier]),
    [[45.3, "USD cents", null]],
  );
  // "(c)" is a footnote's letter: the company's net sales, in dollars
  const footnote = ["(In millions)", " | 2024 | 2023", "Net sales (c) | $ 1,234 | $ 1,100"].join(
    "\n",
  );
  assert.deepEqual(
    extractKpis(footnote, only("revenue")).map((h) => [h.value.number, h.value.unit, h.qualifier]),
    [[1_234e6, "USD", null]],
  );
});

Deno.test("audit6: a bare '$' beside amounts in another dollar is marked, not silently US dollars", () => {
  const [h] = hits("Revenue was $5.2 billion and C$1.2 billion in Canada.", "revenue");
  assert.equal(h.value.unit, "USD");
  assert.equal(h.confidence, "low");
  assert.match(
    h.note ?? "",
    /"\$" read as US dollars, but the document states amounts in another dollar \("C\$1\.2"\)/,
  );
  // a currency named in passing (a hedge, a risk) states no amount in it
  const [k] = hits(
    "Revenue was $5.2 billion in the quarter. Our Canadian dollar exposure is hedged.",
    "revenue",
  );
  assert.equal(k.confidence, "high");
  assert.equal(k.note, null);
});
