/**
 * A filer SEC's ticker list leaves out (delisted, merged, never listed) is named by its CIK in
 * filings.recent, filings.facts, filings.history and the single-filing commands; an unknown ticker
 * says what each command takes instead (never "pass accession=" to a command without one); and
 * forms=10-K counts the 10-KSB and 10-K405 reports it leaves out. Against a fake SEC serving a
 * made-up company, then the real CARBO Ceramics recording in ../shared (skipped when absent).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, SHARED, sharedOrSkip } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const CIK = 7700011;
const PADDED = String(CIK).padStart(10, "0");
const TICKERS = "https://www.sec.gov/files/company_tickers.json";

/** Filings of a small company that filed 10-KSBs before 10-Ks (newest first, as SEC lists). */
const FILINGS = [
  ["0007700011-10-000002", "10-K", "2010-03-25", "2009-12-31", "ramp-10k2009.htm"],
  ["0007700011-09-000003", "10-KSB", "2009-03-20", "2008-12-31", "ramp-10ksb2008.htm"],
  ["0007700011-08-000001", "10-KSB/A", "2008-05-02", "2007-12-31", "ramp-10ksba2007.htm"],
  ["0007700011-08-000004", "10-KSB", "2008-03-21", "2007-12-31", "ramp-10ksb2007.htm"],
  ["0007700011-02-000001", "10-KSB405", "2002-03-28", "2001-12-31", "ramp-10ksb405.txt"],
  ["0007700011-01-000009", "10-QSB", "2001-11-13", "2001-09-30", "ramp-10qsb.txt"],
];

const submissions = {
  cik: PADDED,
  name: "RAMPART TOOL CORP",
  tickers: [],
  filings: {
    recent: {
      accessionNumber: FILINGS.map((f) => f[0]),
      form: FILINGS.map((f) => f[1]),
      filingDate: FILINGS.map((f) => f[2]),
      reportDate: FILINGS.map((f) => f[3]),
      acceptanceDateTime: FILINGS.map((f) => `${f[2]}T16:02:11.000Z`),
      primaryDocument: FILINGS.map((f) => f[4]),
      primaryDocDescription: FILINGS.map((f) => f[1]),
      items: FILINGS.map(() => ""),
    },
    files: [],
  },
};

/** A fake SEC: the ticker list (without this company) and its submissions; 404 otherwise. */
const sec: typeof fetch = (input) => {
  const url = String(input instanceof Request ? input.url : input);
  const json = (body: unknown) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
    );
  if (url === TICKERS) {
    return json({ "0": { cik_str: 320193, ticker: "AAPL", title: "Apple Inc." } });
  }
  if (url === `https://data.sec.gov/submissions/CIK${PADDED}.json`) return json(submissions);
  return Promise.resolve(new Response("not found", { status: 404 }));
};
const opts = { fetch: sec };

Deno.test("filings.recent: a CIK names a company SEC's ticker list leaves out", async () => {
  for (const symbol of [String(CIK), `CIK${PADDED}`, PADDED]) {
    const d = dataOf<Any>(await envelope("filings.recent", { symbol }, opts));
    assert.equal(d.cik, PADDED, symbol);
    assert.equal(d.company_name, "RAMPART TOOL CORP", symbol);
    assert.equal(d.count, FILINGS.length, symbol);
  }
  // a CIK SEC has no filer for is refused naming the CIK and the URL, not "ticker not in list"
  const none = await envelope("filings.recent", { symbol: "7700012" }, opts);
  assert.equal(none.ok, false);
  assert.equal(none.data, null);
  assert.match(none.error!, /symbol 7700012 reads as CIK 7700012, and SEC has no filer/);
  assert.match(none.error!, /data\.sec\.gov\/submissions\/CIK0007700012\.json/);
});

