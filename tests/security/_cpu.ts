/**
 * Helpers of the CPU-after-timeout tests (cpu_*_test.ts): a command sent to a real
 * `finance serve`, and the check that once a call is stopped at its time limit the server and
 * everything it started go quiet: CPU time of the server, of its children still running and of
 * the children it has reaped (all from /proc), and no child process left.
 */
import assert from "node:assert/strict";
import { envelopeOf, rawRequest, type Spawned } from "./_spawn.ts";

/** POSTs `args` to /commands/`name` and returns the envelope. */
export async function command(s: Spawned, name: string, args: unknown) {
  return envelopeOf(
    await rawRequest(
      s.port,
      `POST /commands/${name} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json`,
      JSON.stringify(args),
    ),
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function statFields(pid: number): string[] | null {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    // after "pid (comm) ": state is field 3, so index 0 here is field 3
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null; // gone meanwhile
  }
}

/** Live processes whose parent is `pid` (pid and command name). */
export function childrenOf(pid: number): { pid: number; name: string }[] {
  const out: { pid: number; name: string }[] = [];
  for (const e of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    const f = statFields(Number(e.name));
    if (!f || Number(f[1]) !== pid || f[0] === "Z") continue;
    let name = "?";
    try {
      name = Deno.readTextFileSync(`/proc/${e.name}/comm`).trim();
    } catch { /* gone */ }
    out.push({ pid: Number(e.name), name });
  }
  return out;
}

/**
 * CPU time in clock ticks of `pid` (utime + stime), of the children it has waited for
 * (cutime + cstime) and of the descendants still running.
 */
export function treeTicks(pid: number): number {
  const f = statFields(pid);
  if (!f) return 0;
  let ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
  for (const c of childrenOf(pid)) ticks += treeTicks(c.pid);
  return ticks;
}

/** Clock ticks per second (USER_HZ): 100 on every Linux this runs on. */
const HZ = 100;

/** What a stopped call showed: its envelope and the child processes seen while it ran. */
export interface Stopped {
  env: Awaited<ReturnType<typeof command>>;
  /** Names of the server's child processes seen while the call ran. */
  children: Set<string>;
}

/**
 * Sends a call that must be stopped at `timeoutMs` (the server's FINANCE_REQUEST_TIMEOUT_MS) and
 * checks what follows: the envelope says the time limit passed, and from one second after the
 * limit, over the next 1.5 s, the server with its children uses less than 0.3 s of CPU and no
 * child process remains. The window is counted from when the call was sent, so work that blocks
 * the server past its limit (and delays the answer) fails as surely as work left running after.
 * `send` makes the call (default: POST /commands/NAME of `finance serve`).
 */
export async function stoppedCall(
  s: Spawned,
  name: string,
  args: unknown,
  timeoutMs: number,
  send: typeof command = command,
): Promise<Stopped> {
  const children = new Set<string>();
  const watch = setInterval(() => {
    for (const c of childrenOf(s.pid)) children.add(c.name);
  }, 50);
  const start = performance.now();
  const window = (async () => {
    await sleep(timeoutMs + 1000);
    const before = treeTicks(s.pid);
    await sleep(1500);
    return treeTicks(s.pid) - before;
  })();
  let env;
  try {
    env = await send(s, name, args);
  } finally {
    clearInterval(watch);
  }
  const answeredAfter = Math.round(performance.now() - start);
  assertDeadline(env, name, timeoutMs);
  const used = await window;
  const what = `${name} ${JSON.stringify(args).slice(0, 120)}`;
  assert.ok(
    used < 0.3 * HZ,
    `${what}: the server used ${
      used / HZ
    } s of CPU from 1 s to 2.5 s after its ${timeoutMs} ms limit (answered after ${answeredAfter} ms)`,
  );
  assert.deepEqual(childrenOf(s.pid), [], `${what}: child processes left running`);
  assert.ok(s.alive(), `${what}: the server died`);
  return { env, children };
}

/** The envelope says the call was stopped at its time limit. */
export function assertDeadline(
  env: { ok: boolean; error: string | null },
  name: string,
  ms: number,
): void {
  assert.equal(env.ok, false, `${name} answered ok before its ${ms} ms limit`);
  assert.match(
    env.error!,
    new RegExp(`${name.replace(".", "\\.")} did not finish within ${ms} ms`),
    `${name}: ${env.error}`,
  );
}
