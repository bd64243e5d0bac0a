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
 * Isolation: a Deno Worker whose permissions are only "read this one file" when the runtime
 * allows worker permissions (needs --unstable-worker-options); otherwise a child `deno run`
 * process with --allow-read=<file> and nothing else. Either way: no network, no writes, no
 * environment, no subprocesses, and a time limit.
 */
import { extname, resolve } from "node:path";
import { InputError } from "../../core/errors.ts";
import { signalsToTargets } from "./strategies.ts";
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
          throw new InputError(
            `custom strategy: weights.${sym}[${i}] must be a finite number or null, got ${
              JSON.stringify(x)
            }`,
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

let workerPermissions: boolean | null = null;

/**
 * Whether this process may give a Worker narrower permissions. Deno exits the whole process
 * (not an exception) when a Worker asks for permissions without --unstable-worker-options, so
 * the flag is looked up on the command line instead of tried.
 */
function canRestrictWorkers(): boolean {
  if (workerPermissions === null) {
    try {
      const argv = Deno.readTextFileSync("/proc/self/cmdline").split("\0");
      workerPermissions = argv.includes("--unstable-worker-options");
    } catch {
      workerPermissions = false;
    }
  }
  return workerPermissions;
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
  if (canRestrictWorkers()) {
    const result = await viaWorker(file, message, timeoutMs);
    return { ...result, isolation: "worker: read access to the strategy file only" };
  }
  const result = await viaProcess(file, message, timeoutMs);
  return { ...result, isolation: "subprocess: deno run --allow-read=<strategy file> only" };
}

type Reply = { ok: true; full: CustomOutput; probe: CustomOutput | null } | {
  ok: false;
  error: string;
};

function unwrap(reply: Reply) {
  if (!reply.ok) throw new InputError(`custom strategy failed: ${reply.error}`);
  return { full: reply.full, probe: reply.probe };
}

function viaWorker(file: string, message: unknown, timeoutMs: number) {
  const worker = new Worker(RUNNER, {
    type: "module",
    deno: {
      permissions: {
        read: [file],
        net: false,
        env: false,
        run: false,
        write: false,
        ffi: false,
        sys: false,
        import: false,
      },
    },
  } as WorkerOptions);
  return new Promise<{ full: CustomOutput; probe: CustomOutput | null }>((res, rej) => {
    const timer = setTimeout(() => {
      worker.terminate();
      rej(
        new InputError(
          `custom strategy did not finish within ${timeoutMs / 1000} s and was stopped`,
        ),
      );
    }, timeoutMs);
    worker.onmessage = (e) => {
      clearTimeout(timer);
      worker.terminate();
      try {
        res(unwrap(e.data as Reply));
      } catch (err) {
        rej(err);
      }
    };
    worker.onerror = (e) => {
      e.preventDefault();
      clearTimeout(timer);
      worker.terminate();
      rej(new InputError(`custom strategy failed: ${e.message}`));
    };
    worker.postMessage(message);
  });
}

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
      "--v8-flags=--max-old-space-size=1024",
      runner,
    ],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
    clearEnv: true,
  });
  const child = cmd.spawn();
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(JSON.stringify(message)));
  await writer.close();
  const out = await child.output();
  clearTimeout(timer);
  const text = new TextDecoder().decode(out.stdout).trim();
  if (!text) {
    if (out.signal === "SIGKILL") {
      throw new InputError(
        `custom strategy did not finish within ${timeoutMs / 1000} s and was stopped`,
      );
    }
    const err = new TextDecoder().decode(out.stderr).trim().split("\n").slice(0, 3).join(" ");
    throw new InputError(`custom strategy failed: ${err || `exit code ${out.code}`}`);
  }
  return unwrap(JSON.parse(text) as Reply);
}
