/**
 * Runs inside a network namespace with nothing but loopback (see ipv6_client_cap_test.ts), where
 * 2001:db8:1::1 to ::6 (one /64) and 2001:db8:2::1 (another) are addresses of `lo`: a connection
 * to one of them comes from it, so the server sees IPv6 clients other than loopback without any
 * packet leaving the machine. Serves on [::] with a per-client cap of 3, holds one idle
 * connection from each of five addresses of the first /64, and prints what each got and what a
 * client of the other /64 got, as one JSON line.
 */
import { serveConnections } from "../../adapters/connections.ts";

const limits = {
  headerTimeoutMs: 15_000,
  idleTimeoutMs: 15_000,
  maxOpenConnections: 1024,
  maxConnectionsPerClient: 3,
};
const server = serveConnections({
  hostname: "::",
  port: 0,
  limits,
  handler: (req) => Promise.resolve(new Response(`served ${new URL(req.url).pathname}`)),
  onError: () => new Response("error", { status: 500 }),
  onListen: () => {},
  warn: (line) => console.error(line),
});
const port = server.addr.port;

/** What a connection got within `ms`: the text read and whether the server closed it. */
async function within(conn: Deno.Conn, ms: number): Promise<{ closed: boolean; text: string }> {
  const buf = new Uint8Array(16384);
  let text = "";
  const stop = Date.now() + ms;
  while (Date.now() < stop) {
    const n = await Promise.race([
      conn.read(buf).catch(() => null),
      new Promise<"wait">((r) => setTimeout(() => r("wait"), 100)),
    ]);
    if (n === "wait") continue;
    if (n === null) return { closed: true, text };
    text += new TextDecoder().decode(buf.subarray(0, n));
  }
  return { closed: false, text };
}

const held: Deno.Conn[] = [];
const out: Record<string, unknown> = {};
try {
  // five addresses of one /64, one silent connection each: the first three are held open
  const sameNet: { from: string; closed: boolean; text: string }[] = [];
  for (let i = 1; i <= 5; i++) {
    const conn = await Deno.connect({ hostname: `2001:db8:1::${i}`, port });
    held.push(conn);
    const from = (conn.localAddr as Deno.NetAddr).hostname;
    sameNet.push({ from, ...await within(conn, 300) });
  }
  out.sameNet = sameNet;
  const other = await Deno.connect({ hostname: "2001:db8:2::1", port });
  held.push(other);
  await other.write(
    new TextEncoder().encode("GET /other HTTP/1.1\r\nHost: [2001:db8:2::1]\r\n\r\n"),
  );
  out.otherNet = {
    from: (other.localAddr as Deno.NetAddr).hostname,
    ...await within(other, 2_000),
  };
} catch (err) {
  out.error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
} finally {
  for (const c of held) {
    try {
      c.close();
    } catch { /* closed by the server */ }
  }
  server.close();
  await server.finished;
}
console.log(JSON.stringify(out));
