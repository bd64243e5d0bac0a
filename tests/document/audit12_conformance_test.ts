/**
 * Conformance of the table reader's layout rules (audit12_headings_test.ts and
 * audit12_blocks_test.ts) on the real releases they were drawn from; skipped with a printed
 * reason when ../shared/fixtures is absent.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, SHARED, sharedOrSkip } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const env = () => ({ FINANCE_DOCUMENT_ROOTS: SHARED! });
const P = (...parts: string[]) => join(SHARED ?? "", ...parts);
const tables = async (file: string, pages: string) =>
  await envelope("document.tables", { source: P("pdf", file), pages, max_rows: 0 }, {
    env: env(),
  });
const row = (t: Any, label: string) => t.rows.findIndex((r: string[]) => r[0] === label);

Deno.test({
  name:
    "conformance: Ulta's 13-week and 52-week tables are told apart; its wrapped heading is whole",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("Ulta period spans")) return;
    const d: Any = dataOf(await tables("ULTABEAUTY_2023Q4_EARNINGS.pdf", "6,9"));
    const heads = d.tables.map((t: Any) => t.header[1]);
    // the two income statements of page 6 and the two category tables of page 9
    assert.deepEqual(heads, [
      "13 Weeks Ended January 28, 2023 (Unaudited)",
      "52 Weeks Ended January 28, 2023 (Unaudited)",
      "Total gross square feet at beginning of the quarter",
      "13 Weeks Ended January 28, 2023",
      "52 Weeks Ended January 28, 2023",
    ]);
    assert.equal(
      d.tables[2].header[2],
      "Gross square feet for stores opened or expanded during the quarter",
    );
  },
});

Deno.test({
  name:
    "conformance: Ulta's and MGM's balance sheets continued after a blank band keep their scale",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("balance sheet continuations")) return;
    const u: Any = dataOf(await tables("ULTABEAUTY_2023Q4_EARNINGS.pdf", "7"));
    const equity = u.tables.find((t: Any) => row(t, "Total stockholders’ equity") >= 0);
    assert.equal(equity.scale?.multiplier, 1000);
    assert.deepEqual(equity.row_scales[row(equity, "Total stockholders’ equity")], 1000);
    const m: Any = dataOf(await tables("MGMRESORTS_2022Q4_EARNINGS.pdf", "12"));
    assert.equal(m.tables.length, 4);
    for (const t of m.tables) {
      assert.equal(t.scale?.multiplier, 1000);
      assert.deepEqual(t.header.slice(1), ["December 31, 2022", "December 31, 2021"]);
    }
    // the par value of common stock is dollars (in thousands), not a count of shares
    const eq = m.tables[3];
    const common = eq.rows.findIndex((r: string[]) => r[0].startsWith("outstanding 379,087,524"));
    assert.deepEqual(eq.scales[common], [null, 1000, 1000]);
  },
});

Deno.test({
  name:
    "conformance: Amcor's GAAP and adjusted tables, cash flow and free cash flow read as printed",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("Amcor tables")) return;
    const p1: Any = dataOf(await tables("AMCOR_2023Q4_EARNINGS.pdf", "1"));
    assert.equal(p1.count, 2);
    const adj = p1.tables[1];
    assert.equal(adj.header[3], "Reported ∆%");
    assert.deepEqual(adj.values[row(adj, "EBITDA")], [null, 2117, 2018, -5, 1]);
    const p9: Any = dataOf(await tables("AMCOR_2023Q4_EARNINGS.pdf", "9"));
    const cash = p9.tables[0];
    assert.equal(cash.scale?.multiplier, 1e6);
    assert.deepEqual(cash.values[row(cash, "Net cash provided by operating activities")], [
      null,
      1526,
      1261,
    ]);
    const p11: Any = dataOf(await tables("AMCOR_2023Q4_EARNINGS.pdf", "11"));
    const rows: string[][] = p11.tables.flatMap((t: Any) => t.rows);
    const fcf = rows.find((r) => r[0] === "Adjusted EBITDA")!;
    assert.deepEqual(fcf.filter(Boolean), ["Adjusted EBITDA", "609", "540"]);
    const recon = p11.tables[0];
    const all = recon.rows.findIndex((r: string[]) => r[0] === "EBITDA, EBIT, Net income and EPS");
    assert.deepEqual(recon.scales[all].slice(1, 5), [1e6, 1e6, 1e6, null]);
  },
});

Deno.test({
  name:
    "conformance: AMD's equity lines keep the balance sheet's scale; its repurchase table's scale is said to be unchecked",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("AMD 10-K tables")) return;
    const bs: Any = dataOf(await tables("AMD_2022_annualreport.pdf", "66"));
    const equity = bs.tables.find((t: Any) =>
      t.rows.some((r: string[]) => r[0].startsWith("Total stockholders’ equity"))
    );
    assert.equal(equity.scale?.multiplier, 1e6);
    assert.deepEqual(equity.header.slice(1), ["December 31, 2022", "December 25, 2021"]);
    const rep = await tables("AMD_2022_annualreport.pdf", "49");
    assert.ok(
      rep.warnings.some((w) =>
        /"\(In millions\)" (?:found above it may be one column's|is printed among them)/.test(w)
      ),
      rep.warnings.join("\n"),
    );
  },
});

Deno.test({
  name:
    "conformance: CARBO's classic 10-K HTML: negatives whose ')' stands in its own cell are read",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("CARBO 10-K HTML tables")) return;
    const source = P("sec", "CRR", "10-K", "0001564590-18-004771", "crr-10k_20171231.htm");
    const d: Any = dataOf(
      await envelope("document.tables", { source, max_tables: 30, max_rows: 0 }, { env: env() }),
    );
    const t = d.tables.find((x: Any) =>
      x.rows.some((r: string[]) => r[0] === "Comprehensive loss")
    );
    assert.ok(t, "the statement of comprehensive loss");
    assert.deepEqual(t.values[row(t, "Net loss")].slice(1), [-253116, -80127, -109544]);
    assert.deepEqual(t.values[row(t, "Comprehensive loss")].slice(1), [-218790, -76751, -124277]);
    assert.equal(t.scale?.multiplier, 1000);
  },
});

Deno.test({
  name:
    "conformance: Uber's income statement keeps its per-share and share rows, shares in thousands",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("Uber income statement")) return;
    const d: Any = dataOf(await tables("uber_2021.pdf", "77"));
    const t = d.tables.find((x: Any) =>
      x.rows.some((r: string[]) => r[0].startsWith("Weighted-average shares used to compute"))
    );
    assert.ok(t, JSON.stringify(d.tables.map((x: Any) => x.rows.slice(-3))));
    assert.equal(t.scale?.multiplier, 1e6);
    const last = t.rows.length - 1;
    assert.equal(t.rows[last][0], "Diluted");
    assert.deepEqual(t.values[last].slice(1), [1248353, 1752960, 1895519]);
    assert.deepEqual(t.scales[last].slice(1), [1000, 1000, 1000]);
    const eps = t.rows.findIndex((r: string[]) => r[0] === "Basic");
    assert.deepEqual(t.scales[eps].slice(1), [null, null, null]);
  },
});
