/**
 * Custom strategies: a user's TypeScript or JavaScript module, run out of process-wide reach.
 *
 * Contract (the module exports one of):
 *   generateWeights(ctx) → { [symbol]: (number | null)[] }   target weight per bar, null = no order
 *   generateSignals(ctx) → { entries: { [symbol]: boolean[] }, exits: { [symbol]: boolean[] } }
 * ctx = { symbols, dates, start, close: {SYM: number[]}, ohlcv: {SYM: {open, high, low, close,
 * volume}}, params }. Arrays are aligned on `dates` (adjusted prices) and include warm-up bars
 * before index `start`. A value at index t may use data up to bar t; it fills at bar t+1.
 *
 * Isolation: a child `deno run` process with --allow-read=<file> and nothing else: no network, no
 * writes, no environment, no subprocesses, and a time limit. Not a Worker, even where worker
 * permissions are allowed (--unstable-worker-options): Deno ends a Worker only when it yields, so
 * a strategy that loops forever would keep a core busy after its call was stopped; a process is
 * killed.
 */
import { extname, resolve } from "node:path";
import { InputError } from "../../core/errors.ts";
import { signalsToTargets } from "./strategies.ts";
import { callSignal } from "../../core/cancel.ts";
import type { Panel, Targets } from "./types.ts";

export interface CustomInput {
  symbols: string[];
  dates: string[];
  start: number;
  close: Record<string, number[]>;
  ohlcv: Record<string, Record<"open" | "high" | "low" | "close" | "volume", number[]>>;
  params: Record<string, unknown>;
}

export interface CustomOutput {
  kind: "weights" | "signals";
  weights?: Record<string, unknown>;
  entries?: Record<string, unknown>;
  exits?: Record<string, unknown>;
}

/** Checks a strategy_file path: exists, is .ts/.js/.mjs/.mts; Python gets a clear message. */
export function checkStrategyFile(path: string): string {
  const ext = extname(path).toLowerCase();
  if (ext === ".py") {
    throw new InputError(
      `strategy_file ${path} is Python, which this Deno tool cannot run; write the rule as a ` +
        `TypeScript or JavaScript module exporting generateWeights(ctx) or generateSignals(ctx) ` +
        `(see finance backtest.describe custom)`,
    );
  }
  if (![".ts", ".js", ".mjs", ".mts"].includes(ext)) {
    throw new InputError(
      `strategy_file ${path} must be a .ts, .mts, .js or .mjs module, not "${
        ext || "no extension"
      }"`,
    );
  }
  return resolve(path);
}

/** The panel as plain arrays for the module. */
export function customInput(panel: Panel, params: Record<string, unknown>): CustomInput {
  const close: CustomInput["close"] = {};
  const ohlcv: CustomInput["ohlcv"] = {};
  panel.symbols.forEach((sym, s) => {
    close[sym] = Array.from(panel.close[s]);
    ohlcv[sym] = {
      open: Array.from(panel.open[s]),
      high: Array.from(panel.high[s]),
      low: Array.from(panel.low[s]),
      close: close[sym],
      volume: Array.from(panel.volume[s]),
    };
  });
  return { symbols: panel.symbols, dates: panel.dates, start: panel.start, close, ohlcv, params };
}