Deno.test("an unknown ticker says what the command takes: a CIK, or accession=/url= for one filing", async () => {
  for (const command of ["filings.recent", "filings.facts", "filings.history"]) {
    const args: Record<string, unknown> = { symbol: "RMPT" };
    if (command === "filings.facts") args.concept = "revenue";
    const env = await envelope(command, args, opts);
    assert.equal(env.ok, false, command);
    assert.match(env.error!, /ticker RMPT is not in SEC's company_tickers\.json/, command);
    assert.match(env.error!, /give the company's SEC CIK as symbol/, command);
    // these commands take no accession= or url=: the error must not send the caller there
    assert.doesNotMatch(env.error!, /accession=|url=/, command);
  }
  const one = await envelope("filings.sections", { symbol: "RMPT" }, opts);
  assert.equal(one.ok, false);
  assert.match(one.error!, /pass accession= or url= of the filing, or the company's SEC CIK/);
});

Deno.test("filings.recent forms=10-K counts the 10-KSB and 10-KSB405 reports it leaves out", async () => {
  const env = await envelope<Any>("filings.recent", { symbol: String(CIK), forms: "10-K" }, opts);
  const d = dataOf<Any>(env);
  assert.deepEqual(d.filings.map((f: Any) => f.form), ["10-K"]);
  const note = env.warnings.find((w: string) => w.startsWith("forms= matches form types exactly"));
  assert.ok(note, env.warnings.join("; "));
  assert.match(note!, /2 10-KSB, 1 10-KSB405 filing\(s\)/);
  assert.match(note!, /10-KSB and 10-QSB a small business's annual and quarterly reports/);
  // an amendment is counted only for the amended form asked for; a 10-QSB never for 10-K
  assert.doesNotMatch(note!, /10-KSB\/A|10-QSB filing/);
  const amended = await envelope<Any>(
    "filings.recent",
    { symbol: String(CIK), forms: "10-K/A" },
    opts,
  );
  assert.ok(amended.warnings.some((w: string) => /1 10-KSB\/A filing\(s\)/.test(w)));
  // asked for by its own name, a 10-KSB405 is a 10-KSB's older name
  const ksb = await envelope<Any>("filings.recent", { symbol: String(CIK), forms: "10-KSB" }, opts);
  assert.deepEqual(dataOf<Any>(ksb).filings.map((f: Any) => f.filed_at), [
    "2009-03-20",
    "2008-03-21",
  ]);
  assert.ok(ksb.warnings.some((w: string) => /1 10-KSB405 filing\(s\)/.test(w)));
});

Deno.test({
  name: "conformance: CARBO Ceramics (no ticker in SEC's list) by CIK: its 10-Ks and 10-K405s",
  ignore: !SHARED,
  fn: async () => {
    if (!sharedOrSkip("SEC conformance")) return;
    const replay = { replay: [join(SHARED!, "cassettes", "sec")] };
    const env = await envelope<Any>(
      "filings.recent",
      { symbol: "1009672", forms: "10-K", limit: 100 },
      replay,
    );
    const d = dataOf<Any>(env);
    assert.equal(d.company_name, "CARBO CERAMICS INC");
    assert.equal(d.cik, "0001009672");
    assert.ok(d.filings.every((f: Any) => f.form === "10-K"));
    // the FY2017 10-K of the shared recording, and the 1990s ones from the older page
    assert.ok(d.filings.some((f: Any) => f.accession_no === "0001564590-18-004771"));
    assert.ok(d.filings.some((f: Any) => f.filed_at < "1999-01-01"));
    // its three 10-K405s (1999-2001, on the older page) are counted, not silently dropped
    assert.ok(
      env.warnings.some((w: string) => /3 10-K405 filing\(s\)/.test(w)),
      env.warnings.join("; "),
    );
    // and its 10-K read by CIK and accession (a filing agent's accession number)
    const s = dataOf<Any>(
      await envelope(
        "filings.sections",
        { symbol: "CIK0001009672", accession: "0001564590-18-004771" },
        replay,
      ),
    );
    assert.equal(s.filing.company, "CARBO CERAMICS INC");
    assert.ok(s.item_ids.includes("part_ii_item_7"));
  },
});
