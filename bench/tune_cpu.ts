/**
 * CPU time of a cold `finance backtest.tune` against an empty script, as bench/README.md reports
 * it: 100 sma_cross sets over the ten years of AAPL and TSM in the shared Stooq cassette (or, with
 * `--four`, over AAPL, TSM, MSFT and TSLA 2013–2022), runs alternating with `deno run` of
 * bench/empty.ts, user + system seconds (bash's `times`, to the millisecond) and wall seconds,
 * medians. `--root DIR` times another checkout's tune in the same alternation (e.g. `git archive
 * <commit>` unpacked, with a node_modules link), so before and after share one machine state.
 *
 *     deno run -A bench/tune_cpu.ts [--runs 15] [--four] [--root /tmp/before]
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ROOT, SHARED } from "./_spawn.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    runs: { type: "string", default: "15" },
    four: { type: "boolean", default: false },
    root: { type: "string" },
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
let replay = join(shared, "cassettes", "stooq");
let symbols = "AAPL,TSM";
let window = ["2015-01-01", "2024-12-31"];
if (values.four) {
  replay = await Deno.makeTempDir({ prefix: "finance-tune-cpu-" });
  const files = ["aapl_us_d.csv", "tsm_us_d.csv"]
    .concat("polish-locale/msft_us_d.csv", "polish-locale/tsla_us_d.csv");
  const entries = ["aapl.us", "tsm.us", "msft.us", "tsla.us"].map((s, i) => ({
    method: "GET",
    url: `https://stooq.com/q/d/l/?s=${s}&i=d`,
    status: 200,
    headers: { "content-type": "text/csv" },
    file: join(shared, "stooq", files[i]),
  }));
  await Deno.writeTextFile(join(replay, "index.json"), JSON.stringify({ version: 1, entries }));
  symbols = "AAPL,TSM,MSFT,TSLA";
  window = ["2013-01-01", "2022-12-31"];
}
const tune = ["run", "-A", "mod.ts", "backtest.tune", "sma_cross", symbols, ...window];
tune.push("provider=stooq", `grid=${GRID}`, "top=3");

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
    const other = await cpu(values.root, tune);
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
  console.log(line(`same in ${values.root}`, there));
  console.log(`outputs byte-identical: ${outputs.size === 1}`);
}