/** Turns the module's answer into engine targets, rejecting malformed output with its path. */
export function toTargets(panel: Panel, out: CustomOutput): Targets {
  const n = panel.dates.length;
  // a series under a name the run does not have (aapl for AAPL, BRK.B for BRK-B) would be
  // dropped, and its symbol never traded without a word
  const groups = out.kind === "weights" ? ["weights"] as const : ["entries", "exits"] as const;
  for (const g of groups) {
    const obj = out[g];
    if (!obj || typeof obj !== "object") continue;
    const stray = Object.keys(obj).filter((k) => !panel.symbols.includes(k));
    if (stray.length) {
      throw new InputError(
        `custom strategy: ${g} has ${stray.map((k) => JSON.stringify(k)).join(", ")}, not ${
          stray.length > 1 ? "symbols" : "a symbol"
        } of this run; key each series by ctx.symbols exactly (${panel.symbols.join(", ")})`,
      );
    }
  }
  const series = (obj: Record<string, unknown> | undefined, what: string, sym: string) => {
    const v = obj?.[sym];
    if (v === undefined) return null;
    if (!Array.isArray(v) || v.length !== n) {
      throw new InputError(
        `custom strategy: ${what}.${sym} must be an array of ${n} values (one per date), got ${
          Array.isArray(v) ? `${v.length} values` : typeof v
        }`,
      );
    }
    return v as unknown[];
  };
  if (out.kind === "weights") {
    return panel.symbols.map((sym) => {
      const arr = series(out.weights, "weights", sym);
      const t = new Float64Array(n).fill(NaN);
      arr?.forEach((x, i) => {
        if (x === null || x === undefined) return;
        if (typeof x !== "number" || !Number.isFinite(x)) {
          // NaN or ±Infinity come from the runner as { non_finite } (JSON has neither)
          const odd = (x as { non_finite?: unknown } | null)?.non_finite;
          throw new InputError(
            `custom strategy: weights.${sym}[${i}] (${sym} on ${panel.dates[i]?.slice(0, 10)}) is ${
              typeof odd === "string" ? odd : JSON.stringify(x)
            }; a weight must be a finite number, or null for no order on that bar`,
          );
        }
        if (i >= panel.start) t[i] = x;
      });
      return t;
    });
  }
  const entries = panel.symbols.map((sym) => series(out.entries, "entries", sym));
  const exits = panel.symbols.map((sym) => series(out.exits, "exits", sym));
  return signalsToTargets(
    panel,
    (s, t) => entries[s]?.[t] === true,
    (s, t) => exits[s]?.[t] === true,
  );
}

const RUNNER = new URL("./custom_runner.ts", import.meta.url);

/**
 * Runs the module on `input` and, when `probeLength` is given, once more on the first
 * `probeLength` bars (look-ahead check). Returns both outputs.
 */
export async function runCustomModule(
  file: string,
  input: CustomInput,
  probeLength: number | null,
  timeoutMs: number,
): Promise<{ full: CustomOutput; probe: CustomOutput | null; isolation: string }> {
  const message = { file, input, probeLength };
  const result = await viaProcess(file, message, timeoutMs);
  return { ...result, isolation: "subprocess: deno run --allow-read=<strategy file> only" };
}

type Reply = { ok: true; full: CustomOutput; probe: CustomOutput | null } | {
  ok: false;
  error: string;
  name?: string;
  message?: string;
};

function unwrap(reply: Reply) {
  if (!reply.ok) {
    const refused = reply.name === "NotCapable" || reply.name === "PermissionDenied"
      ? sandboxRefusal(reply.message ?? reply.error)
      : null;
    throw new InputError(refused ?? `custom strategy failed: ${reply.error}`);
  }
  return { full: reply.full, probe: reply.probe };
}

/** What a module asked the sandbox for, by the kind of access Deno names in its refusal. */
const ASKED: Record<string, (what: string | undefined) => string> = {
  read: (what) => `read ${what ?? "a file"}`,
  write: (what) => `write ${what ?? "a file"}`,
  net: (what) => `reach the network${what ? ` (${what})` : ""}`,
  env: (what) => `read the environment${what ? ` (${what})` : ""}`,
  run: (what) => `start a subprocess${what ? ` (${what})` : ""}`,
  sys: (what) => `read system information${what ? ` (${what})` : ""}`,
  ffi: () => "load a native library",
  import: (what) => `import ${what ?? "a remote module"}`,
};

/**
 * A sandbox refusal in words a strategy's author can act on: what the module tried, that the
 * sandbox lets it read only its own file, and how to hand it data (Deno's own text names a
 * flag the user cannot pass here). Null when the refusal is not one of Deno's permission errors.
 */
export function sandboxRefusal(message: string): string | null {
  const m = /Requires (\w+) access(?: to "?([^",]+)"?)?/.exec(message);
  if (!m) return null;
  const asked = (ASKED[m[1]] ?? (() => `use ${m[1]} access`))(m[2]);
  return `custom strategy: the module tried to ${asked}, which the strategy sandbox does not allow: ` +
    "it runs with read access to its own file (strategy_file) only, and no other files, " +
    "network, environment, writes or subprocesses; pass what the rule needs as parameters " +
    "(key=value arguments or params='{...}', read by the module as ctx.params), or write it " +
    "into the module itself";
}

