/**
 * price.context --output text laid a filing and a news item out in the same columns: the news
 * row showed the filing's citation.accession_no, filed_at and acceptance time as "—", and its
 * own citation (domain, first seen) fell under "fields not shown". Each item now shows its own
 * citation (and metadata) on one line.
 */
import assert from "node:assert/strict";
import { viewBlocks } from "../../adapters/views/index.ts";
import { blocksText } from "../../adapters/views/text.ts";

const FILING_URL = "https://www.sec.gov/Archives/edgar/data/9999001/000999900126000007/x.htm";
const NEWS_URL = "https://www.example-news.com/software/example-software-investor-day-date";

/** price.context's data for a filing and a news item on the day before the move. */
const data = {
  symbol: "EXSW",
  target_date: "2026-02-26",
  lookback: "3D",
  lookback_days: 3,
  start_date: "2026-02-23",
  end_date: "2026-03-01",
  count: 2,
  timeline: [
    {
      date: "2026-02-25",
      relative_day: -1,
      evidence_role: "before_move",
      source_type: "filing",
      title: "8-K filed (items 2.02, 9.01)",
      url: FILING_URL,
      citation: {
        accession_no: "0009999001-26-000007",
        url: FILING_URL,
        filed_at: "2026-02-25",
        acceptance_datetime_eastern: "2026-02-25T16:05:40.000-05:00",
        accepted_at_utc: "2026-02-25T21:05:40.000Z",
      },
      metadata: {
        form: "8-K",
        accession_no: "0009999001-26-000007",
        report_date: "2026-02-25",
        items: ["2.02", "9.01"],
        session: "after_close",
      },
    },
    {
      date: "2026-02-25",
      relative_day: -1,
      evidence_role: "before_move",
      source_type: "news",
      title: "Example Software sets investor day for March 5",
      url: NEWS_URL,
      citation: {
        url: NEWS_URL,
        domain: "example-news.com",
        first_seen_at: "2026-02-25T21:30:00Z",
        published_at: "2026-02-25T21:30:00Z",
        provider: "gdelt",
      },
      metadata: {
        domain: "example-news.com",
        source_country: "United States",
        language: "English",
        published_at: "2026-02-25T21:30:00Z",
        session: "after_close",
      },
    },
  ],
  sources: [],
  notes: [],
};

Deno.test("price.context text: a news row shows its own citation, not a filing's empty one", () => {
  const text = blocksText(viewBlocks(data, "context"), 200).join("\n");
  const [filing, news] = text.split(/\n\n(?=date:)/).filter((b) => /source_type:/.test(b));
  assert.match(news, /source_type: +news/);
  assert.match(
    news,
    /citation: +example-news\.com · first seen 2026-02-25 21:30:00 UTC · via gdelt/,
  );
  assert.doesNotMatch(news, /accession|filed|—/);
  assert.match(news, /metadata: +source country United States · language English/);
  assert.match(
    filing,
    /citation: +accession 0009999001-26-000007 · filed 2026-02-25 · accepted 2026-02-25 16:05:40 -05:00/,
  );
  assert.match(filing, /metadata: +form 8-K · report date 2026-02-25 · items 2\.02, 9\.01/);
  assert.doesNotMatch(text, /fields not shown/);
  // the URLs stay whole, each once per item
  assert.equal(text.split(NEWS_URL).length - 1, 1);
  assert.equal(text.split(FILING_URL).length - 1, 1);
});
