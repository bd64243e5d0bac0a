/**
 * Custom strategies run in a child process; a hostile one must not be able to grow the server.
 * Against a real `finance serve` replaying the project's recorded bars: a module that prints
 * 1.5 GB on stdout, one that floods stderr, one that allocates without end, one that never
 * returns. Each ends in ok:false with a clear error, the server alive and under 1 GiB.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { FIXTURES } from "../_helpers.ts";
import { envelopeOf, ONE_GIB, rawRequest, spawnFinance } from "./_spawn.ts";

const MODULES: Record<string, string> = {
  "loud.ts": `const line = "x".repeat(1 << 20);
for (let i = 0; i < 1536; i++) console.log(line); // 1.5 GB
export function generateWeights() { return {}; }`,
  "chatty.ts": `const line = "e".repeat(1 << 16);
for (let i = 0; i < 100000; i++) console.error(line);
export function generateWeights() { return {}; }`,
  "hog.ts": `const keep = [];
export function generateWeights() {
  while (true) keep.push(new Array(1 << 20).fill(Math.random()));
}`,
  "spin.ts": `export function generateWeights() { while (true) { /* spin */ } }`,
};

Deno.test("attack: strategies that flood output, hog memory or never return are stopped", async () => {
  const dir = await Deno.makeTempDir({ prefix: "finance-strategies-" });
  for (const [name, code] of Object.entries(MODULES)) {
    await Deno.writeTextFile(join(dir, name), code);
  }
  const s = await spawnFinance(["serve"], {
    FINANCE_REPLAY: join(FIXTURES, "backtest", "cassette"),
    FINANCE_DOCUMENT_ROOTS: dir,
  });
  const run = async (file: string, extra: Record<string, unknown> = {}) =>
    envelopeOf(
      await rawRequest(
        s.port,
        "POST /commands/backtest.run HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json",
        JSON.stringify({
          strategy: "custom",
          strategy_file: join(dir, file),
          symbols: "AAPL,MSFT",
          start_date: "2023-03-01",
          end_date: "2023-06-30",
          provider: "market_a",
          warmup_bars: 20,
          params: {},
          ...extra,
        }),
      ),
    );
  try {
    const expected: [string, RegExp, Record<string, unknown>?][] = [
      ["loud.ts", /printed more than \d+ bytes on stdout and was stopped/],
      ["chatty.ts", /printed more than \d+ bytes on stderr and was stopped/],
      ["hog.ts", /ran out of memory|did not finish within/, { timeout_s: 60 }],
      ["spin.ts", /did not finish within 2 s and was stopped/, { timeout_s: 2 }],
    ];
    for (const [file, error, extra] of expected) {
      const env = await run(file, extra);
      assert.equal(env.ok, false, file);
      assert.match(env.error!, error, `${file}: ${env.error}`);
      assert.ok(s.alive(), `server died on ${file}: ${s.stderr()}`);
      assert.ok(s.rss() < ONE_GIB, `server RSS ${s.rss()} after ${file}`);
    }
  } finally {
    await s.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
