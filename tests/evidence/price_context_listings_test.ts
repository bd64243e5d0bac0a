/**
 * price.context places items by the clock of the exchange the symbol trades on: Tokyo, London,
 * Sydney and Xetra listings by their local days and regular sessions, a market whose hours are
 * not known by whole local days (warned), an unknown suffix by New York's clock (warned), and a
 * US listing or ADR by New York's, as before. The network is faked here: GDELT answers with
 * articles written for each case, SEC knows only TM's name, Motley Fool has no page.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { listingClock, listingDays, listingTime } from "../../analysis/evidence/timeline.ts";

interface Item {
  date: string;
  relative_day: number;
  evidence_role: string;
  title: string;
  metadata: Record<string, unknown>;
}
interface Data {
  timeline: Item[];
  notes: string[];
  exchange_clock?: Record<string, unknown>;
}

/** A fake network: GDELT lists `seen` (title → ISO instant); the asked URLs are kept. */
function fakeNews(seen: Record<string, string>, urls: string[] = []): typeof fetch {
  const articles = Object.entries(seen).map(([title, at]) => ({
    url: `https://news.example.com/${encodeURIComponent(title)}`,
    url_mobile: "",
    title,
    seendate: at.replace(/[-:]/g, "").replace(/\.\d+/, ""),
    socialimage: "",
    domain: "news.example.com",
    language: "English",
    sourcecountry: "Japan",
  })).sort((a, b) => b.seendate.localeCompare(a.seendate));
  return (input) => {
    const url = String(input instanceof Request ? input.url : input);
    urls.push(url);
    const host = new URL(url).host;
    const json = (body: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
      );
    if (host === "api.gdeltproject.org") return json({ articles });
    // SEC knows Toyota's ADR by its name (its filings are not faked: that source fails)
    if (url.endsWith("/files/company_tickers.json")) {
      return json({ "0": { cik_str: 1094517, ticker: "TM", title: "TOYOTA MOTOR CORP/" } });
    }
    return Promise.resolve(new Response("not found", { status: 404 }));
  };
}

async function context(symbol: string, date: string, seen: Record<string, string>) {
  const urls: string[] = [];
  const env = await envelope<Data>("price.context", {
    symbol,
    date,
    lookback: "3D",
    news_limit: 20,
  }, { fetch: fakeNews(seen, urls), now: `${date}T23:00:00Z` });
  const data = dataOf(env);
  const by = Object.fromEntries(data.timeline.map((t) => [t.title, t]));
  const gdelt = urls.find((u) => u.includes("gdeltproject"))!;
  return { env, data, by, gdelt: new URL(gdelt).searchParams };
}

const placed = (t: Item) => [t.date, t.relative_day, t.evidence_role, t.metadata.session];

Deno.test("7203.T: items are placed by Tokyo days and its 09:00-15:30 session, the ADR TM by New York's", async () => {
  const seen = {
    // 08:30 on the 24th in Tokyo, before the open (18:30 on the 23rd in New York)
    "Toyota pre-open": "2026-02-23T23:30:00Z",
    // 11:00 in Tokyo: during the session (21:00 the evening before in New York)
    "Toyota midday": "2026-02-24T02:00:00Z",
    // 16:00 in Tokyo: after the 15:30 close (02:00 on the 24th in New York, before its open)
    "Toyota after close": "2026-02-24T07:00:00Z",
  };
  const t = await context("7203.T", "2026-02-24", seen);
  assert.deepEqual(placed(t.by["Toyota pre-open"]), ["2026-02-24", 0, "same_day", "pre_market"]);
  assert.deepEqual(placed(t.by["Toyota midday"]), ["2026-02-24", 0, "same_day", "market_hours"]);
  assert.deepEqual(placed(t.by["Toyota after close"]), [
    "2026-02-24",
    0,
    "after_move",
    "after_close",
  ]);
  assert.deepEqual(t.data.exchange_clock, {
    time_zone: "Asia/Tokyo",
    market: "JP",
    suffix: "T",
    regular_session_local: "09:00-15:30",
    placement: "session",
  });
  assert.match(t.data.notes[1], /local days of the JP exchange \(Asia\/Tokyo\)/);
  // GDELT is asked for Tokyo's days 02-21 to 02-27: from 15:00 UTC the day before
  assert.equal(t.gdelt.get("startdatetime"), "20260220150000");
  assert.equal(t.gdelt.get("enddatetime"), "20260227145959");

  // the same instants for Toyota's ADR, which trades in New York: New York's clock, as before
  const adr = await context("TM", "2026-02-24", seen);
  assert.equal(adr.data.exchange_clock, undefined);
  assert.deepEqual(placed(adr.by["Toyota pre-open"]), [
    "2026-02-23",
    -1,
    "before_move",
    "after_close",
  ]);
  assert.deepEqual(placed(adr.by["Toyota after close"]), [
    "2026-02-24",
    0,
    "same_day",
    "pre_market",
  ]);
  assert.match(adr.data.notes[1], /^Dates are New York days:/);
  assert.equal(adr.gdelt.get("startdatetime"), "20260221050000");
});

