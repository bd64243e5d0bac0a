/** Engine exceptions never reach a user as "internal error: RangeError ...". */
import assert from "node:assert/strict";
import { describeError } from "../../core/errors.ts";

Deno.test("messages: RangeErrors are explained, not passed through", () => {
  const cases: [RangeError, RegExp][] = [
    [new RangeError("Maximum call stack size exceeded"), /nested too deeply/],
    [new RangeError("Invalid string length"), /too large to process in memory/],
    [new RangeError("Array buffer allocation failed"), /too large/],
    [new RangeError("toFixed() digits argument must be between 0 and 100"), /out of the range/],
  ];
  for (const [err, expected] of cases) {
    const text = describeError(err);
    assert.match(text, expected);
    assert.doesNotMatch(text, /internal error|RangeError/);
  }
  let overflow: unknown;
  const deep = (n: number): number => n + deep(n + 1);
  try {
    deep(0);
  } catch (err) {
    overflow = err;
  }
  assert.match(describeError(overflow), /nested too deeply/);
});

Deno.test("messages: a huge command or argument name is clipped, and suggestions still work", async () => {
  const { createHandler } = await import("../../adapters/http.ts");
  const { closest } = await import("../../core/suggest.ts");
  const handle = createHandler();
  const huge = "a".repeat(60_000);
  for (const method of ["POST", "GET"]) {
    const res = await handle(
      new Request(`http://127.0.0.1/commands/${huge}`, {
        method,
        headers: { "content-type": "application/json" },
        body: method === "POST" ? "{}" : undefined,
      }),
    );
    const text = await res.text();
    assert.equal(res.status, method === "POST" ? 404 : 405);
    assert.ok(text.length < 500, `${method}: ${text.length}-character answer`);
    assert.equal(JSON.parse(text).ok, false);
  }
  // the length shortcut in closest keeps the answers it gave before
  const names = ["formula.cagr", "filings.statement", "market.quote"];
  assert.equal(closest(`formula.cagr${"x".repeat(1_000_000)}`, names), "formula.cagr");
  assert.equal(closest("x".repeat(1_000_000), names), null);
  assert.equal(closest("formula.cagx", names), "formula.cagr");
  // a word of a longer name names it: pages → max_pages
  assert.equal(closest("pages", ["source", "max_chars", "max_pages"]), "max_pages");
  assert.equal(closest("xyz", ["source", "max_chars", "max_pages"]), null);
  assert.equal(closest("formula", names), "formula.cagr");
  assert.equal(closest("market.qoute", names), "market.quote");
  assert.equal(closest("zzzzzzzzzzzzzz", names), null);
});

Deno.test("messages: a bad port names what was given and the setting", async () => {
  const { parsePort } = await import("../../adapters/http.ts");
  assert.equal(parsePort("8765", "FINANCE_PORT"), 8765);
  assert.equal(parsePort("0", "FINANCE_PORT"), 0);
  for (const bad of ["abc", "", "70000", "-1", "1.5", "0x10"]) {
    const text = parsePort(bad, "FINANCE_PORT");
    assert.equal(typeof text, "string", bad);
    assert.match(text as string, /invalid port `.*`: use a whole number from 0 to 65535/);
    assert.doesNotMatch(text as string, /NaN/);
  }
});

Deno.test("messages: names an Object has are refused like any unknown name, never read as a table entry", async () => {
  const { envelope } = await import("../_helpers.ts");
  const { resolveTopics } = await import("../../analysis/document/scan.ts");
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ["market.ohlcv", { symbols: "AAPL", provider: "constructor" }, /unknown market data provider/],
    ["sector.overview", { key: "constructor" }, /unknown sector key 'constructor'/],
    ["news.analyze", { query: "x", analysis: "geo", mode: "constructor" }, /not a GEO mode/],
  ];
  for (const [name, args, expected] of cases) {
    const env = await envelope(name, args);
    assert.equal(env.ok, false, name);
    assert.match(env.error!, expected);
    assert.doesNotMatch(env.error!, /native code/);
  }
  assert.deepEqual(resolveTopics(undefined, ["constructor"]), [
    { topic: "constructor", queries: ["constructor"] },
  ]);
});

