/** A real redis-server (or valkey-server) for tests, on a free loopback port, nothing on disk. */

export interface RedisProcess {
  port: number;
  child: Deno.ChildProcess;
  stopped: boolean;
}

/** Path of redis-server or valkey-server, or null when neither is installed. */
export function redisServerPath(): string | null {
  for (const dir of (Deno.env.get("PATH") ?? "").split(":").concat(["/usr/bin", "/usr/sbin"])) {
    for (const name of ["redis-server", "valkey-server"]) {
      try {
        const p = `${dir}/${name}`;
        if (Deno.statSync(p).isFile) return p;
      } catch {
        // not here
      }
    }
  }
  return null;
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return Promise.resolve(port);
}

/** Starts a server and waits until it accepts connections. */
export async function startRedis(bin: string): Promise<RedisProcess> {
  const port = await freePort();
  const child = new Deno.Command(bin, {
    args: ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    stdout: "null",
    stderr: "null",
  }).spawn();
  for (let i = 0; i < 100; i++) {
    try {
      const c = await Deno.connect({ hostname: "127.0.0.1", port });
      c.close();
      return { port, child, stopped: false };
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  child.kill();
  throw new Error(`${bin} did not start on port ${port}`);
}

/** Stops it (idempotent). */
export async function stopRedis(r: RedisProcess): Promise<void> {
  if (r.stopped) return;
  r.stopped = true;
  try {
    r.child.kill("SIGKILL");
  } catch {
    // already gone
  }
  await r.child.status;
}

/** A `finance serve` child process on a free port. */
export interface Serve {
  port: number;
  child: Deno.ChildProcess;
}

/** Starts `finance serve` from `mod` with exactly `env`, and waits until /health answers. */
export async function startServe(mod: string, env: Record<string, string>): Promise<Serve> {
  const port = await freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", mod, "serve", "--port", String(port)],
    env,
    clearEnv: true,
    stdout: "null",
    stderr: "null",
  }).spawn();
  for (let i = 0; i < 200; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/health`);
      await r.body?.cancel();
      if (r.ok) return { port, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error("finance serve did not start");
}
