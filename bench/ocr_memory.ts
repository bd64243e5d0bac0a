/**
 * OCR of one scanned page, whole processes side by side, CPU and peak memory: `finance
 * document.ocr PDF max_pages=1` against the floor, `tesseract page.pgm out -l eng` on the very
 * page image the provider makes (one OpenMP thread for both), in alternating pairs, medians.
 * Figures come from GNU time (`/usr/bin/time -f "%U %S %M"`): user and system CPU seconds and the
 * peak resident memory of the largest single process of the run. For finance that is the Deno
 * process itself: its tesseract child is measured on its own through a FINANCE_TESSERACT wrapper
 * that runs it under GNU time too, and peaks where the bare floor does.
 *
 *     deno run -A bench/ocr_memory.ts [PDF] [PAIRS]
 *
 * PDF defaults to the shared scanned results page (../shared/fixtures/ocr/Financial_results.pdf),
 * else the project's generated one-page scan. Needs `tesseract` and /usr/bin/time.
 */
import { join } from "node:path";
import { existsSync } from "node:fs";
import { installed, ROOT, SHARED } from "./_spawn.ts";

const pdf = Deno.args[0] ||
  (SHARED
    ? join(SHARED, "ocr", "Financial_results.pdf")
    : join(ROOT, "tests", "fixtures", "document", "scanned.pdf"));
const pairs = Number(Deno.args[1] ?? 5);
if (!installed("tesseract") || !existsSync("/usr/bin/time")) {
  console.log("skipped: needs the tesseract binary and GNU time (/usr/bin/time)");
  Deno.exit(0);
}

const dir = await Deno.makeTempDir({ prefix: "finance-ocr-bench-" });
const image = join(dir, "page.pgm");
const env = {
  FINANCE_CACHE: "off",
  FINANCE_DOCUMENT_ROOTS: `${ROOT}:${SHARED ?? ROOT}`,
  OMP_THREAD_LIMIT: "1",
};
await run(Deno.execPath(), ["run", "-A", "bench/floors/render_page.ts", pdf, "1", image], {});
// the child tesseract, timed on its own
const childLog = join(dir, "child.txt");
const wrapper = join(dir, "tesseract");
await Deno.writeTextFile(
  wrapper,
  `#!/bin/sh\nexec /usr/bin/time -a -o ${childLog} -f "%U %S %M" tesseract "$@"\n`,
);
await Deno.chmod(wrapper, 0o755);

type Figures = { cpu: number; rss: number };

async function run(program: string, args: string[], extra: Record<string, string>) {
  const out = await new Deno.Command(program, {
    args,
    cwd: ROOT,
    env: { ...env, ...extra },
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(`${program}: ${new TextDecoder().decode(out.stderr)}`);
}

async function timed(
  program: string,
  args: string[],
  extra: Record<string, string> = {},
): Promise<Figures> {
  const log = join(dir, "time.txt");
  await run("/usr/bin/time", ["-o", log, "-f", "%U %S %M", program, ...args], extra);
  return parse(await Deno.readTextFile(log));
}

function parse(line: string): Figures {
  const [user, sys, kb] = line.trim().split("\n").at(-1)!.split(" ").map(Number);
  return { cpu: user + sys, rss: kb / 1024 };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const finance: Figures[] = [];
const floor: Figures[] = [];
const child: Figures[] = [];
for (let i = 0; i < pairs + 1; i++) {
  await Deno.remove(childLog).catch(() => {});
  const a = await timed(
    Deno.execPath(),
    ["run", "-A", "mod.ts", "document.ocr", pdf, "max_pages=1"],
    { FINANCE_TESSERACT: wrapper },
  );
  const b = await timed("tesseract", [image, join(dir, "out"), "-l", "eng"]);
  if (i === 0) continue; // warm-up pair
  finance.push(a);
  floor.push(b);
  child.push(parse(await Deno.readTextFile(childLog)));
}
await Deno.remove(dir, { recursive: true });

const f = (x: number, d = 1) => x.toFixed(d);
const row = (name: string, xs: Figures[]) =>
  console.log(
    `${name.padEnd(44)} CPU ${f(median(xs.map((x) => x.cpu)), 2)} s   peak ${
      f(median(xs.map((x) => x.rss)))
    } MiB`,
  );
console.log(`${pdf}, page 1, ${pairs} pairs (medians)`);
row("finance document.ocr (largest process: Deno)", finance);
row("  its tesseract child", child);
row("tesseract on the same page image (floor)", floor);
const ratio = (k: keyof Figures) => median(finance.map((x, i) => x[k] / floor[i][k]));
console.log(
  `ratio, pair by pair: CPU ${f(ratio("cpu"), 2)}x (goal ≤ 1.5x), peak memory ${
    f(ratio("rss"), 2)
  }x (goal ≤ 2x)`,
);
