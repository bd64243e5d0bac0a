/**
 * KPI figures as spoken on a call: a figure the speaker takes back ("8% -- sorry, 16%") is not
 * theirs; a raised guidance midpoint and what a plan "would deliver" are outlooks, not results;
 * "mid-70%" is a band, no figure of -70. Conformance reads ECTSum's Equifax call (Motley Fool).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, SHARED, sharedOrSkip } from "../_helpers.ts";
import { extractKpis, METRICS } from "../../analysis/evidence/kpi.ts";
import { values } from "../../analysis/evidence/kpi_values.ts";

const kpis = (s: string) => extractKpis(s, METRICS);

Deno.test("a figure the speaker takes back is dropped for the one said after it", () => {
  const s =
    "Non-mortgage revenue of $240 million grew almost 8% -- sorry, 16% with organic growth.";
  assert.deepEqual(values(s).map((v) => v.raw), ["$240 million", "16%"]);
  const growth = kpis(s).filter((h) => h.metric === "revenue_growth");
  assert.deepEqual(growth.map((h) => h.value.number), [16]);
  assert.deepEqual(
    values("Revenue was $5.1 billion, I mean $5.2 billion, up 8%.").map((v) => v.raw),
    ["$5.2 billion", "8%"],
  );
  // two figures side by side with no retraction both stand
  assert.deepEqual(values("Revenue grew 8%, 3% organically.").map((v) => v.raw), ["8%", "3%"]);
  // a retraction between figures of different kinds takes back neither
  assert.deepEqual(
    values("Revenue was $5.1 billion -- sorry, up 8%.").map((v) => v.raw),
    ["$5.1 billion", "8%"],
  );
});

Deno.test("a raised guidance midpoint and what a plan would deliver are outlooks", () => {
  const eps = kpis("And we also raised our midpoint earnings per share by $0.22 to $7.57 per year.")
    .find((h) => h.metric === "eps")!;
  assert.equal(eps.value.number, 7.57);
  assert.equal(eps.forward_looking, true);
  const plan = kpis(
    "Revenue growth of 8% at our 2021 EBITDA margins of about 33.8% would deliver 11% growth in adjusted EPS.",
  ).find((h) => h.metric === "revenue_growth")!;
  assert.equal(plan.forward_looking, true);
  // "would have been" restates a result without an item: still a result
  const fx = kpis("Excluding currency, revenue would have been $5.3 billion, up 9%.")
    .find((h) => h.metric === "revenue")!;
  assert.equal(fx.forward_looking, false);
});

Deno.test("'mid-70%' gives no gross margin of -70%", () => {
  const rows = kpis("For the full year, we expect gross margins to be in the mid-70% range.");
  assert.ok(!rows.some((h) => h.value.number < 0), JSON.stringify(rows));
});

Deno.test({
  name: "conformance: ECTSum's Equifax Q3 2021 call: the corrected 16%, the raised EPS midpoint",
  ignore: !SHARED,
  async fn() {
    const root = sharedOrSkip("Equifax transcript KPI conformance");
    if (!root) return;
    const url = join(root, "transcripts", "ectsum-motley-fool-text", "EFX_q3_2021.txt");
    const env = await envelope<{
      kpis: {
        metric: string;
        value: { number: number; raw: string };
        forward_looking: boolean;
        sentence: string;
        start_char: number;
        end_char: number;
      }[];
    }>("kpi.extract", { symbol: "EFX", source: url, limit: 200 }, {
      env: { FINANCE_DOCUMENT_ROOTS: root },
    });
    const rows = dataOf(env).kpis;
    const corrected = rows.filter((r) => r.sentence.includes("grew almost 8% -- sorry, 16%"));
    assert.ok(corrected.length > 0);
    assert.ok(!corrected.some((r) => r.value.number === 8), JSON.stringify(corrected));
    assert.ok(corrected.some((r) => r.metric === "revenue_growth" && r.value.number === 16));
    const midpoint = rows.find((r) =>
      r.metric === "eps" && r.sentence.startsWith("And we also raised our midpoint")
    )!;
    assert.equal(midpoint.value.number, 7.57);
    assert.equal(midpoint.forward_looking, true);
    const text = dataOf(
      await envelope<{ text: string }>("transcripts.read", { url, max_chars: 0 }, {
        env: { FINANCE_DOCUMENT_ROOTS: root },
      }),
    ).text;
    for (const r of rows) assert.equal(text.slice(r.start_char, r.end_char), r.sentence);
  },
});

Deno.test("a margin that moved by basis points is said to be a change, not the margin", () => {
  const moved = kpis("Operating margin expanded 80 basis points.")[0];
  assert.equal(moved.value.unit, "percentage_points");
  assert.equal(moved.value.number, 0.8);
  assert.match(moved.note!, /a change of the operating margin in percentage points/);
  // beside the level, the level is the figure and no such note is given
  const level = kpis("Gross margin was 45.2%, up 120 bps year over year.")[0];
  assert.equal(level.value.number, 45.2);
  assert.ok(!level.note?.includes("percentage points"));
});

Deno.test("a year-ago figure named by its period's adjective is not the current figure", () => {
  for (
    const s of [
      "Prior year revenue was $4.5 billion.",
      "Prior-year quarter gross margin was 40%.",
      "Year-ago revenue of $4.5 billion included a one-time item.",
    ]
  ) assert.deepEqual(kpis(s), [], s);
  // the comparison's base after the current figure leaves the current figure in place
  const now = kpis("Revenue was $5.0 billion, up 11% over the prior year.");
  assert.deepEqual(now.map((h) => h.value.raw), ["$5.0 billion", "11%"]);
});

Deno.test("the high end of a guidance range is the guidance's, never the quarter's result", () => {
  const rows = kpis(
    "Revenue came in at the high end of our guidance range of $4.8 billion to $5.0 billion.",
  );
  assert.ok(
    !rows.some((h) => h.metric === "revenue" && !h.forward_looking),
    JSON.stringify(rows),
  );
  // a result stated beside its guidance is still the result
  const beat = kpis(
    "Revenue of $5.0 billion exceeded the high end of our guidance of $4.9 billion.",
  );
  assert.deepEqual(beat.map((h) => [h.value.raw, h.forward_looking]), [["$5.0 billion", false]]);
});
