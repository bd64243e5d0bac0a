/**
 * CPU time of a cold `finance backtest.tune` against an empty script, as bench/README.md reports
 * it: 100 sma_cross sets over the ten years of AAPL and TSM in the shared Stooq cassette (or, with
 * `--four`, over AAPL, TSM, MSFT and TSLA 2013–2022; with `--ten`, over ten names 2013–2022, the
 * issue's "10 symbols": those four histories and six more names answered with copies of them,
 * AAPL's bars as AAPL2 and AAPL3, TSM's as TSM2 and TSM3, MSFT's as MSFT2, TSLA's as TSLA2, as
 * no recording holds ten decades of daily bars), runs alternating with `deno run` of
 * bench/empty.ts, user + system seconds (bash's `times`, to the millisecond) and wall seconds,
 * medians. `--root DIR` times another checkout's tune in the same alternation (e.g. `git archive
 * <commit>` unpacked, with a node_modules link), so before and after share one machine state,
 * and prints the ratio of the two overheads over the empty script; `--root-four` has that
 * checkout run the four-symbol tune whatever this one runs (the goal for ten symbols,
 * 0.25 s, is 1.43x its four-symbol figure of 0.175 s).
 *
 *     deno run -A bench/tune_cpu.ts [--runs 15] [--four | --ten] [--root /tmp/before [--root-four]]
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ROOT, SHARED } from "./_spawn.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    runs: { type: "string", default: "15" },
    four: { type: "boolean", default: false },
    ten: { type: "boolean", default: false },
    root: { type: "string" },
    "root-four": { type: "boolean", default: false },
  },
});
if (!SHARED) {
  console.log("skipped: ../shared/fixtures is absent");
  Deno.exit(0);
}
const shared: string = SHARED;
const GRID = JSON.stringify({
  fast: [5, 8, 10, 12, 15, 20, 25, 30, 40, 50],
  slow: [60, 80, 100, 120, 140, 150, 160, 180, 190, 200],
});
const FOUR = [
  ["aapl.us", "aapl_us_d.csv"],
  ["tsm.us", "tsm_us_d.csv"],
  ["msft.us", "polish-locale/msft_us_d.csv"],
  ["tsla.us", "polish-locale/tsla_us_d.csv"],
];
/** The six more names of `--ten`, each answered with one of the four recordings. */
const SIX = [
  ["aapl2.us", "aapl_us_d.csv"],
  ["aapl3.us", "aapl_us_d.csv"],
  ["tsm2.us", "tsm_us_d.csv"],
  ["tsm3.us", "tsm_us_d.csv"],
  ["msft2.us", "polish-locale/msft_us_d.csv"],
  ["tsla2.us", "polish-locale/tsla_us_d.csv"],
];

/** A cassette in a temporary folder answering Stooq's daily CSV of each name from its file. */
async function cassette(names: string[][]): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "finance-tune-cpu-" });
  const entries = names.map(([s, file]) => ({
    method: "GET",
    url: `https://stooq.com/q/d/l/?s=${s}&i=d`,
    status: 200,
    headers: { "content-type": "text/csv" },
    file: join(shared, "stooq", file),
  }));
  await Deno.writeTextFile(join(dir, "index.json"), JSON.stringify({ version: 1, entries }));
  return dir;
}

/** The tune's arguments over `names` from `start` to `end`. */
function tuneArgs(names: string[][], start: string, end: string): string[] {
  const symbols = names.map(([s]) => s.replace(/\.us$/, "").toUpperCase()).join(",");
  return ["run", "-A", "mod.ts", "backtest.tune", "sma_cross", symbols, start, end]
    .concat("provider=stooq", `grid=${GRID}`, "top=3");
}

let replay = join(shared, "cassettes", "stooq");
let tune = tuneArgs(FOUR.slice(0, 2), "2015-01-01", "2024-12-31");
if (values.four || values.ten) {
  const names = values.ten ? FOUR.concat(SIX) : FOUR;
  replay = await cassette(names);
  tune = tuneArgs(names, "2013-01-01", "2022-12-31");
}
const symbols = tune[5];
/** What the other checkout runs: the same tune, or with `--root-four` the four-symbol one. */
const theirs = values["root-four"] ? tuneArgs(FOUR, "2013-01-01", "2022-12-31") : tune;
if (values["root-four"] && !values.four && !values.ten) {
  console.log("--root-four compares against the four-symbol tune: pass --ten (or --four) too");
  Deno.exit(2);
}

/**
 * CPU seconds (user + system) of one `deno` run from `cwd`, its wall seconds, and its stdout.
 * The CPU comes from bash's `times` (the children's user and system time to the millisecond;
 * GNU time rounds to 10 ms, as much as the differences measured here), the wall time from
 * around the spawn.
 */
async function cpu(
  cwd: string,
  args: string[],
): Promise<{ s: number; wall: number; out: string }> {
  const started = performance.now();
  const r = await new Deno.Command("bash", {
    args: ["-c", '"$@" 2>/dev/null; status=$?; times >&2; exit $status', "_", Deno.execPath()]
      .concat(args),
    cwd,
    env: { FINANCE_CACHE: "off", FINANCE_REPLAY: replay },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const wall = (performance.now() - started) / 1000;
  const err = new TextDecoder().decode(r.stderr);
  if (!r.success) throw new Error(err);
  // the second line of `times`: the children's user and system time, as 0m0.123s
  const [u, s] = [...err.trim().split("\n").at(-1)!.matchAll(/(\d+)m([\d.]+)s/g)]
    .map((m) => Number(m[1]) * 60 + Number(m[2]));
  return { s: u + s, wall, out: new TextDecoder().decode(r.stdout) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
type Run = { s: number; wall: number };
const empty: Run[] = [];
const here: Run[] = [];
const there: Run[] = [];
const outputs = new Set<string>();
for (let i = 0; i < Number(values.runs); i++) {
  empty.push(await cpu(ROOT, ["run", "-A", "bench/empty.ts"]));
  if (values.root) {
    const other = await cpu(values.root, theirs);
    there.push(other);
    outputs.add(other.out);
  }
  const mine = await cpu(ROOT, tune);
  here.push(mine);
  outputs.add(mine.out);
}
const e = median(empty.map((r) => r.s));
const ew = median(empty.map((r) => r.wall));
const line = (what: string, runs: Run[]) => {
  const c = median(runs.map((r) => r.s));
  const w = median(runs.map((r) => r.wall));
  return `${what}: ${c.toFixed(3)} s CPU, +${(c - e).toFixed(3)} s above the empty script; ` +
    `${w.toFixed(3)} s wall, +${(w - ew).toFixed(3)} s`;
};
console.log(
  `empty script: ${e.toFixed(3)} s CPU, ${ew.toFixed(3)} s wall (medians of ${empty.length})`,
);
console.log(line(`tune over ${symbols}`, here));
if (values.root) {
  const what = theirs === tune ? "same" : `tune over ${theirs[5]}`;
  console.log(line(`${what} in ${values.root}`, there));
  const over = (runs: Run[], key: "s" | "wall", floor: number) =>
    median(runs.map((r) => r[key])) - floor;
  console.log(
    `overhead here against there: ${
      (over(here, "wall", ew) / over(there, "wall", ew)).toFixed(2)
    }x wall, ${(over(here, "s", e) / over(there, "s", e)).toFixed(2)}x CPU`,
  );
  if (theirs === tune) console.log(`outputs byte-identical: ${outputs.size === 1}`);
}
