/**
 * Helpers of the attack tests: a real `finance serve` or `finance mcp --http` as a subprocess on a
 * free loopback port, a raw HTTP/1.1 client that can say anything (a wrong Host, a trickled
 * body), and the server process's memory and CPU time read from /proc.
 */
import { join } from "node:path";
import { ROOT } from "../_helpers.ts";

/** A free TCP port on 127.0.0.1. */
export function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** A server subprocess and what the tests read from it. */
export interface Spawned {
  port: number;
  pid: number;
  /** Its stderr so far. */
  stderr(): string;
  /** Still running. */
  alive(): boolean;
  /** Resident memory in bytes. */
  rss(): number;
  /** CPU time used so far (user + system), in clock ticks. */
  cpuTicks(): number;
  stop(): Promise<void>;
}

/**
 * Starts `finance <args>` with `env` (no cache, no network) and waits until it answers;
 * `denoFlags` go to `deno run` before the module.
 */
export async function spawnFinance(
  args: string[],
  env: Record<string, string> = {},
  port = freePort(),
  denoFlags: string[] = [],
): Promise<Spawned> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", ...denoFlags, join(ROOT, "mod.ts"), ...args, "--port", String(port)],
    env: {
      FINANCE_CACHE: "off",
      FINANCE_FILINGS_USER_AGENT: "finance-tests test@example.com",
      NO_COLOR: "1",
      ...env,
    },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let err = "";
  let done = false;
  child.status.then(() => done = true);
  (async () => {
    const dec = new TextDecoder();
    for await (const chunk of child.stderr) err += dec.decode(chunk);
  })();
  const pid = child.pid;
  const spawned: Spawned = {
    port,
    pid,
    stderr: () => err,
    alive: () => !done,
    rss: () => {
      const m = /VmRSS:\s+(\d+) kB/.exec(Deno.readTextFileSync(`/proc/${pid}/status`));
      return m ? Number(m[1]) * 1024 : 0;
    },
    cpuTicks: () => {
      const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return Number(fields[11]) + Number(fields[12]); // utime + stime
    },
    stop: async () => {
      if (!done) child.kill("SIGTERM");
      await child.status;
    },
  };
  for (let i = 0; i < 300 && !done; i++) {
    if (err.includes(`127.0.0.1:${port}`)) return spawned;
    await new Promise((r) => setTimeout(r, 100));
  }
  await spawned.stop();
  throw new Error(`finance ${args.join(" ")} did not start: ${err}`);
}

/** A parsed HTTP response. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `head` (request line and headers, no final blank line) and `body`, reads the answer. */
export async function rawRequest(
  port: number,
  head: string,
  body = "",
): Promise<RawResponse> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    const bytes = new TextEncoder().encode(body);
    const length = /content-length:|transfer-encoding:/i.test(head)
      ? ""
      : `Content-Length: ${bytes.length}\r\n`;
    await conn.write(new TextEncoder().encode(`${head}\r\n${length}Connection: close\r\n\r\n`));
    if (bytes.length) await conn.write(bytes);
    return await readResponse(conn);
  } finally {
    try {
      conn.close();
    } catch { /* closed by the server */ }
  }
}

/** Reads one response from a connection that may stay open (content-length framing). */
export async function readResponse(conn: Deno.Conn): Promise<RawResponse> {
  let text = "";
  const buf = new Uint8Array(65536);
  const dec = new TextDecoder();
  while (true) {
    const n = await conn.read(buf).catch(() => null);
    if (n === null) break;
    text += dec.decode(buf.subarray(0, n));
    const split = text.indexOf("\r\n\r\n");
    const length = /content-length:\s*(\d+)/i.exec(text.slice(0, split));
    if (split >= 0 && length && text.length - split - 4 >= Number(length[1])) break;
  }
  return parseResponse(text);
}

/** Splits a raw HTTP/1.1 response (content-length or chunked). */
export function parseResponse(raw: string): RawResponse {
  const split = raw.indexOf("\r\n\r\n");
  const [statusLine, ...lines] = raw.slice(0, split).split("\r\n");
  const headers: Record<string, string> = {};
  for (const l of lines) {
    const i = l.indexOf(":");
    headers[l.slice(0, i).toLowerCase()] = l.slice(i + 1).trim();
  }
  let body = raw.slice(split + 4);
  if (headers["transfer-encoding"] === "chunked") {
    let out = "";
    let rest = body;
    while (rest.length) {
      const eol = rest.indexOf("\r\n");
      const size = parseInt(rest.slice(0, eol), 16);
      if (!size) break;
      out += rest.slice(eol + 2, eol + 2 + size);
      rest = rest.slice(eol + 2 + size + 2);
    }
    body = out;
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body };
}

/** The envelope in a response body; fails when it is not one. */
export function envelopeOf(res: RawResponse): {
  ok: boolean;
  data: unknown;
  error: string | null;
  warnings: string[];
} {
  const env = JSON.parse(res.body);
  if (!("ok" in env && "data" in env && "error" in env && Array.isArray(env.warnings))) {
    throw new Error(`not an envelope: ${res.body.slice(0, 200)}`);
  }
  return env;
}

/** One GiB: the ceiling on the server's memory after any attack. */
export const ONE_GIB = 1024 ** 3;
