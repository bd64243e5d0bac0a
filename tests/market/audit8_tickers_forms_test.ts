/**
 * One reading of a symbol for every command and provider. A `ticker()` argument took BRK-B and
 * brk.b but refused BRK/B and "RDS A", and passed brk.b on as "BRK.B" (Yahoo's and SEC's
 * spelling is BRK-B), 700.HK as "700.HK" (Yahoo's 0700.HK) and 5930.KS as "5930.KS" (005930.KS)
 * to commands that do not map symbols themselves (transcripts, filings, sources.test,
 * research.plan). Now the argument is the canonical (Yahoo) spelling however it was typed, the
 * CLI's pure path reads it the same way, and Stooq spells any accepted form its own way (BRK.B
 * was refused as a ".B market"). SEC's side: audit8_tickers_sec_test.ts.
 */
import assert from "node:assert/strict";
import { collectParseNotes, ticker } from "../../core/schema.ts";
import { readArgs } from "../../adapters/pure.ts";
import { stooqSymbol } from "../../providers/stooq/client.ts";
import { dataOf, run } from "../_helpers.ts";
import { type FakeLog, fakeMarket } from "./_fake.ts";

const read = (text: string) => {
  const { value, notes } = collectParseNotes(() => ticker().safeParse(text));
  return { value: value.success ? value.data : null, notes, error: value.error?.issues[0].message };
};

const FORMS: [string, string][] = [
  ["BRK.B", "BRK-B"],
  ["BRK-B", "BRK-B"],
  ["BRK/B", "BRK-B"],
  ["brk.b", "BRK-B"],
  ["  brk/b ", "BRK-B"],
  ["BF.B", "BF-B"],
  ["SHEL.L", "SHEL.L"],
  ["7203.T", "7203.T"],
  ["0700.HK", "0700.HK"],
  ["700.HK", "0700.HK"],
  ["00700.HK", "0700.HK"],
  ["09988.HK", "9988.HK"],
  ["700.hk", "0700.HK"],
  ["005930.KS", "005930.KS"],
  ["5930.KS", "005930.KS"],
  ["600519.SS", "600519.SS"],
  ["600519.SH", "600519.SS"],
  ["000001.SZ", "000001.SZ"],
  ["1.SZ", "000001.SZ"],
  ["RELIANCE.NS", "RELIANCE.NS"],
  ["BHP.AX", "BHP.AX"],
  ["MC.PA", "MC.PA"],
  ["SAP.DE", "SAP.DE"],
  ["NESN.SW", "NESN.SW"],
  ["RY.TO", "RY.TO"],
  ["SHOP.TO", "SHOP.TO"],
  ["RCI/B.TO", "RCI-B.TO"],
  ["^GSPC", "^GSPC"],
  ["^vix", "^VIX"],
  ["^TNX", "^TNX"],
  ["ES=F", "ES=F"],
  ["gc=f", "GC=F"],
  ["EURUSD=X", "EURUSD=X"],
  ["eur/usd", "EURUSD=X"],
  ["BTC-USD", "BTC-USD"],
  ["btc/usd", "BTC-USD"],
  ["aapl.us", "AAPL"],
  ["DX-Y.NYB", "DX-Y.NYB"],
  ["0P000071W8.TO", "0P000071W8.TO"],
];

Deno.test("ticker(): every way of writing a listing reads as its canonical spelling", () => {
  for (const [typed, canonical] of FORMS) {
    const r = read(typed);
    assert.equal(r.value, canonical, `${typed}: ${r.error}`);
    assert.deepEqual(r.notes, [], typed);
  }
});

