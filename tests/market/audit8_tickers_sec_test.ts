/**
 * SEC's ticker map was searched by the symbol, then by its first "." turned into "-": a foreign
 * listing in Yahoo's spelling then found the US filer whose share class has those letters,
 * MKC.V (a TSX Venture listing) McCormick's voting class MKC-V, T.PA (Paris) AT&T's preferred
 * T-PA, and news, filings and IR answered with that company's name and documents.
 * `findSecTicker` reads the symbol as the symbol parser does: a class however written is that
 * class, a foreign listing is refused with the US ticker to give, an index or pair has no filer.
 */
import assert from "node:assert/strict";
import { findSecTicker, type SecTickerRow } from "../../providers/filings_a/edgar.ts";

const SEC = new Map<string, SecTickerRow>([
  ["BRK-A", { cik: 1067983, title: "BERKSHIRE HATHAWAY INC" }],
  ["BRK-B", { cik: 1067983, title: "BERKSHIRE HATHAWAY INC" }],
  ["MKC", { cik: 63754, title: "MCCORMICK & CO INC" }],
  ["MKC-V", { cik: 63754, title: "MCCORMICK & CO INC" }],
  ["T", { cik: 732717, title: "AT&T INC." }],
  ["T-PA", { cik: 732717, title: "AT&T INC." }],
  ["SHEL", { cik: 1306965, title: "Shell plc" }],
  ["BAC-PL", { cik: 70858, title: "BANK OF AMERICA CORP /DE/" }],
]);
const LIST = "https://www.sec.gov/files/company_tickers.json";
const sec = (s: string) => findSecTicker(SEC, s, LIST);

Deno.test("SEC ticker lookup: share classes however written, each its own class", () => {
  for (const typed of ["BRK.B", "brk/b", "BRK-B", " brk.b ", "BRK B"]) {
    assert.deepEqual(sec(typed), { hit: SEC.get("BRK-B"), ticker: "BRK-B" }, typed);
  }
  assert.deepEqual(sec("BRK.A"), { hit: SEC.get("BRK-A"), ticker: "BRK-A" });
  assert.deepEqual(sec("BAC.PL"), { hit: SEC.get("BAC-PL"), ticker: "BAC-PL" });
  const bare = sec("BRK");
  assert.ok("error" in bare);
  assert.match(bare.error, /share classes BRK-A, BRK-B: give the one you mean/);
});

Deno.test("SEC ticker lookup: a foreign listing is never another filer's US ticker", () => {
  // the client's old lookup tried MKC.V as MKC-V and T.PA as T-PA: McCormick's voting class and
  // AT&T's preferred shares answered for a TSX Venture and a Paris listing
  const mkc = sec("MKC.V");
  assert.ok("error" in mkc);
  assert.match(
    mkc.error,
    /non-US exchange \(suffix \.V\).*for the US share class MKC-V .*write MKC-V/,
  );
  const t = sec("T.PA");
  assert.ok("error" in t);
  assert.match(t.error, /non-US exchange \(suffix \.PA\).*give T if that is the company/);
  const shel = sec("SHEL.L");
  assert.ok("error" in shel);
  assert.match(shel.error, /SEC lists the US ticker SHEL as "Shell plc" \(CIK 1306965\)/);
  for (const other of ["^GSPC", "EURUSD=X", "GC=F", "BTC-USD", "7203.T", "0700.HK"]) {
    const r = sec(other);
    assert.ok("error" in r, other);
    assert.match(r.error, /files nothing with SEC|non-US exchange/, other);
  }
});

Deno.test("SEC ticker lookup: a map of another row shape (company_ir's) reads the same way", () => {
  type Company = { cik: string; name: string; ticker: string };
  const map = new Map<string, Company>([
    ["MKC", { cik: "63754", name: "MCCORMICK & CO INC", ticker: "MKC" }],
    ["MKC-V", { cik: "63754", name: "MCCORMICK & CO INC", ticker: "MKC-V" }],
    ["BF-B", { cik: "14693", name: "BROWN FORMAN CORP", ticker: "BF-B" }],
  ]);
  const label = (c: Company) => `"${c.name}" (CIK ${c.cik})`;
  const bf = findSecTicker(map, "bf/b", LIST, label);
  assert.ok("hit" in bf && bf.hit.ticker === "BF-B");
  const mkc = findSecTicker(map, "MKC.V", LIST, label);
  assert.ok("error" in mkc);
  assert.match(mkc.error, /MKC-V of "MCCORMICK & CO INC" \(CIK 63754\), write MKC-V/);
});
