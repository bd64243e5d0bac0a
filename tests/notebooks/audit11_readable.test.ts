/**
 * What the notebooks write for a person: a price or close with its currency (the price-move
 * findings printed "Close 132.74 → 144.55" with no currency), no "undefined%" for a change the
 * quote does not report, and an error cut for a table never inside the URL it names.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "../_helpers.ts";

const DIR = join(ROOT, "notebooks");

function code(name: string): string {
  const nb = JSON.parse(Deno.readTextFileSync(join(DIR, name)));
  return nb.cells
    .filter((c: { cell_type: string }) => c.cell_type === "code")
    .map((c: { source: string[] | string }) => [c.source].flat().join(""))
    .join("\n");
}

const NOTEBOOKS = [...Deno.readDirSync(DIR)].map((e) => e.name).filter((n) => n.endsWith(".ipynb"));

Deno.test("notebooks: prices and closes are formatted with a currency or a stated gap", () => {
  for (const name of NOTEBOOKS) {
    const bare = [...code(name).matchAll(/\bfmt\(\s*[\w.?]*(?:price|close)\w*\s*\)/gi)]
      .map((m) => m[0]);
    assert.deepEqual(bare, [], `${name} prints a price without its currency`);
  }
  assert.match(
    code("explain_price_move.ipynb"),
    /fmt\(move\.start_close, cur\).*fmt\(move\.end_close, cur\)/,
  );
});

Deno.test("notebooks: an optional figure is never interpolated as undefined", () => {
  for (const name of NOTEBOOKS) {
    // `${x?.toFixed(2)}` prints "undefined" when the provider reports nothing
    const risky = [...code(name).matchAll(/\$\{[^}]*\?\.toFixed\([^}]*\}/g)].map((m) => m[0])
      .filter((m) => !/\?\?/.test(m)); // a fallback after it (`?? "n/a"`) is fine
    assert.deepEqual(risky, [], `${name} can print undefined`);
  }
});

Deno.test("notebooks: the screen's error cells are cut after a URL, not inside it", () => {
  const text = code("screen_and_contextualize_equities.ipynb");
  const source = /const short = \(e: string \| null\) => \{[\s\S]*?\n\};/.exec(text)?.[0];
  assert.ok(source, "the short() helper is where it was");
  const short = new Function(`${source.replace(/: string \| null/, "")}; return short;`)() as (
    e: string | null,
  ) => string;
  const url = "https://query2.finance.yahoo.com/v7/finance/quote?symbols=AAPL&fields=x";
  const error = `market_a: no recording for GET ${url} in the replay cassette(s) ${"x".repeat(80)}`;
  const cut = short(error);
  assert.ok(cut.includes(url), cut);
  assert.ok(cut.endsWith("…"), cut);
  assert.equal(short("brief"), "brief");
});
