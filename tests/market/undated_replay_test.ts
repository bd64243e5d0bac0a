/**
 * Under replay of recordings that carry no date (no recorded_at, no Date header) a market
 * answer's retrieved_at is null with the warning saying why, never the time of the run that
 * replays them; a dated recording gives its own time. The cassette is the project's own
 * notebook fixture, copied with its dates taken out.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { UNDATED_REPLAY } from "../../core/cassette.ts";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

/** A run's clock far from every recording's time: a date taken from it is seen at once. */
const NOW = "2031-07-07T07:07:07Z";
const CASSETTE = join(FIXTURES, "notebooks", "screen_and_contextualize_equities");

/** Every file under `from` copied to `to`, folders (the bodies) included. */
function copyTree(from: string, to: string): void {
  for (const f of Deno.readDirSync(from)) {
    if (f.isDirectory) {
      Deno.mkdirSync(join(to, f.name));
      copyTree(join(from, f.name), join(to, f.name));
    } else if (f.isFile) Deno.copyFileSync(join(from, f.name), join(to, f.name));
  }
}

/** A copy of a cassette folder with every date taken out (index and headers). */
function undated(dir: string): string {
  const out = Deno.makeTempDirSync({ prefix: "finance-undated-market-" });
  copyTree(dir, out);
  const index = JSON.parse(Deno.readTextFileSync(join(dir, "index.json")));
  delete index.recorded_at;
  for (const e of index.entries) {
    for (const h of Object.keys(e.headers ?? {})) {
      if (h.toLowerCase() === "date") delete e.headers[h];
    }
  }
  Deno.writeTextFileSync(join(out, "index.json"), JSON.stringify(index));
  return out;
}

const CASES: [string, Record<string, unknown>][] = [
  ["screen.run", { query: "day_gainers", count: 5 }],
  ["symbol.snapshot", { symbol: "EXSW" }],
];

for (const [command, args] of CASES) {
  Deno.test(`${command}: retrieved_at is the recording's time, null when it carries none`, async () => {
    const dated = await envelope(command, args, { replay: [CASSETTE], now: NOW });
    const at = (dataOf(dated) as { retrieved_at: unknown }).retrieved_at;
    assert.equal(at, "2024-04-26T21:00:00.000Z", JSON.stringify(dated.warnings));
    const env = await envelope(command, args, { replay: [undated(CASSETTE)], now: NOW });
    assert.equal((dataOf(env) as { retrieved_at: unknown }).retrieved_at, null);
    assert.ok(env.warnings.includes(UNDATED_REPLAY), env.warnings.join("\n"));
    assert.ok(!JSON.stringify(env.data).includes(NOW.slice(0, 10)), "no date of this run");
  });
}

/** A cassette recorded from the fake market (its bodies shaped as Yahoo's), dates taken out. */
async function recorded(command: string, args: Record<string, unknown>): Promise<string> {
  const dir = Deno.makeTempDirSync({ prefix: "finance-record-market-" });
  const live = await envelope(command, args, {
    fetch: fakeMarket(),
    now: NOW,
    env: { FINANCE_RECORD: dir },
  });
  assert.ok(live.ok, String(live.error));
  return undated(dir);
}

const FAKED: [string, Record<string, unknown>][] = [
  ["symbol.profile", { symbol: "AAPL" }],
  ["valuation.multiples", { symbol: "AAPL" }],
  ["valuation.scenario", {
    symbol: "AAPL",
    revenue: "400B",
    bear_multiple: 6,
    base_multiple: 8,
    bull_multiple: 10,
  }],
  ["fundamentals.statement", { symbol: "AAPL" }],
  ["sector.overview", { key: "technology" }],
  ["sector.table", { key: "technology", table: "top_companies" }],
  ["sector.industries", { key: "technology" }],
  ["industry.overview", { key: "semiconductors" }],
  ["industry.table", { key: "semiconductors", table: "top_companies" }],
  ["industry.keys", {}],
];

for (const [command, args] of FAKED) {
  Deno.test(`${command}: an undated recording's retrieved_at is null, not the run's time`, async () => {
    const env = await envelope(command, args, {
      replay: [await recorded(command, args)],
      now: NOW,
    });
    assert.equal((dataOf(env) as { retrieved_at: unknown }).retrieved_at, null);
    assert.ok(env.warnings.includes(UNDATED_REPLAY), env.warnings.join("\n"));
  });
}
