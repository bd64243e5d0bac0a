/**
 * A ticker argument (the `ticker()` type of every command that takes one symbol) took "..",
 * "." and "AAPL.": letters of a ticker, but no ticker, and a URL path reads ".." as the parent
 * resource, so transcripts.search ".." asked https://www.fool.com/quote/ and sources.test ".."
 * https://query2.finance.yahoo.com/v8/finance/. Now a ticker is letters and digits with a
 * caret only in front and ".", "-", "=" only between them; "/" (BRK/B) stays refused there
 * until the commands map it before a request (and a "/" never reaches a URL path as written:
 * fool.com/quote/nyse/brk/b/ is another page). Each is refused before any request, with an
 * error that says how to write a symbol; the tickers of every market still pass.
 */
import assert from "node:assert/strict";
import type { z } from "zod";
import { run } from "../_helpers.ts";
import { loadAllCommands } from "../../commands/registry.ts";
import { builtKind } from "../../core/schema.ts";
import { TICKER_MAX, TICKER_PATTERN } from "../../core/args.ts";

/** The argument's own type under optional() and default(). */
function inner(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (;;) {
    // deno-lint-ignore no-explicit-any
    const def = (s as any)._zod.def;
    if (def.type === "optional" || def.type === "default") s = def.innerType;
    else return s;
  }
}

/** Every command with a ticker argument, and the argument's name. */
async function tickerArgs(): Promise<[string, string][]> {
  const out: [string, string][] = [];
  for (const def of await loadAllCommands()) {
    const shape = (def.args as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
    for (const [key, schema] of Object.entries(shape)) {
      if (builtKind(inner(schema))?.kind === "ticker") out.push([def.name, key]);
    }
  }
  return out;
}

const JUNK = ["..", ".", "AAPL.", "A..B", "^", "^^X", "A^B", "-X", "../x", "a/../b", "A/./B", "/B"];

/** A fetch that answers 404 and keeps each URL asked. */
function recorder() {
  const urls: string[] = [];
  const fetch: typeof globalThis.fetch = (input) => {
    urls.push(String(input instanceof Request ? input.url : input));
    return Promise.resolve(new Response("not found", { status: 404 }));
  };
  return { urls, fetch };
}

Deno.test("ticker arguments refuse junk before any request, saying how to write one", async () => {
  const found = await tickerArgs();
  assert.ok(found.length >= 20, `only ${found.length} commands with a ticker argument`);
  for (const [name, key] of found) {
    for (const junk of JUNK) {
      const { urls, fetch } = recorder();
      const { envelope } = await run(name, { [key]: junk }, { fetch });
      assert.equal(envelope.ok, false, `${name} ${key}=${junk}`);
      assert.deepEqual(urls, [], `${name} ${key}=${junk} made requests`);
      assert.match(
        String(envelope.error),
        new RegExp(`argument \`${key}\`.*(is not a ticker symbol|write it)`),
        `${name} ${key}=${junk}: ${envelope.error}`,
      );
    }
  }
});

Deno.test("a ticker written with '/' never reaches a URL path as written", async () => {
  // refused while the commands do not map it; once they do, only as the listing it names
  for (const [name, key] of await tickerArgs()) {
    for (const slash of ["BRK/B", "EUR/USD", "BTC/USD"]) {
      const { urls, fetch } = recorder();
      const { envelope } = await run(name, { [key]: slash }, { fetch });
      const raw = urls.filter((u) => new URL(u).pathname.toUpperCase().includes(slash));
      assert.deepEqual(raw, [], `${name} ${key}=${slash}`);
      if (!envelope.ok) assert.doesNotMatch(String(envelope.error), /\n\s+at /, name);
    }
  }
});

Deno.test("TICKER_PATTERN: the symbols of every market still pass", () => {
  for (
    const s of [
      "AAPL",
      "brk-b",
      "BRK.B",
      "^GSPC",
      "^N225",
      "EURUSD=X",
      "JPY=X",
      "GC=F",
      "6E=F",
      "0700.HK",
      "RCI-B.TO",
      "DX-Y.NYB",
      "CLK25.NYM",
      "AAPL250321C00150000",
      "BTC-USD",
      "SAP.DE",
      "600519.SS",
      "0P000071W8.TO",
    ]
  ) {
    assert.ok(TICKER_PATTERN.test(s) && s.length <= TICKER_MAX, s);
  }
});
