/**
 * Market data, cold and against floors: `market.quote` under replay in a fresh process against
 * an empty script (goal ≤ 3x), beside the session and its eight replayed requests alone and the
 * ordinary path through the library (zod, runner, yahoo-finance2), and Stooq CSV parsing against
 * a hand-written loop that only splits the rows into numbers.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseStooqCsv } from "../providers/stooq/client.ts";
import { deno, SHARED } from "./_spawn.ts";

const yahoo = SHARED ? join(SHARED, "cassettes", "yahoo") : null;
if (!SHARED) console.log("skipped market.quote bench: ../shared/fixtures is absent");

Deno.bench({
  name: "deno run empty script",
  group: "market.quote cold",
  baseline: true,
  ignore: !yahoo,
  fn: async () => await deno(["run", "-A", "bench/empty.ts"]),
});

// What the direct path cannot go below: the session and the eight replayed requests alone.
Deno.bench({
  name: "session and the 8 replayed Yahoo requests alone (no goal)",
  group: "market.quote cold",
  ignore: !yahoo,
  fn: async () =>
    await deno(["run", "-A", "bench/floors/direct_quote.ts"], { FINANCE_REPLAY: yahoo! }),
});

// The ordinary path (library, HTTP adapter, MCP, and the CLI when the direct path hands over).
Deno.bench({
  name: "market.quote through the library: runner, zod, yahoo-finance2 (no goal)",
  group: "market.quote cold",
  ignore: !yahoo,
  fn: async () =>
    await deno(["run", "-A", "bench/floors/quote_library.ts", "AAPL"], { FINANCE_REPLAY: yahoo! }),
});

Deno.bench({
  name: "finance market.quote AAPL, replayed Yahoo (goal ≤ 3x)",
  group: "market.quote cold",
  ignore: !yahoo,
  fn: async () =>
    await deno(["run", "-A", "mod.ts", "market.quote", "AAPL"], { FINANCE_REPLAY: yahoo! }),
});

const sharedCsv = SHARED ? join(SHARED, "stooq", "aapl_us_d.csv") : "";
const csv = existsSync(sharedCsv) ? readFileSync(sharedCsv, "utf8") : syntheticCsv(10_500);

/** Stooq-shaped daily rows from 1984 on, for a fresh clone. */
function syntheticCsv(rows: number): string {
  const out = ["Date,Open,High,Low,Close,Volume"];
  let day = Date.parse("1984-09-07T00:00:00Z");
  let p = 0.1;
  for (let i = 0; i < rows; i++) {
    const d = new Date(day).toISOString().slice(0, 10);
    p *= 1 + Math.sin(i) * 0.01 + 0.0004;
    out.push(`${d},${p.toFixed(4)},${(p * 1.01).toFixed(4)},${(p * 0.99).toFixed(4)},${p},123456`);
    day += new Date(day).getUTCDay() === 5 ? 3 * 86400000 : 86400000;
  }
  return out.join("\n") + "\n";
}

/** The floor: rows split into dates and five numbers, nothing checked, nothing built. */
function handWritten(text: string) {
  const lines = text.split("\n");
  const n = lines.length - 1;
  const dates: string[] = new Array(n);
  const cols = [0, 1, 2, 3, 4].map(() => new Float64Array(n));
  for (let i = 1; i < lines.length; i++) {
    const c = lines[i].split(",");
    dates[i - 1] = c[0];
    for (let k = 0; k < 5; k++) cols[k][i - 1] = Number(c[k + 1]);
  }
  return { dates, cols };
}

Deno.bench({
  name: "hand-written split loop, whole history",
  group: "stooq csv",
  baseline: true,
  fn: () => {
    handWritten(csv);
  },
});

Deno.bench({
  name: "parseStooqCsv, whole history (floor comparison, no goal)",
  group: "stooq csv",
  fn: () => {
    parseStooqCsv(csv, "AAPL");
  },
});

Deno.bench({
  name: "parseStooqCsv, 10-year window (what a backtest asks for)",
  group: "stooq csv",
  fn: () => {
    parseStooqCsv(csv, "AAPL", "2015-01-01", "2024-12-31");
  },
});
