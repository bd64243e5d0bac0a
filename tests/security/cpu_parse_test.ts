/**
 * The pieces behind the CPU-after-timeout tests, in process: linkedom's parse stops at a stopped
 * call's first checkpoint and leaves linkedom working normally afterwards, and a statement over
 * an instance with 150,000 periods is built instead of overflowing the stack.
 */
import assert from "node:assert/strict";
import { withCallScope } from "../../core/call_scope.ts";
import { htmlTableGrids, parseStoppable } from "../../analysis/document/html.ts";
import { buildStatement } from "../../analysis/filings/statement.ts";
import { parseInstance } from "../../providers/filings_a/xbrl.ts";

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => `<tr><td>Revenue ${i}</td><td>${i}</td></tr>`).join("");

Deno.test("linkedom's parse stops in a stopped call and linkedom still works after", async () => {
  const html = `<html><body><table>${rows(20_000)}</table></body></html>`;
  const stopped = new AbortController();
  stopped.abort();
  await parseStoppable("<p>warm</p>"); // linkedom loaded outside any call
  await assert.rejects(
    () => withCallScope("document.tables", stopped.signal, undefined, () => parseStoppable(html)),
    /document\.tables was stopped/,
  );
  // a later parse, its queries, and a change that the next query must see
  const { document } = await parseStoppable("<html><body><ul><li>a</li></ul></body></html>");
  const list = document.querySelector("ul");
  assert.equal(list.querySelectorAll("li").length, 1);
  list.appendChild(document.createElement("li"));
  assert.equal(list.querySelectorAll("li").length, 2);
  // outside a call nothing stops, and the tables read as before
  const grids = await htmlTableGrids(`<html><body><table>${rows(3)}</table></body></html>`);
  assert.deepEqual(grids, [[["Revenue 0", "0"], ["Revenue 1", "1"], ["Revenue 2", "2"]]]);
});

Deno.test("a statement over an instance with 150,000 periods is built (no stack overflow)", () => {
  const facts: string[] = [];
  for (let i = 0; i < 150_000; i++) {
    const day = new Date(Date.UTC(1700, 0, 1 + i)).toISOString().slice(0, 10);
    facts.push(
      `<context id="c${i}"><entity><identifier scheme="x">1</identifier></entity><period><instant>${day}</instant></period></context>`,
      `<us-gaap:Cash contextRef="c${i}" decimals="0" unitRef="usd">${i}</us-gaap:Cash>`,
    );
  }
  const instance = parseInstance(
    `<xbrl><unit id="usd"><measure>iso4217:USD</measure></unit>${facts.join("")}</xbrl>`,
  );
  const role = "http://example.com/role/Balance";
  const arc = { order: 1, preferredLabel: null, weight: null };
  const built = buildStatement({
    role,
    presentation: new Map([[role, [{
      from: "us-gaap:AssetsAbstract",
      to: "us-gaap:Cash",
      ...arc,
    }]]]),
    calculation: new Map(),
    labels: new Map(),
    instance,
    balances: new Map(),
  });
  assert.equal(built.periods.length, 150_000);
  assert.equal(
    built.rows.find((r) => r.concept === "us-gaap:Cash")?.values[built.periods[0]]?.raw,
    149_999,
  );
});
