/**
 * The library as a notebook uses it, where nothing is type-checked: an options object or a
 * session() call written wrong must fail with a message naming the fix, never be dropped in
 * silence (a misspelt `replay` used to send the call to the live providers; a misspelt
 * `timeoutMs` ran it with no time limit; an empty replay folder went live too).
 */
import assert from "node:assert/strict";
import { PAGE, pageCassette } from "./_page_cassette.ts";
import { closeSessions, finance, type FinanceOptions, session } from "../../mod.ts";

const CAGR = { start: 100, end: 150, periods: 3 };
/** A finance() that takes anything, as untyped notebook code calls it. */
const untyped = finance as unknown as (
  command: string,
  args?: unknown,
  options?: unknown,
) => ReturnType<typeof finance>;

Deno.test("audit8 library: a misspelt option is refused with the name meant, not ignored", async () => {
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ replays: "/tmp/x" }, /unknown option `replays`; did you mean `replay`\?/],
    [{ timeout: 5000 }, /unknown option `timeout`; did you mean `timeoutMs`\?/],
    [{ cassette: "/tmp/x" }, /unknown option `cassette`; did you mean `replay`\?/],
    [{ Now: "2024-01-01" }, /unknown option `Now`; did you mean `now`\?/],
    [{ verbose: true }, /unknown option `verbose` \(options: replay, record, now, timeoutMs\)/],
  ];
  for (const [options, message] of cases) {
    const r = await untyped("formula.cagr", CAGR, options);
    assert.equal(r.ok, false, `${JSON.stringify(options)} was accepted`);
    assert.match(r.error ?? "", message);
    assert.equal(r.data, null);
  }
  // the right names still work, undefined values included (`{ replay: rec?.replay }`)
  const fine = await finance("formula.cagr", CAGR, { replay: undefined, timeoutMs: 5000 });
  assert.equal(fine.ok, true, fine.ok ? "" : fine.error);
});

Deno.test("audit8 library: an empty replay, record or now is refused, not taken as 'go live'", async () => {
  const dir = await pageCassette("Revenue was 42 million.", "finance_audit8_options_");
  try {
    for (const replay of ["", "  ", [], [""]]) {
      const r = await untyped("document.read", { source: PAGE }, { replay });
      assert.equal(r.ok, false, `replay ${JSON.stringify(replay)} was accepted`);
      assert.match(r.error ?? "", /options\.replay names no cassette folder/);
    }
    const record = await untyped("formula.cagr", CAGR, { record: "" });
    assert.match(record.error ?? "", /options\.record is empty/);
    // a list with one real folder replays from it
    const ok = await finance("document.read", { source: PAGE }, { replay: [dir, ""] });
    assert.equal(ok.ok, true, ok.ok ? "" : ok.error);
  } finally {
    closeSessions();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("audit8 library: options.now must be a real ISO date; a Date object is named", async () => {
  for (const now of ["yesterday", "2024-13-01", "2024-02-30", "1", "24/06/2024"]) {
    const r = await untyped("formula.cagr", CAGR, { now });
    assert.equal(r.ok, false, `now=${now} was accepted`);
    assert.match(
      r.error ?? "",
      /options\.now must be an ISO date or date-time such as "2024-06-28"/,
    );
  }
  const date = await untyped("formula.cagr", CAGR, { now: new Date("2024-06-28") });
  assert.match(
    date.error ?? "",
    /options\.now must be text, not a Date; pass now\.toISOString\(\)/,
  );
  for (const now of ["2024-06-28", "2024-06-28T21:00:00Z", "2024-06-28T21:00:00.000+02:00"]) {
    const r = await finance("formula.cagr", CAGR, { now });
    assert.equal(r.ok, true, `${now}: ${r.ok ? "" : r.error}`);
  }
  closeSessions();
});

Deno.test("audit8 library: session() given something other than an options object says so on each call", async () => {
  const make = session as unknown as (options: unknown) => ReturnType<typeof session>;
  for (const bad of ["tests/fixtures/filings/cassette", null, ["a"], 5]) {
    const run = make(bad);
    const r = await run("formula.cagr", CAGR);
    assert.equal(r.ok, false, `session(${JSON.stringify(bad)}) ran the call`);
    assert.match(r.error ?? "", /^session\(\): options must be an object such as \{ replay: /);
  }
  // a misspelt key in a session's options is caught like a call's
  const typo = session({ replays: "x" } as unknown as FinanceOptions);
  const r = await typo("formula.cagr", CAGR);
  assert.match(r.ok ? "" : r.error, /unknown option `replays`; did you mean `replay`\?/);
  const good = await session({ now: "2024-01-01" })("formula.cagr", CAGR);
  assert.equal(good.ok, true);
  closeSessions();
});

Deno.test("audit8 library: a Date or a Map as arguments gets the way to write it", async () => {
  const date = await untyped("market.ohlcv", {
    symbols: "AAPL",
    start_date: new Date("2024-01-02"),
    end_date: "2024-01-31",
  });
  assert.equal(date.ok, false);
  assert.match(
    date.error ?? "",
    /argument `start_date` is a Date; pass the date as text such as "2024-06-28" \(date\.toISOString\(\)\.slice\(0, 10\)/,
  );
  const map = await untyped("formula.cagr", new Map(Object.entries(CAGR)));
  assert.equal(map.ok, false);
  assert.match(map.error ?? "", /arguments are a Map; pass a plain object .*Object\.fromEntries/);
});
