/**
 * `finance price.context EXSW 2026-02-26` was refused with "did you mean symbol=2026-02-26?": the
 * symbol was already given (positionally), and a date is no ticker. A second positional that is
 * a date is now suggested as the command's date argument (date=, else the first …_date=).
 */
import assert from "node:assert/strict";
import { main } from "../../adapters/cli.ts";
import { type ArgShape, tokensToArgs } from "../../core/args.ts";

async function cliError(argv: string[]): Promise<string> {
  let out = "";
  const io = { out: (t: string) => (out += t + "\n"), err: (t: string) => (out += t + "\n") };
  const code = await main(argv, io);
  assert.notEqual(code, 0, `${argv.join(" ")} was taken`);
  return out;
}

Deno.test("price.context EXSW 2026-02-26: the date is suggested as date=, not symbol=", async () => {
  const out = await cliError(["price.context", "EXSW", "2026-02-26"]);
  assert.match(out, /did you mean date=2026-02-26\?/);
  assert.doesNotMatch(out, /symbol=2026-02-26/);
});

Deno.test("a second positional date goes to the first free …_date; a second ticker to nothing", () => {
  const refusal = (shape: ArgShape, tokens: string[]) => {
    try {
      tokensToArgs(shape, tokens, () => "string");
    } catch (e) {
      return (e as Error).message;
    }
    throw new Error(`${tokens.join(" ")} was taken`);
  };
  const ohlcv: ArgShape = {
    name: "market.ohlcv",
    usage: "finance market.ohlcv SYMBOLS [start_date=… end_date=…]",
    keys: ["symbols", "timeframe", "start_date", "end_date", "limit"],
    positional: ["symbols"],
    aliases: { start: "start_date", end: "end_date" },
  };
  assert.match(refusal(ohlcv, ["AAPL", "2020-01-02"]), /did you mean start_date=2020-01-02\?/);
  assert.match(
    refusal(ohlcv, ["AAPL", "start=2020-01-02", "2020-03-31"]),
    /did you mean end_date=2020-03-31\?/,
  );
  // the symbol is taken by the first positional: a second ticker is not guessed as symbol=
  const context: ArgShape = {
    name: "price.context",
    usage: "finance price.context SYMBOL date=YYYY-MM-DD",
    keys: ["symbol", "date", "lookback"],
    positional: ["symbol"],
  };
  assert.doesNotMatch(refusal(context, ["EXSW", "MSFT"]), /did you mean/);
  assert.doesNotMatch(
    refusal(context, ["EXSW", "date=2026-02-26", "2026-02-27"]),
    /did you mean/,
  );
});
