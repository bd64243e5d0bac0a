/**
 * CPU time of two commands, run alternately in fresh processes: the medians behind the CPU ratios
 * in bench/README.md. Each run goes through bash, whose `times` reports the CPU (user + system,
 * in ms) its child used; commands run from the project root with the cache off, with the
 * caller's environment (FINANCE_REPLAY …).
 *
 * Usage: deno run -A bench/cpu_pairs.ts [pairs] -- <command A …> -- <command B …>
 * e.g.   FINANCE_REPLAY=../shared/fixtures/cassettes/yahoo deno run -A bench/cpu_pairs.ts 15 \
 *          -- deno run -A bench/empty.ts -- deno run -A mod.ts market.quote AAPL
 */
import { ROOT } from "./_spawn.ts";

const seconds = (t: string) => {
  const m = /^(\d+)m([\d.]+)s$/.exec(t);
  if (!m) throw new Error(`cannot read \`times\` output ${t}`);
  return Number(m[1]) * 60 + Number(m[2]);
};

/** CPU seconds of one run of `command`. */
async function cpuOf(command: string[]): Promise<number> {
  const out = await new Deno.Command("bash", {
    args: ["-c", '"$@" >/dev/null 2>&1 || exit 90; times', "bash", ...command],
    cwd: ROOT,
    env: { FINANCE_CACHE: "off" },
    stdout: "piped",
  }).output();
  if (!out.success) throw new Error(`${command.join(" ")} failed`);
  const children = new TextDecoder().decode(out.stdout).trim().split("\n")[1].split(/\s+/);
  return seconds(children[0]) + seconds(children[1]);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

if (import.meta.main) {
  const first = Deno.args.indexOf("--");
  const second = Deno.args.indexOf("--", first + 1);
  if (first < 0 || second < 0) {
    console.error("usage: deno run -A bench/cpu_pairs.ts [pairs] -- <command A> -- <command B>");
    Deno.exit(2);
  }
  const pairs = Number(Deno.args.slice(0, first)[0] ?? 10);
  const a = Deno.args.slice(first + 1, second);
  const b = Deno.args.slice(second + 1);
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < pairs; i++) {
    times[0].push(await cpuOf(a));
    times[1].push(await cpuOf(b));
  }
  const [ma, mb] = times.map(median);
  const ms = (x: number) => `${(x * 1000).toFixed(1)} ms`;
  console.log(`A ${a.join(" ")}: median ${ms(ma)} CPU (${times[0].map(ms).join(", ")})`);
  console.log(`B ${b.join(" ")}: median ${ms(mb)} CPU (${times[1].map(ms).join(", ")})`);
  console.log(`B/A ${(mb / ma).toFixed(2)}x over ${pairs} alternating pairs`);
}
