/**
 * Keys in the adapter's own failures: an exception escaping a route (here /health's cache status,
 * whose backend address can carry a password) is answered as an envelope with a reference, and
 * its text goes to the server's log. Before, that text went to the log as it was, password, key
 * and token included; now it is redacted as envelopes are. The answer never carried it.
 */
import assert from "node:assert/strict";
import { createHandler } from "../../adapters/http.ts";
import type { Session } from "../../core/session.ts";
import "../../providers/clients.ts";

const PASSWORD = "hunter2RedisPw";
const KEY = "AVKEY0123456789SECRET";
const TOKEN = "adapter-token-0123456789";

/** A session whose cache status throws with credentials in its message. */
function leakySession(): Session {
  return {
    secrets: () => [KEY],
    cacheStatus: () => {
      throw new Error(
        `cannot reach redis://default:${PASSWORD}@10.0.0.5:6379/0 (asked with apikey=${KEY}, Authorization: Bearer ${TOKEN}) ${KEY.toLowerCase()}`,
      );
    },
  } as unknown as Session;
}

async function logged(run: () => Promise<Response>): Promise<{ res: Response; log: string }> {
  const lines: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => lines.push(args.map(String).join(" "));
  try {
    const res = await run();
    return { res, log: lines.join("\n") };
  } finally {
    console.error = original;
  }
}

Deno.test("attack3: an exception's text in the server log has no password, key or token", async () => {
  const handler = createHandler({ session: leakySession(), token: TOKEN });
  const { res, log } = await logged(() =>
    handler(
      new Request("http://127.0.0.1/health", {
        headers: { authorization: `Bearer ${TOKEN}` },
      }),
    )
  );
  assert.equal(res.status, 500);
  const body = await res.text();
  const env = JSON.parse(body);
  assert.equal(env.ok, false);
  assert.match(env.error, /internal error in the adapter \(reference /);
  assert.match(log, /internal error \[/, "the failure is logged with its reference");
  assert.match(log, /10\.0\.0\.5/, "the rest of the text stays, for the operator");
  for (const secret of [PASSWORD, KEY, KEY.toLowerCase(), TOKEN]) {
    assert.ok(!log.includes(secret), `the log holds ${secret}: ${log}`);
    assert.ok(!body.includes(secret), `the answer holds ${secret}`);
  }
});
