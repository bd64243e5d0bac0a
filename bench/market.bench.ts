/** Speed of the market data paths that run on every call: CSV slicing, chart shaping, quotes. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseStooqCsv } from "../providers/stooq/client.ts";
import { parseScreenQuery } from "../analysis/market/screen_query.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const csvPath = join(root, "..", "shared", "fixtures", "stooq", "aapl_us_d.csv");
const own = join(root, "tests", "fixtures", "market", "stooq_msft_us_d.csv");
const csv = readFileSync(existsSync(csvPath) ? csvPath : own, "utf8");
if (!existsSync(csvPath)) console.log("bench: ../shared absent; using the small own CSV");

Deno.bench("stooq: parse a whole daily history CSV", () => {
  parseStooqCsv(csv, "AAPL");
});

Deno.bench("screen.run: parse a query", () => {
  parseScreenQuery('region=us AND sector="Technology" AND intradaymarketcap>10B OR beta<0.8');
});

Deno.bench("command start: market.ohlcv module import (no heavy packages)", async () => {
  await import("../commands/market/ohlcv.ts");
});
