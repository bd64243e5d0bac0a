/**
 * A command that gathers unknown names into its parameters (backtest.run, tune) took `FEES=0.01`
 * as a parameter: a custom strategy module received it, and the run went on with the default
 * fees. A command argument typed in another case is refused, with its name.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { type ArgShape, normalizeArgShape } from "../../core/args.ts";
import { envelope, FIXTURES } from "../_helpers.ts";

const shape: ArgShape = {
  name: "t.run",
  usage: "t.run",
  keys: ["strategy", "start_date", "fees", "params"],
  positional: [],
  aliases: { start: "start_date" },
  extra_into: "params",
};

Deno.test("args: an argument in another case is not gathered as a parameter", () => {
  for (const [key, name] of [["FEES", "fees"], ["Strategy", "strategy"], ["START", "start_date"]]) {
    assert.throws(
      () => normalizeArgShape(shape, { [key]: "x" }),
      new RegExp(`unknown argument \`${key}\` for t\\.run; did you mean \`${name}\`\\?`),
    );
  }
  // a parameter of its own, in any case, is still gathered
  assert.deepEqual({ ...normalizeArgShape(shape, { fast: 5, Window: 3 }) }, {
    params: { fast: 5, Window: 3 },
  });
});

Deno.test("backtest.run custom: FEES=0.01 is refused, not handed to the module as a parameter", async () => {
  const e = await envelope("backtest.run", {
    strategy: "custom",
    strategy_file: join(FIXTURES, "backtest", "rule.ts"),
    symbols: "AAPL",
    start_date: "2023-03-01",
    end_date: "2023-06-30",
    FEES: "0.01",
  });
  assert.equal(e.ok, false);
  assert.equal(e.data, null);
  assert.match(String(e.error), /unknown argument `FEES` for backtest\.run; did you mean `fees`\?/);
});
