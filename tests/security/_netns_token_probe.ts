/**
 * Runs inside a network namespace with nothing but loopback (see token_guessing_test.ts), where
 * 10.9.9.8 and 10.9.9.9 are addresses of `lo`: a connection to one of them comes from it. Starts
 * `finance serve --host 0.0.0.0` with a token and FINANCE_MAX_TOKEN_FAILURES=3, guesses tokens
 * from 10.9.9.9, and prints what each client got, as one JSON line.
 */
import { join } from "node:path";
import { ROOT } from "../_helpers.ts";

const port = Number(Deno.args[0]);
const CAGR = '{"start":100,"end":150,"periods":3}';

const child = new Deno.Command(Deno.execPath(), {
  args: ["run", "-A", join(ROOT, "mod.ts"), "serve", "--host", "0.0.0.0", "--port", String(port)],
  env: {
    FINANCE_CACHE: "off",
    NO_COLOR: "1",
    FINANCE_ADAPTER_TOKEN: "right-t0ken-0123456789",
    FINANCE_MAX_TOKEN_FAILURES: "3",
  },
  stdout: "null",
  stderr: "piped",
}).spawn();
const reader = child.stderr.getReader();
let stderr = "";
while (!stderr.includes(`:${port}`)) {
  const { done, value } = await reader.read();
  if (done) break;
  stderr += new TextDecoder().decode(value);
}

/** A POST of formula.cagr to `address` with `token`: status, Retry-After and error. */
async function call(address: string, token: string) {
  const res = await fetch(`http://${address}:${port}/commands/formula.cagr`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: CAGR,
  });
  const body = await res.json();
  return { status: res.status, retryAfter: res.headers.get("retry-after"), error: body.error };
}

const out: Record<string, unknown> = { started: stderr.trim() };
try {
  const guesses = [];
  for (let i = 0; i < 6; i++) guesses.push(await call("10.9.9.9", `guess-${i}`));
  out.guesses = guesses;
  // over the limit the token is not even compared: the right one is refused too
  out.rightAfterGuessing = await call("10.9.9.9", "right-t0ken-0123456789");
  out.otherClient = await call("10.9.9.8", "right-t0ken-0123456789");
  const local = [];
  for (let i = 0; i < 6; i++) local.push((await call("127.0.0.1", `guess-${i}`)).status);
  out.loopback = local;
  out.loopbackRight = (await call("127.0.0.1", "right-t0ken-0123456789")).status;
} catch (err) {
  out.error = String(err);
}
child.kill("SIGTERM");
await child.status;
console.log(JSON.stringify(out));
