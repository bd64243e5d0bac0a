/** Shared test helpers: run commands against cassettes or a fake network, find shared fixtures. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../core/config.ts";
import type { Envelope } from "../core/envelope.ts";
import { execute, type Outcome } from "../core/runner.ts";
import { Session } from "../core/session.ts";
import "../commands/registry.ts";
import type { Surface } from "../core/access.ts";

/** Project root. */
export const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The project's own fixtures folder. */
export const FIXTURES = join(ROOT, "tests", "fixtures");

/** `../shared/fixtures` when present, else null (tests then skip with a printed reason). */
export const SHARED = (() => {
  const p = join(ROOT, "..", "shared", "fixtures");
  return existsSync(p) ? p : null;
})();

/** Prints why a conformance test is skipped; use as `ignore: !SHARED` plus this in the body. */
export function sharedOrSkip(what: string): string | null {
  if (!SHARED) {
    console.log(`skipped ${what}: ../shared/fixtures is absent (fresh clone)`);
  }
  return SHARED;
}

export interface TestRunOptions {
  /** Cassette folders to replay. */
  replay?: string[];
  /** Fake network. When neither replay nor fetch is given, any network use fails the test. */
  fetch?: typeof fetch;
  /** Extra environment (e.g. API keys). */
  env?: Record<string, string>;
  surface?: Surface;
  now?: string;
  /** Keep per-host spacing (GDELT's 5 s) even with a fake network. Default: off in tests. */
  politeness?: boolean;
  /** Cap every request timeout (ms). */
  timeoutCapMs?: number;
}

/** A fetch that fails the test if called. */
export const noNetwork: typeof fetch = (input) => {
  throw new Error(`test tried to reach the network: ${String(input)}`);
};

/** A session for tests: no cache, replay or a fake fetch, fast backoff. */
export function testSession(opts: TestRunOptions = {}): Session {
  const env: Record<string, string> = {
    FINANCE_CACHE: "off",
    FINANCE_FILINGS_USER_AGENT: "finance-tests test@example.com",
    ...opts.env,
  };
  if (opts.replay?.length) env.FINANCE_REPLAY = opts.replay.join(":");
  if (opts.now) env.FINANCE_NOW = opts.now;
  return new Session({
    config: loadConfig(env),
    fetch: opts.fetch ?? noNetwork,
    backoffBaseMs: 1,
    politeness: opts.politeness ?? false,
    timeoutCapMs: opts.timeoutCapMs,
  });
}

/** Runs a command with result-schema validation on; returns the outcome. */
export async function run(
  name: string,
  args: Record<string, unknown> = {},
  opts: TestRunOptions = {},
): Promise<Outcome> {
  const session = testSession(opts);
  try {
    return await execute(name, args, {
      session,
      surface: opts.surface ?? "library",
      validateData: true,
    });
  } finally {
    session.close();
  }
}

/** Runs a command and returns only the envelope. */
export async function envelope<T = Record<string, unknown>>(
  name: string,
  args: Record<string, unknown> = {},
  opts: TestRunOptions = {},
): Promise<Envelope<T>> {
  return (await run(name, args, opts)).envelope as Envelope<T>;
}

/** Asserts ok and returns data (with the error in the message when not ok). */
export function dataOf<T>(env: Envelope<T>): T {
  if (!env.ok) throw new Error(`expected ok, got error: ${env.error}`);
  return env.data as T;
}

/** Commands in the registry: the contract's 76 plus filings.facts, history and frames. */
export const COMMAND_COUNT = 79;

/** What {@link cliInFreshProcess} saw. */
export interface FreshCli {
  code: number;
  /** Whether zod was loaded by the end. */
  zod: boolean;
  /** What the CLI printed to its standard output, lines joined by "\n". */
  out: string;
  /** HTTP requests its providers made (counted only with `countRequests`). */
  asked: number;
}

/**
 * Runs the CLI's `main` on `argv` in a fresh `deno eval` process, so what it loads is what a cold
 * `finance` loads: with `mod` the library entry is imported first, as `deno run mod.ts` does.
 */
export async function cliInFreshProcess(
  argv: string[],
  env: Record<string, string>,
  opts: { mod?: boolean; countRequests?: boolean } = {},
): Promise<FreshCli> {
  const href = (path: string) => JSON.stringify(new URL(path, import.meta.url).href);
  const probe = `
    ${opts.mod ? `await import(${href("../mod.ts")});` : ""}
    let asked = 0;
    ${
    opts.countRequests
      ? `const { HttpClient } = await import(${href("../core/http.ts")});
    const request = HttpClient.prototype.request;
    HttpClient.prototype.request = function (...a) { asked++; return request.apply(this, a); };`
      : ""
  }
    const { main } = await import(${href("../adapters/cli.ts")});
    const out = [];
    const code = await main(${JSON.stringify(argv)}, { out: (t) => out.push(t), err: () => {} });
    console.log(JSON.stringify({ code, zod: "__zod_globalConfig" in globalThis, out: out.join("\\n"), asked }));`;
  const res = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--config", join(ROOT, "deno.json"), probe],
    cwd: ROOT,
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!res.success) throw new Error(new TextDecoder().decode(res.stderr));
  return JSON.parse(new TextDecoder().decode(res.stdout).trim().split("\n").at(-1)!);
}