Deno.test("SHEL.L and BHP.AX: London's 08:00-16:30 and Sydney's 10:00-16:00 sessions, daylight saving included", async () => {
  const l = await context("SHEL.L", "2026-02-24", {
    // 16:45 in London, after its close (11:45 in New York, inside the US session)
    "Shell after close": "2026-02-24T16:45:00Z",
    // 07:30 in London, before its open
    "Shell early": "2026-02-24T07:30:00Z",
  });
  assert.deepEqual(placed(l.by["Shell after close"]), [
    "2026-02-24",
    0,
    "after_move",
    "after_close",
  ]);
  assert.deepEqual(placed(l.by["Shell early"]), ["2026-02-24", 0, "same_day", "pre_market"]);
  assert.equal(l.data.exchange_clock?.regular_session_local, "08:00-16:30");

  // Sydney is UTC+11 in February: 06:30 UTC is 17:30, after the close
  const ax = await context("BHP.AX", "2026-02-24", {
    "BHP after close": "2026-02-24T06:30:00Z",
    // 23:30 UTC on the 23rd is 10:30 on the 24th in Sydney: in the session
    "BHP morning": "2026-02-23T23:30:00Z",
  });
  assert.deepEqual(placed(ax.by["BHP after close"]), [
    "2026-02-24",
    0,
    "after_move",
    "after_close",
  ]);
  assert.deepEqual(placed(ax.by["BHP morning"]), ["2026-02-24", 0, "same_day", "market_hours"]);
  assert.equal(ax.gdelt.get("startdatetime"), "20260220130000"); // 00:00 on the 21st, UTC+11
});

Deno.test("Tokyo closed at 15:00 before 2024-11-05: a 15:10 item on an older move date is after_move", async () => {
  const seen = { "Toyota 15:10": "2024-10-01T06:10:00Z" };
  const old = await context("7203.T", "2024-10-01", seen);
  assert.deepEqual(placed(old.by["Toyota 15:10"]), [
    "2024-10-01",
    0,
    "after_move",
    "after_close",
  ]);
  assert.equal(old.data.exchange_clock?.regular_session_local, "09:00-15:00");
  assert.equal(listingClock("7203.T", "2024-11-05").regular_session_local, "09:00-15:30");
});

Deno.test("SAP.F (Frankfurt floor, hours not known): whole Berlin days, warned; an unknown suffix: New York, warned", async () => {
  const f = await context("SAP.F", "2026-02-24", {
    // 00:30 on the 25th in Berlin (18:30 on the 24th in New York, after its close)
    "SAP late": "2026-02-24T23:30:00Z",
    // 20:00 in Berlin on the move date: same day, no session
    "SAP evening": "2026-02-24T19:00:00Z",
  });
  assert.deepEqual(placed(f.by["SAP late"]), ["2026-02-25", 1, "after_move", null]);
  assert.deepEqual(placed(f.by["SAP evening"]), ["2026-02-24", 0, "same_day", null]);
  assert.equal(f.data.exchange_clock?.placement, "local_days");
  assert.equal(f.data.exchange_clock?.time_zone, "Europe/Berlin");
  assert.ok(
    f.env.warnings.some((w) =>
      /SAP\.F: no regular session hours are known for the \.F market, so items are placed by whole local days in Europe\/Berlin/
        .test(w)
    ),
    f.env.warnings.join("\n"),
  );

  const xc = await context("ABC.XC", "2026-02-24", { "ABC news": "2026-02-24T15:00:00Z" });
  assert.equal(xc.data.exchange_clock?.placement, "new_york_assumed");
  assert.equal(xc.data.exchange_clock?.time_zone, null);
  assert.deepEqual(placed(xc.by["ABC news"]), ["2026-02-24", 0, "same_day", "market_hours"]);
  assert.ok(
    xc.env.warnings.some((w) =>
      /ABC\.XC: the time zone of the exchange it trades on is not known \(no zone is known for the \.XC suffix\), so items are placed by New York days.*may be off/
        .test(w)
    ),
    xc.env.warnings.join("\n"),
  );
});

Deno.test("listing clocks: US listings and ADRs keep New York; local days carry the zone's offset", () => {
  for (const s of ["AAPL", "BRK-B", "TM", "SAP", "BHP"]) {
    const c = listingClock(s, "2026-02-24");
    assert.equal(c.us, true, s);
    assert.equal(c.time_zone, "America/New_York", s);
  }
  assert.equal(listingClock("SAP.DE", "2026-02-24").regular_session_local, "09:00-17:30");
  assert.equal(listingClock("RY.TO", "2026-02-24").time_zone, "America/Toronto");
  assert.equal(listingClock("BTC-USD", "2026-02-24").time_zone, "UTC");
  assert.equal(listingClock("^N225", "2026-02-24").placement, "new_york_assumed");
  // Sydney's clocks go back on 2025-04-06: +11:00 at the start, +10:00 at the end
  assert.deepEqual(listingDays("2025-04-05", "2025-04-07", listingClock("BHP.AX", "2025-04-07")), {
    from: "2025-04-05T00:00:00+11:00",
    to: "2025-04-07T23:59:59+10:00",
  });
  // a bare date has no time, on any clock
  assert.equal(listingTime("2026-02-24", listingClock("7203.T", "2026-02-24")), null);
});
