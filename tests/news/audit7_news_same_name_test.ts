/**
 * Another company of the same name: a search for Merck & Co (MRK) by its name "Merck" finds
 * Merck KGaA's news too, which was listed as MRK's. A title naming the name with a foreign legal
 * form the company's own name does not carry is marked other_company_in_title, with a warning.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { fakeGdelt } from "./_fake.ts";
import { otherCompanyInTitle } from "../../providers/news/gdelt_titles.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const NOW = "2026-11-27T12:00:00Z";
const TICKERS = {
  "0": { cik_str: 310158, ticker: "MRK", title: "Merck & Co., Inc." },
  "1": { cik_str: 1707925, ticker: "LIN", title: "LINDE PLC" },
};
const art = (n: number, title: string) => ({
  url: `https://news.example/markets/story-${n}`,
  title,
  seendate: "20261127T081500Z",
  domain: "news.example",
  language: "English",
  sourcecountry: "United States",
});

Deno.test("news.search symbol=MRK: Merck KGaA's news is marked as another company's", async () => {
  const net = fakeGdelt({
    articles: [
      art(1, "Merck KGaA raises 2026 outlook on electronics demand"),
      art(2, "Merck shares rise after Keytruda data"),
    ],
  }, TICKERS);
  for (const command of ["news.search", "news.analyze"]) {
    const env = await envelope(command, {
      symbol: "MRK",
      ...(command === "news.analyze" ? { analysis: "context" } : {}),
    }, { fetch: net.fetch, now: NOW });
    const data = dataOf<Any>(env);
    const byTitle = Object.fromEntries(
      data.articles.map((a: Any) => [a.title, a.other_company_in_title ?? null]),
    );
    assert.equal(byTitle["Merck KGaA raises 2026 outlook on electronics demand"], "Merck KGaA");
    assert.equal(byTitle["Merck shares rise after Keytruda data"], null);
    assert.equal(data.count, 2, "marked, not dropped");
    assert.ok(
      env.warnings.some((w) =>
        /1 of the 2 articles name another company of the same name in their title \(Merck KGaA\), not Merck & Co\., Inc\./
          .test(w)
      ),
      `${command}: ${env.warnings.join(" | ")}`,
    );
  }
});

Deno.test("otherCompanyInTitle: the company's own legal form is not another company", () => {
  assert.equal(otherCompanyInTitle("Linde plc beats estimates", "LINDE", "LINDE PLC"), null);
  assert.equal(otherCompanyInTitle("Linde AG legacy suit", "LINDE", "LINDE PLC"), "Linde AG");
  assert.equal(otherCompanyInTitle("Nestle S.A. results", "Nestle", "Nestle Inc"), "Nestle SA");
  // an SE is the company it was converted from (SAP AG became SAP SE in 2014); KGaA is not a
  // form an SE converts from
  assert.equal(otherCompanyInTitle("SAP AG legacy licence suit", "SAP", "SAP SE"), null);
  assert.equal(otherCompanyInTitle("Allianz AG shares", "Allianz", "ALLIANZ SE"), null);
  assert.equal(otherCompanyInTitle("Merck KGaA wins", "Merck", "Merck SE"), "Merck KGaA");
  // a lower-case word after the name is no legal form
  assert.equal(otherCompanyInTitle("Why Merck as a stock", "Merck", "Merck & Co., Inc."), null);
  assert.equal(otherCompanyInTitle(null, "Merck", "Merck & Co., Inc."), null);
});
