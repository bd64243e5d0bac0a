/**
 * The notebooks print each figure in the unit its result states, never a currency assumed:
 * they used to write every statement value, backtest cash figure and market cap with a "$"
 * (`fmt(x, "$")`) and default a missing currency to "USD", so a researcher who put a 20-F filer
 * reporting in EUR, or SAP.DE, in the first cell read "$1.20B (EUR)" or euros as dollars.
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

const notebooks = [...Deno.readDirSync(DIR)].map((e) => e.name).filter((n) => n.endsWith(".ipynb"));

Deno.test("audit8 notebooks: no figure is formatted with an assumed currency", () => {
  assert.equal(notebooks.length, 4);
  for (const name of notebooks) {
    const text = code(name);
    // fmt(value, "$") or fmt(value, "USD") with a literal currency
    const literal = [...text.matchAll(/\bfmt\(([^()]|\([^()]*\))*?,\s*"(\$|USD|EUR)"\s*\)/g)]
      .map((m) => m[0]);
    assert.deepEqual(literal, [], `${name} formats figures with a literal currency`);
    // a missing currency becomes a stated gap, never a default
    assert.doesNotMatch(text, /\?\?\s*"USD"/, `${name} defaults a missing currency to USD`);
  }
});

Deno.test("audit8 notebooks: statement values carry their own unit; backtest cash its bars' currency", () => {
  const extract = code("extract_metric_from_10k.ipynb");
  assert.match(extract, /fmt\(v\?\.raw, v\?\.unit \?\? "\(unit not stated\)"\)/);
  const backtest = code("run_reproducible_backtest.ipynb");
  assert.match(backtest, /s\.currency \?\? "currency not stated"/);
  assert.match(backtest, /mixed currencies/);
  const screen = code("screen_and_contextualize_equities.ipynb");
  assert.match(screen, /figure_currencies\.market_cap/);
});

Deno.test("audit8 notebooks: every chart has a caption (the plain-text fallback of its figure)", () => {
  for (const name of notebooks) {
    // figure(svg) alone fell back to the caption "chart", all a text-only viewer showed
    const bare = [...code(name).matchAll(/\bfigure\(\s*svg\s*\)/g)].map((m) => m[0]);
    assert.deepEqual(bare, [], `${name} draws a chart without a caption`);
  }
});
