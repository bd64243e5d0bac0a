import assert from "node:assert/strict";
import { main } from "../../adapters/cli.ts";
import { setDefaultSession } from "../../core/session.ts";
import { testSession } from "../_helpers.ts";

async function cli(...argv: string[]) {
  const out: string[] = [];
  setDefaultSession(testSession());
  try {
    const code = await main(argv, { out: (t) => out.push(t), err: (t) => out.push(t) });
    return { code, text: out.join("\n") };
  } finally {
    setDefaultSession(null);
  }
}

Deno.test("cli: formula.margin acceptance prints the exact envelope", async () => {
  const r = await cli(
    "formula.margin",
    "numerator=11969",
    "denominator=254453",
    "--output",
    "json",
  );
  assert.equal(r.code, 0);
  const env = JSON.parse(r.text);
  assert.deepEqual(Object.keys(env).sort(), ["data", "error", "ok", "warnings"]);
  assert.equal(env.data.margin, 0.04703815635893466);
  assert.match(String(env.data.margin_pct), /^4\.7038/);
});

Deno.test("cli: formula.operating_cash reads 2.5B, 120M and 2%", async () => {
  const r = await cli(
    "formula.operating_cash",
    "revenue=2.5B",
    "cash_like_assets=120M",
    "percent_revenue=2%",
  );
  assert.equal(r.code, 0);
  const env = JSON.parse(r.text);
  assert.deepEqual(env.data.inputs, {
    revenue: 2500000000,
    cash_like_assets: 120000000,
    percent_revenue: 0.02,
  });
});

Deno.test("cli: estimates.compare takes the symbol positionally or as symbol=", async () => {
  const pair = ["revenue=2.2B", "consensus_revenue=2.0B"];
  const positional = JSON.parse((await cli("estimates.compare", "aapl", ...pair)).text);
  const keyword = await cli("estimates.compare", "symbol=aapl", ...pair);
  assert.equal(keyword.code, 0);
  assert.deepEqual(JSON.parse(keyword.text), positional);
  assert.equal(positional.data.symbol, "AAPL");
});

Deno.test("cli: exit codes for calculator failures", async () => {
  const both = await cli(
    "valuation.dcf",
    "cashflows=100M,120M",
    "discount_rate=10%",
    "terminal_growth=3%",
    "exit_multiple=15",
  );
  assert.equal(both.code, 2);
  const cagr = await cli("formula.cagr", "start=-1", "end=2", "periods=1");
  assert.equal(cagr.code, 1);
  assert.match(JSON.parse(cagr.text).error, /start must be greater than 0/);
  const typo = await cli("valuation.npv", "cashflow=-100,60", "discount_rate=10%");
  assert.equal(typo.code, 2);
  assert.match(JSON.parse(typo.text).error, /did you mean `cashflows`/);
  const irr = await cli("valuation.irr", "cashflows=100,100", "--output", "json");
  assert.equal(irr.code, 0);
  const env = JSON.parse(irr.text);
  assert.equal(env.data.irr, null);
  // one warning for the missing IRR, one saying 100,100 was read as two items, not 100100
  assert.equal(env.warnings.length, 2);
  assert.ok(env.warnings.some((w: string) => /read as 2 items/.test(w)), env.warnings.join("\n"));
});

Deno.test("http: valuation.npv with JSON numbers, and an unknown property named", async () => {
  const { createHandler } = await import("../../adapters/http.ts");
  const session = testSession();
  try {
    const handler = createHandler({ session, validateData: true });
    const post = (body: unknown) =>
      handler(
        new Request("http://localhost/commands/valuation.npv", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      ).then((r) => r.json());
    const good = await post({ cashflows: [-100, 60, 60], discount_rate: 0.1 });
    assert.equal(good.ok, true);
    assert.ok(Math.abs(good.data.npv - 5 / 1.21) < 1e-12);
    const bad = await post({ bogus: 1 });
    assert.equal(bad.ok, false);
    assert.match(bad.error, /bogus/);
  } finally {
    session.close();
  }
});
