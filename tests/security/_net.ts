/**
 * Hostile parties for the network tests: small local servers that count every request they
 * get, and a session that uses the real network stack (no fake fetch) so a broken guard would
 * really connect. Servers listen on loopback only.
 */
import { loadConfig } from "../../core/config.ts";
import { Session } from "../../core/session.ts";
import "../../providers/clients.ts";
import { createHandler } from "../../adapters/http.ts";
import type { Envelope } from "../../core/envelope.ts";

/** A local server that counts requests; `handle` decides the answer. */
export interface CountingServer {
  port: number;
  hits: number;
  hosts: string[];
  close(): Promise<void>;
}

export function countingServer(
  hostname = "127.0.0.1",
  handle: (req: Request) => Response | Promise<Response> = () =>
    new Response("<html><body><p>reached</p></body></html>", {
      headers: { "content-type": "text/html" },
    }),
  port = 0,
): CountingServer {
  const state = { hits: 0, hosts: [] as string[] };
  const server = Deno.serve({ hostname, port, onListen() {} }, (req) => {
    state.hits++;
    state.hosts.push(req.headers.get("host") ?? "");
    return handle(req);
  });
  return {
    port: server.addr.port,
    get hits() {
      return state.hits;
    },
    get hosts() {
      return state.hosts;
    },
    close: () => server.shutdown(),
  };
}

/** A session on the real network stack (cache off), with extra environment. */
export function liveSession(env: Record<string, string> = {}): Session {
  return new Session({
    config: loadConfig({ FINANCE_CACHE: "off", ...env }),
    backoffBaseMs: 1,
    politeness: false,
  });
}

/** POSTs a command to the adapter's handler, as a network client would. */
export async function adapterCall(
  name: string,
  args: Record<string, unknown>,
  session: Session,
): Promise<Envelope> {
  const handler = createHandler({ session });
  const res = await handler(
    new Request(`http://127.0.0.1:8000/commands/${name}`, {
      method: "POST",
      headers: { "content-type": "application/json", host: "127.0.0.1:8000" },
      body: JSON.stringify(args),
    }),
  );
  return await res.json();
}
