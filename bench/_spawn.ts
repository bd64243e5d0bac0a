/**
 * Cold work for benches: each iteration starts a fresh `deno run` process, so module loading,
 * JIT warm-up and first parses are counted, as a user running the CLI pays them.
 */
import { fileURLToPath } from "node:url";
import { existsSync } from "node:fs";
import { join } from "node:path";

/** Project root. */
export const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** ../shared/fixtures, or null on a fresh clone (benches that need it are ignored). */
export const SHARED = existsSync(join(ROOT, "..", "shared", "fixtures"))
  ? join(ROOT, "..", "shared", "fixtures")
  : null;

/** Runs `deno <args>` from the project root with the cache off; throws when it fails. */
export async function deno(args: string[], env: Record<string, string> = {}): Promise<void> {
  await run(Deno.execPath(), args, env);
}

/** Runs a program from the project root with the cache off; throws when it fails. */
export async function run(
  program: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<void> {
  const out = await new Deno.Command(program, {
    args,
    cwd: ROOT,
    stdout: "null",
    stderr: "piped",
    env: { FINANCE_CACHE: "off", ...env },
  }).output();
  if (!out.success) {
    throw new Error(`${program} ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
  }
}

/** True when `program --version` runs. */
export function installed(program: string): boolean {
  try {
    return new Deno.Command(program, { args: ["--version"], stdout: "null", stderr: "null" })
      .outputSync().success;
  } catch {
    return false;
  }
}
