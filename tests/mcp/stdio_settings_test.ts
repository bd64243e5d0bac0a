import assert from "node:assert/strict";
import { ROOT } from "../_helpers.ts";

/** `finance mcp` over stdio with FINANCE_REQUEST_TIMEOUT_MS set, stdin closed at once. */
async function mcpWith(value: string): Promise<{ code: number; err: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "mod.ts", "mcp"],
    cwd: ROOT,
    env: { FINANCE_REQUEST_TIMEOUT_MS: value, FINANCE_CACHE: "off" },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).output();
  return { code: out.code, err: new TextDecoder().decode(out.stderr) };
}

Deno.test("finance mcp (stdio) refuses a bad FINANCE_REQUEST_TIMEOUT_MS as the HTTP servers do", async () => {
  // 0 and text used to become the default silently, and -5 a limit every call failed
  for (const bad of ["abc", "0", "-5"]) {
    const r = await mcpWith(bad);
    assert.equal(r.code, 2, `${bad}: ${r.err}`);
    assert.match(r.err, /FINANCE_REQUEST_TIMEOUT_MS must be a positive whole number of ms/);
  }
  const ok = await mcpWith("5000");
  assert.equal(ok.code, 0, ok.err);
});