Deno.test("messages: a document's <constructor> tag or &constructor; entity is text, not Object.prototype", async () => {
  const { decodeEntities } = await import("../../providers/decode.ts");
  const { cellText } = await import("../../providers/company_ir/exhibits.ts");
  const { parseScreenQuery } = await import("../../analysis/market/screen_query.ts");
  const { envelope } = await import("../_helpers.ts");
  assert.equal(decodeEntities("a &constructor; &amp; b"), "a &constructor; & b");
  assert.equal(cellText("<td>a &constructor; &amp; b</td>"), "a &constructor; & b");
  assert.throws(() => parseScreenQuery("constructor>1"), /constructor/);
  // before: "internal error: TypeError: closes.has is not a function"
  const dir = await Deno.makeTempDir();
  try {
    const file = `${dir}/page.html`;
    await Deno.writeTextFile(
      file,
      "<html><body><p>Revenue grew.</p><constructor>x</constructor><div>more</div></body></html>",
    );
    const env = await envelope<{ text: string }>("document.read", { source: file });
    assert.equal(env.ok, true, env.error ?? "");
    assert.match(env.data!.text, /Revenue grew\.\nx\nmore/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("messages: a bad FINANCE_REQUEST_TIMEOUT_MS is refused, never read as no time limit", async () => {
  const { requestTimeout } = await import("../../adapters/http.ts");
  assert.equal(requestTimeout(() => undefined), 120_000);
  assert.equal(requestTimeout(() => "5000"), 5000);
  for (const bad of ["abc", "0", "-5", "1.5", ""]) {
    assert.match(String(requestTimeout(() => bad)), /must be a positive whole number of ms/, bad);
  }
});

Deno.test("messages: on the network surfaces an unexpected exception's text stays in the server's log", async () => {
  const { hideInternals } = await import("../../core/errors.ts");
  const env = {
    ok: false as const,
    data: null,
    error: "internal error: NotFound: open '/home/alice/.cache/finance/x.db'",
    warnings: [],
  };
  const logged: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => logged.push(args.join(" "));
  try {
    hideInternals(env, "document.read");
  } finally {
    console.error = original;
  }
  assert.doesNotMatch(env.error, /alice|NotFound|\.db/);
  const ref = /reference ([0-9a-z]+-[0-9a-z]+)/.exec(env.error)?.[1];
  assert.ok(ref, env.error);
  assert.match(env.error, /^internal error in document\.read \(reference /);
  assert.equal(logged.length, 1);
  assert.ok(logged[0].includes(`[${ref}] in document.read: NotFound: open '/home/alice/`));
  // anything else is the caller's to read, untouched
  const usage = { ok: false as const, data: null, error: "unknown argument `x`", warnings: [] };
  hideInternals(usage, "document.read");
  assert.equal(usage.error, "unknown argument `x`");
});

Deno.test("messages: an error echoing a large nested input is cut, saying how long it was", async () => {
  const { envelope } = await import("../_helpers.ts");
  const env = await envelope("backtest.tune", {
    strategy: "sma_cross",
    symbols: "AAPL",
    start_date: "2020-01-01",
    end_date: "2020-06-01",
    grid: { fast: "x".repeat(300_000) },
  });
  assert.equal(env.ok, false);
  assert.ok(env.error!.length < 2000, `${env.error!.length} characters`);
  assert.match(env.error!, /sma_cross parameter `fast` must be an integer, got "xxx/);
  assert.match(env.error!, /300002 characters/);
});

Deno.test("messages: no error or warning is longer than 10,000 characters", async () => {
  const { capMessages } = await import("../../core/redact.ts");
  const env = {
    ok: false as const,
    data: null,
    error: `bad value ${"y".repeat(50_000)}`,
    warnings: ["short", "z".repeat(12_000)],
  };
  capMessages(env);
  assert.ok(env.error.length <= 10_000);
  assert.match(env.error, /^bad value y+… \(message cut: 50010 characters in all\)$/);
  assert.equal(env.warnings[0], "short");
  assert.ok(env.warnings[1].length <= 10_000);
  assert.match(env.warnings[1], /12000 characters in all/);
});
