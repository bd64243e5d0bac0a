/**
 * Runs inside a network namespace with nothing but loopback (see slow_clients_test.ts), where
 * 10.9.9.8 and 10.9.9.9 are addresses of `lo`: a connection to one of them comes from it, so
 * the server sees clients other than loopback without any packet leaving the machine. Starts
 * `finance serve --host 0.0.0.0` with a per-client cap of 5 and prints what each client got,
 * as one JSON line.
 */
import { join } from "node:path";
import { ROOT } from "../_helpers.ts";

const port = Number(Deno.args[0]);
const enc = new TextEncoder();
const CAGR = '{"start":100,"end":150,"periods":3}';

const child = new Deno.Command(Deno.execPath(), {
  args: ["run", "-A", join(ROOT, "mod.ts"), "serve", "--host", "0.0.0.0", "--port", String(port)],
  env: {
    FINANCE_CACHE: "off",
    NO_COLOR: "1",
    FINANCE_ADAPTER_TOKEN: "t0ken-0123456789abcdef",
    FINANCE_MAX_CONNECTIONS_PER_CLIENT: "5",
    FINANCE_HEADER_TIMEOUT_MS: "3000",
  },
  stdout: "null",
  stderr: "piped",
}).spawn();
let exited = false;
child.status.then(() => exited = true);
const reader = child.stderr.getReader();
let stderr = "";
while (!stderr.includes(`:${port}`)) {
  const { done, value } = await reader.read();
  if (done) break;
  stderr += new TextDecoder().decode(value);
}

/** Reads until the server closes the connection, for at most 20 s. */
async function untilClosed(conn: Deno.Conn): Promise<{ closed: boolean; text: string }> {
  const buf = new Uint8Array(16384);
  let text = "";
  const stop = Date.now() + 20_000;
  while (Date.now() < stop) {
    const n = await Promise.race([
      conn.read(buf).catch(() => null),
      new Promise<"wait">((r) => setTimeout(() => r("wait"), 200)),
    ]);
    if (n === "wait") continue;
    if (n === null) return { closed: true, text };
    text += new TextDecoder().decode(buf.subarray(0, n));
  }
  return { closed: false, text };
}

/** A POST of formula.cagr from `address` (the connection goes to it, so it comes from it). */
async function call(address: string): Promise<{ from: string; text: string }> {
  const conn = await Deno.connect({ hostname: address, port });
  await conn.write(enc.encode(
    `POST /commands/formula.cagr HTTP/1.1\r\nHost: ${address}\r\nAuthorization: Bearer t0ken-0123456789abcdef\r\nContent-Type: application/json\r\nContent-Length: ${CAGR.length}\r\nConnection: close\r\n\r\n${CAGR}`,
  ));
  const from = (conn.localAddr as Deno.NetAddr).hostname;
  const { text } = await untilClosed(conn);
  try {
    conn.close();
  } catch { /* closed */ }
  return { from, text: text.slice(0, 400) };
}

const out: Record<string, unknown> = { started: stderr.trim() };
try {
  const held: Deno.Conn[] = [];
  for (let i = 0; i < 5; i++) held.push(await Deno.connect({ hostname: "10.9.9.9", port }));
  out.heldFrom = (held[0].localAddr as Deno.NetAddr).hostname;
  out.sixth = await call("10.9.9.9");
  out.otherClient = await call("10.9.9.8");
  const local: Deno.Conn[] = [];
  for (let i = 0; i < 20; i++) local.push(await Deno.connect({ hostname: "127.0.0.1", port }));
  out.loopback = await call("127.0.0.1");
  // the five sent nothing: the header timeout closes them, and their address may connect again
  out.heldClosed = (await Promise.all(held.map(untilClosed))).every((r) => r.closed);
  out.afterwards = await call("10.9.9.9");
  for (const c of [...held, ...local]) {
    try {
      c.close();
    } catch { /* closed */ }
  }
  out.alive = !exited;
  child.kill("SIGTERM");
  const status = await child.status;
  out.exitedBySignal = status.signal;
} catch (err) {
  out.error = String(err);
  try {
    child.kill("SIGTERM");
  } catch { /* gone */ }
}
console.log(JSON.stringify(out));
