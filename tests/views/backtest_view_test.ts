import assert from "node:assert/strict";
import { tuneView } from "../../adapters/views/backtest.ts";
import { blocksText } from "../../adapters/views/text.ts";

Deno.test("tune view: a best set tied with others at rank 1 says so", () => {
  const metrics = { total_return_pct: 10, sharpe_ratio: 1.5 };
  const row = (rank: number, fast: number) => ({
    rank,
    params: { fast, slow: 50 },
    score: 1.5,
    metrics,
  });
  const data = {
    run_type: "tune",
    runs: 3,
    combinations: 3,
    config: {
      strategy: "sma_cross",
      symbols: ["AAA"],
      metric: "sharpe_ratio",
      direction: "higher",
    },
    data: {},
    best: row(1, 5),
    leaderboard: [row(1, 5), row(1, 10), row(3, 20)],
  };
  const text = blocksText(tuneView(data), 100).join("\n");
  assert.match(text, /Best: fast=5 slow=50 \(score 1\.50\), tied with 1 other set\(s\) at rank 1/);
  data.leaderboard[1].rank = 2;
  assert.doesNotMatch(blocksText(tuneView(data), 100).join("\n"), /tied with/);
});
