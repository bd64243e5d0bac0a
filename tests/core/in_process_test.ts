import assert from "node:assert/strict";
import { join } from "node:path";
import { execute } from "../../core/runner.ts";
import { isJsonSafe, jsonSafe } from "../../core/envelope.ts";
import { redactEnvelope } from "../../core/redact.ts";
import { FIXTURES, testSession } from "../_helpers.ts";

const replay = [join(FIXTURES, "backtest", "cassette")];
const ARGS = {
  symbols: "AAPL",
  start_date: "2023-03-01",
  end_date: "2023-06-30",
  provider: "market_a",
};

Deno.test("in-process call: the same envelope as an ordinary call, for success and failure", async () => {
  const session = testSession({ replay });
  try {
    for (const args of [ARGS, { ...ARGS, symbols: "NOPE" }, { ...ARGS, timeframe: "2d" }]) {
      const plain = await execute("market.ohlcv", args, { session });
      const kept = await execute("market.ohlcv", args, { session, inProcess: true });
      assert.deepEqual(kept, plain);
    }
    const ok = await execute("market.ohlcv", ARGS, { session, inProcess: true });
    assert.equal(ok.status, "ok");
    assert.ok((ok.envelope.data as { rows: unknown[] }).rows.length > 50);
  } finally {
    session.close();
  }
});

Deno.test("isJsonSafe: true exactly when jsonSafe would return an equal value and no warning", () => {
  const cases: unknown[] = [
    { a: 1, b: "x", c: [true, null, { d: -0.5 }] },
    [1, 2, 3],
    "text",
    { a: NaN },
    [1, Infinity],
    { a: undefined },
    [1, , 3], // a hole reads as undefined
    { when: new Date(0) },
    { n: 1n },
    { f: () => 1 },
    new Float64Array(2),
    Object.create(null),
  ];
  for (const value of cases) {
    const warnings: string[] = [];
    const copy = jsonSafe(value, warnings);
    let same = warnings.length === 0;
    try {
      assert.deepStrictEqual(copy, value);
    } catch {
      same = false;
    }
    assert.equal(isJsonSafe(value), same, `isJsonSafe(${Deno.inspect(value)})`);
  }
});

Deno.test("redactEnvelope with data=false redacts the error and warnings, not the data", () => {
  const key = "sekrit-value-123";
  const env = {
    ok: false,
    error: `failed at https://x.test/?apikey=${key}`,
    warnings: [`saw ${key}`],
    data: { url: `https://x.test/?apikey=${key}` },
  };
  redactEnvelope(env, [key], false);
  assert.equal(env.error, "failed at https://x.test/?apikey=***");
  assert.deepEqual(env.warnings, ["saw ***"]);
  assert.equal(env.data.url, `https://x.test/?apikey=${key}`);
});
