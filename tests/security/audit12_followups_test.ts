/**
 * Follow-ups of the exposed surfaces: a guessable FINANCE_ADAPTER_TOKEN is refused where it is the
 * only lock (`finance serve` beyond loopback) and warned on loopback; `finance_run` refuses a
 * `--flag` it does not know instead of dropping it and the word after it; and a call stopped at
 * its time limit says which limit, what sets it and what to try.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createMcpServer } from "../../adapters/mcp.ts";
import { weakTokenProblem } from "../../adapters/bearer_token.ts";
import { checkpoint } from "../../core/cancel.ts";
import { withCallScope } from "../../core/call_scope.ts";
import { execute } from "../../core/runner.ts";
import { ROOT, testSession } from "../_helpers.ts";
import { freePort, spawnFinance } from "./_spawn.ts";

/** `finance serve <args>` with `token`, run to its exit (it is refused before it binds). */
async function serveRefused(token: string, host: string) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      join(ROOT, "mod.ts"),
      "serve",
      "--host",
      host,
      "--port",
      String(freePort()),
    ],
    env: { FINANCE_ADAPTER_TOKEN: token, FINANCE_NO_CACHE: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: out.code, err: new TextDecoder().decode(out.stderr) };
}

Deno.test("token: a short or one-character token is refused beyond loopback, saying how to make one", async () => {
  for (const token of ["t0ken", "right-t0ken", "aaaaaaaaaaaaaaaaaaaaaaaa"]) {
    const { code, err } = await serveRefused(token, "0.0.0.0");
    assert.equal(code, 2, err);
    assert.match(err, /refusing to bind 0\.0\.0\.0: FINANCE_ADAPTER_TOKEN/);
    assert.match(err, /openssl rand -hex 32/);
    assert.ok(!err.includes(token), "the token itself is not echoed");
    assert.doesNotMatch(err, /listening/);
  }
  assert.match(weakTokenProblem("a".repeat(15))!, /15 characters long \(at least 16/);
  assert.match(weakTokenProblem("x".repeat(40))!, /one character repeated/);
  assert.equal(weakTokenProblem("0123456789abcdef"), null);
});

Deno.test("token: a short token on loopback starts the server with a warning", async () => {
  const s = await spawnFinance(["serve"], { FINANCE_ADAPTER_TOKEN: "t0ken" });
  try {
    assert.match(s.stderr(), /warning: FINANCE_ADAPTER_TOKEN is 5 characters long/);
    assert.match(s.stderr(), /openssl rand -hex 32/);
  } finally {
    await s.stop();
  }
});

Deno.test("finance_run: an unknown --flag is refused with the closest argument, not dropped with its value", async () => {
  const server = await createMcpServer({ session: testSession(), validateData: true });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "finance-test", version: "0.0.0" });
  await client.connect(b);
  const run = async (command: string) => {
    const r = await client.callTool({ name: "finance_run", arguments: { command } });
    return r.structuredContent as { ok: boolean; data: unknown; error: string | null };
  };
  try {
    // `--end 100` was dropped with its 100: the call ran on the other values or failed elsewhere
    const flagged = await run("formula.cagr start=50 --end 100 periods=5");
    assert.equal(flagged.ok, false);
    assert.equal(flagged.data, null);
    assert.match(
      flagged.error!,
      /unknown option --end for formula\.cagr; did you mean `end=<value>`/,
    );
    const typo = await run("formula.cagr start=50 end=100 --perods 5");
    assert.match(typo.error!, /unknown option --perods .*did you mean `periods=<value>`/);
    const alone = await run("formula.cagr start=50 end=100 periods=5 --x=100");
    assert.equal(alone.ok, false);
    assert.match(alone.error!, /unknown option --x=100/);
    // output flags still mean nothing to finance_run and are dropped
    const fine = await run("formula.cagr start=50 end=100 periods=5 --output text");
    assert.equal(fine.ok, true, fine.error ?? "");
  } finally {
    await client.close();
    await server.close();
  }
});

Deno.test("time limit: the error names the limit, the setting and a narrower call", async () => {
  const spin = () =>
    withCallScope("filings.read", new AbortController().signal, 1, () => {
      for (;;) checkpoint();
    });
  assert.throws(spin, (err: Error) => {
    assert.match(err.message, /filings\.read did not finish within 1 ms and was stopped/);
    assert.match(err.message, /FINANCE_REQUEST_TIMEOUT_MS/);
    assert.match(err.message, /narrower call/);
    return true;
  });
  const hang =
    ((_input: unknown, init?: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener(
          "abort",
          () => reject(new DOMException("aborted", "AbortError")),
        )
      )) as typeof fetch;
  const { envelope } = await execute("document.read", {
    source: "https://docs.example.com/report.html",
  }, { session: testSession({ fetch: hang }), timeoutMs: 200 });
  assert.equal(envelope.ok, false);
  assert.equal(envelope.data, null);
  assert.match(envelope.error!, /document\.read did not finish within 200 ms and was stopped/);
  assert.match(envelope.error!, /FINANCE_REQUEST_TIMEOUT_MS/);
  assert.match(envelope.error!, /narrower call/);
});
