/**
 * The adapter answers pure calculators without the runner (adapters/pure.ts runPureArgs); for JSON
 * bodies, with strings or numbers, it must answer exactly as the runner does or hand over.
 */
import assert from "node:assert/strict";
import { parseTokens } from "../../adapters/cli.ts";
import { pureEntry, runPureArgs } from "../../adapters/pure.ts";
import { loadAllCommands } from "../../commands/registry.ts";
import { execute } from "../../core/runner.ts";
import { createHandler } from "../../adapters/http.ts";
import { testSession } from "../_helpers.ts";

/** The same arguments with every numeric string as a JSON number, and some values broken. */
function variants(args: Record<string, unknown>): Record<string, unknown>[] {
  const numeric = Object.fromEntries(
    Object.entries(args).map(([k, v]) => [
      k,
      typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : v,
    ]),
  );
  const out = [args, numeric];
  for (const key of Object.keys(args)) {
    for (const bad of [null, true, "x", [], {}, 1e308, -0.5, "5%", [1, "2"]]) {
      out.push({ ...numeric, [key]: bad });
    }
    const { [key]: _, ...without } = numeric;
    out.push(without);
  }
  out.push({ ...numeric, bogus: 1 });
  return out;
}

Deno.test("adapter pure path: same envelope as the runner for JSON bodies, or hands over", async () => {
  let answered = 0;
  let handedOver = 0;
  for (const def of await loadAllCommands()) {
    if (!pureEntry(def.name)) continue;
    for (const example of def.examples ?? []) {
      if (/[\[|'"]/.test(example)) continue;
      const base = parseTokens(def, example.split(/\s+/).slice(2));
      for (const args of variants(base)) {
        const pure = await runPureArgs(def.name, structuredClone(args));
        // as the adapter ran them before the pure path (no result-schema check in production)
        const ordinary = await execute(def.name, structuredClone(args), { surface: "http" });
        const label = `${def.name} ${JSON.stringify(args)}`;
        if (pure === null) {
          handedOver++;
          continue;
        }
        answered++;
        assert.equal(
          ordinary.status,
          "ok",
          `${label}: pure path answered a call the runner refuses`,
        );
        assert.deepEqual(pure, ordinary.envelope, label);
      }
    }
  }
  assert.ok(answered > 50, `only ${answered} calls answered by the pure path`);
  assert.ok(handedOver > 50, `only ${handedOver} calls handed over`);
});

Deno.test("adapter pure path: the HTTP answer is the runner's envelope", async () => {
  const handler = createHandler({ session: testSession() });
  const body = { start: 100, end: 150, periods: 3 };
  const res = await handler(
    new Request("http://127.0.0.1/commands/formula.cagr", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
  const ordinary = await execute("formula.cagr", body, { surface: "http" });
  assert.deepEqual(await res.json(), ordinary.envelope);
});