Deno.test("ticker(): a class after a space is read with a note; terminal spellings get the listing", () => {
  const rds = read("RDS A");
  assert.equal(rds.value, "RDS-A");
  assert.match(rds.notes.join(), /read the symbol "RDS A" as the share class RDS-A/);
  for (
    const [typed, hint] of [
      ["SHEL LN", "SHEL.L"],
      ["700 HK", "0700.HK"],
      ["BRK/B US Equity", "BRK-B"],
      ["7203 JT", "7203.T"],
    ]
  ) {
    const r = read(typed);
    assert.equal(r.value, null, typed);
    assert.match(
      String(r.error),
      new RegExp(`write the listing as ${hint.replace(/[.^]/g, "\\$&")}$`),
    );
  }
  assert.match(String(read("NYSE:BRK.B").error), /without the exchange prefix.*\(BRK-B for a US/);
  // junk and several symbols stay refused
  for (const junk of ["AAPL MSFT", "..", "BRK//B", "/B", "M&M.NS", "a/../b"]) {
    assert.equal(read(junk).value, null, junk);
  }
});

Deno.test("the CLI's pure path reads a ticker as the schema does", () => {
  const entry = {
    usage: "",
    positional: ["symbol"],
    module: "",
    export: "",
    args: { symbol: { kind: "ticker" as const, required: true } },
  };
  for (const [typed, canonical] of [...FORMS, ["RDS A", "RDS-A"]]) {
    const notes: string[] = [];
    const args = readArgs(entry, { symbol: typed }, notes);
    assert.equal(args?.symbol, canonical, typed);
    assert.deepEqual(notes, read(typed).notes, typed);
  }
  assert.equal(readArgs(entry, { symbol: "SHEL LN" }, []), null);
});

Deno.test("research.plan (a pure calculator) names BRK/B and brk.b as BRK-B in its commands", async () => {
  for (const typed of ["BRK/B", "brk.b"]) {
    const { envelope } = await run("research.plan", { symbol: typed });
    const d = dataOf(envelope) as { symbol: string };
    assert.equal(d.symbol, "BRK-B", typed);
    assert.doesNotMatch(JSON.stringify(d), /BRK[./]B/, typed);
  }
});

Deno.test("sources.test asks Yahoo and Stooq for brk.b in their own spellings", async () => {
  const log: FakeLog = { urls: [], posts: [] };
  await run("sources.test", { source: "market_a", symbol: "brk.b" }, { fetch: fakeMarket(log) });
  await run("sources.test", { source: "stooq", symbol: "BRK/B" }, { fetch: fakeMarket(log) });
  const paths = log.urls.map((u) => new URL(u)).filter((u) => u.host !== "finance.yahoo.com");
  assert.ok(paths.some((u) => u.pathname.endsWith("/v8/finance/chart/BRK-B")), log.urls.join());
  assert.ok(paths.some((u) => u.searchParams.get("s") === "brk-b.us"), log.urls.join());
  assert.ok(!log.urls.some((u) => /brk\.b|brk%2Fb|brk\/b/i.test(u)), log.urls.join());
});

Deno.test("sources.test source=stooq SHEL.L asks Stooq for shel.uk, not shel.l.us", async () => {
  const log: FakeLog = { urls: [], posts: [] };
  await run("sources.test", { source: "stooq", symbol: "SHEL.L" }, { fetch: fakeMarket(log) });
  const stooq = log.urls.map((u) => new URL(u)).filter((u) => u.host === "stooq.com");
  assert.ok(stooq.length > 0, log.urls.join());
  for (const u of stooq) assert.equal(u.searchParams.get("s"), "shel.uk");
});

Deno.test("market.quote brk/b asks Yahoo for BRK-B", async () => {
  const log: FakeLog = { urls: [], posts: [] };
  const { envelope } = await run("market.quote", { symbol: "brk/b" }, { fetch: fakeMarket(log) });
  const asked = log.urls.map((u) => new URL(u)).filter((u) => u.pathname === "/v7/finance/quote");
  assert.ok(asked.length > 0, JSON.stringify(envelope));
  for (const u of asked) assert.equal(u.searchParams.get("symbols"), "BRK-B");
});

Deno.test("stooqSymbol: any accepted form in Stooq's spelling; what it lacks names market_a", () => {
  for (
    const [typed, stooq] of [
      ["BRK.B", "brk-b.us"],
      ["brk/b", "brk-b.us"],
      ["BRK-B", "brk-b.us"],
      ["700.HK", "700.hk"],
      ["00700.HK", "700.hk"],
      ["SHEL.L", "shel.uk"],
      ["7203.T", "7203.jp"],
      ["^SPX", "^spx"],
      ["eur/usd", "eurusd"],
    ]
  ) {
    assert.equal(stooqSymbol(typed), stooq, typed);
  }
  for (const missing of ["^VIX", "^TNX", "RY.TO", "005930.KS"]) {
    assert.throws(() => stooqSymbol(missing), /stooq cannot serve .*provider=market_a/, missing);
  }
});