/** Most a strategy's stderr may print before it is stopped; only the start is kept. */
const MAX_STDERR_BYTES = 1024 * 1024;

async function viaProcess(file: string, message: unknown, timeoutMs: number) {
  const runner = RUNNER.protocol === "file:" ? RUNNER.pathname : RUNNER.href;
  const cmd = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--no-prompt",
      "--no-config",
      "--no-lock",
      "--no-remote",
      "--no-npm",
      `--allow-read=${file}`,
      // the child's heap, not ours, holds what the strategy allocates
      "--v8-flags=--max-old-space-size=1024",
      runner,
    ],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
    clearEnv: true,
  });
  const input = new TextEncoder().encode(JSON.stringify(message));
  // the answer is weights or signals for the bars it was given: a few times the input at most
  const maxStdout = Math.max(16 * 1024 * 1024, input.length * 4);
  const child = cmd.spawn();
  let stopped: string | null = null;
  const stop = (why: string) => {
    stopped ??= why;
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
  };
  const timer = setTimeout(
    () => stop(`custom strategy did not finish within ${timeoutMs / 1000} s and was stopped`),
    timeoutMs,
  );
  const signal = callSignal();
  const onAbort = () => stop("custom strategy was stopped: the call was cancelled or timed out");
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const writer = child.stdin.getWriter();
    await writer.write(input).catch(() => {});
    await writer.close().catch(() => {});
    const [stdout, stderr, status] = await Promise.all([
      readCapped(child.stdout, maxStdout, () =>
        stop(
          `custom strategy printed more than ${maxStdout} bytes on stdout and was stopped; its answer must be the JSON the runner prints, so remove other output (console.log) from the module`,
        )),
      readCapped(child.stderr, MAX_STDERR_BYTES, () =>
        stop(
          `custom strategy printed more than ${MAX_STDERR_BYTES} bytes on stderr and was stopped; remove logging from the module`,
        ), 4096),
      child.status,
    ]);
    if (stopped) throw new InputError(stopped);
    const text = new TextDecoder().decode(stdout).trim();
    if (!text) {
      const err = new TextDecoder().decode(stderr).trim().split("\n").slice(0, 3).join(" ");
      if (/out of memory|heap limit|Last few GCs/i.test(err)) {
        throw new InputError(
          "custom strategy ran out of memory (its process may use a 1 GiB heap) and was stopped",
        );
      }
      throw new InputError(`custom strategy failed: ${err || `exit code ${status.code}`}`);
    }
    return unwrap(JSON.parse(text) as Reply);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

/**
 * Reads a stream, keeping at most `keep` bytes (all up to `cap` by default) and calling `over`
 * once more than `cap` bytes have come; the rest is drained without being kept.
 */
async function readCapped(
  stream: ReadableStream<Uint8Array>,
  cap: number,
  over: () => void,
  keep = cap,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let kept = 0;
  let seen = 0;
  for await (const chunk of stream) {
    seen += chunk.length;
    if (seen > cap) {
      over();
      continue;
    }
    if (kept < keep) {
      const part = chunk.subarray(0, keep - kept);
      chunks.push(part);
      kept += part.length;
    }
  }
  const all = new Uint8Array(kept);
  let off = 0;
  for (const c of chunks) {
    all.set(c, off);
    off += c.length;
  }
  return all;
}

/**
 * A note naming the run's symbols the module gave no series for (never traded, held at no
 * weight it chose), or null when it gave one for each.
 */
export function unansweredNote(panel: Panel, out: CustomOutput): string | null {
  const has = (sym: string) =>
    out.kind === "weights"
      ? out.weights?.[sym] !== undefined
      : out.entries?.[sym] !== undefined || out.exits?.[sym] !== undefined;
  const none = panel.symbols.filter((sym) => !has(sym));
  if (!none.length) return null;
  return `custom strategy gave no ${out.kind === "weights" ? "weights" : "entries or exits"} for ${
    none.join(", ")
  }: ${none.length > 1 ? "they are" : "it is"} never traded in this run`;
}
