import assert from "node:assert/strict";
import { Validator } from "@seriousme/openapi-schema-validator";
import { createHandler } from "../../adapters/http.ts";
import { constantTimeEqual } from "../../adapters/bearer_token.ts";
import { openApiDocument, operationId } from "../../adapters/openapi.ts";
import { parseTokens } from "../../adapters/cli.ts";
import { loadAllCommands } from "../../commands/registry.ts";
import { COMMAND_COUNT, testSession } from "../_helpers.ts";

const handler = createHandler({ session: testSession(), validateData: true, maxBodyBytes: 2000 });

function post(path: string, body: string, type = "application/json") {
  return handler(
    new Request(`http://127.0.0.1${path}`, {
      method: "POST",
      body,
      headers: { "content-type": type },
    }),
  );
}

Deno.test("adapter: envelopes for good and bad requests", async () => {
  const ok = await post("/commands/sources.status", "{}");
  assert.equal(ok.status, 200);
  const env = await ok.json();
  assert.equal(env.ok, true);
  assert.equal(env.data.count, 12);
  const refused = await post("/commands/sources.status", '{"bogus":1}');
  assert.equal(refused.status, 422);
  const bogus = await refused.json();
  assert.equal(bogus.ok, false);
  assert.match(bogus.error, /unknown argument `bogus`/);
  const unknown = await post("/commands/nope.x", "{}");
  assert.equal(unknown.status, 404);
  assert.equal((await unknown.json()).ok, false);
  assert.equal((await post("/commands/sources.status", "{not json")).status, 400);
  assert.equal((await post("/commands/sources.status", "[1]")).status, 400);
  assert.equal((await post("/commands/sources.status", "a=b", "text/plain")).status, 415);
  // curl -d alone sends a form content type: a page's form post looks the same, so it is refused
  // with the header to add
  const curlStyle = await post(
    "/commands/sources.status",
    "{}",
    "application/x-www-form-urlencoded",
  );
  assert.equal(curlStyle.status, 415);
  const refusal = await curlStyle.json();
  assert.equal(refusal.ok, false);
  assert.match(refusal.error, /-H 'content-type: application\/json'/);
  assert.equal(
    (await post("/commands/sources.status", "{}", "application/json; charset=utf-8")).status,
    200,
  );
  const big = await post("/commands/sources.status", JSON.stringify({ x: "y".repeat(5000) }));
  assert.equal(big.status, 413);
  assert.equal((await big.json()).ok, false);
  const health = await handler(new Request("http://127.0.0.1/health"));
  assert.equal((await health.json()).commands, COMMAND_COUNT);
});

Deno.test("adapter: bearer token is required when configured", async () => {
  const guarded = createHandler({ session: testSession(), token: "s3cret-token" });
  const req = (auth?: string) =>
    guarded(
      new Request("http://127.0.0.1/commands/sources.list", {
        method: "POST",
        body: "{}",
        headers: { "content-type": "application/json", ...(auth ? { authorization: auth } : {}) },
      }),
    );
  assert.equal((await req()).status, 401);
  assert.equal((await req("Bearer wrong")).status, 401);
  assert.equal((await req("Bearer s3cret-token")).status, 200);
  assert.equal(constantTimeEqual("abc", "abc"), true);
  assert.equal(constantTimeEqual("abc", "abd"), false);
  assert.equal(constantTimeEqual("abc", "abcd"), false);
});

Deno.test("openapi: a valid OpenAPI 3.1 document with one operation per command", async () => {
  const doc = await openApiDocument();
  const result = await new Validator().validate(structuredClone(doc));
  assert.equal(result.valid, true, String(JSON.stringify(result.errors ?? null)).slice(0, 1000));
  assert.equal(doc.openapi, "3.1.0");
  const broken = structuredClone(doc) as Record<string, unknown>;
  delete broken.info;
  assert.equal(
    (await new Validator().validate(broken)).valid,
    false,
    "validator must catch errors",
  );
  const paths = doc.paths as Record<string, { post: Record<string, unknown> }>;
  assert.equal(Object.keys(paths).length, COMMAND_COUNT);
  const op = paths["/commands/filings.statement"].post;
  assert.equal(op.operationId, "finance_filings_statement");
  const x = op["x-finance-cli"] as Record<string, unknown>;
  assert.equal(x.command, "filings.statement");
  assert.equal(x.side_effects, "network_read_only");
  assert.equal(operationId("backtest.factor.payload"), "finance_backtest_factor_payload");
  const served = await (await handler(new Request("http://127.0.0.1/openapi.json"))).json();
  assert.deepEqual(Object.keys(served.paths).length, COMMAND_COUNT);
});

/** Fills placeholders of a usage line with sample values and keeps the first of `a|b` choices. */
function usageTokens(usage: string): string[] {
  const sample: Record<string, string> = {
    SYMBOL: "AAPL",
    SYMBOLS: "AAPL,MSFT",
    START_DATE: "2024-01-02",
    END_DATE: "2024-06-28",
    STRATEGY: "sma_cross",
    STRATEGY_ID: "sma_cross",
    FACTOR_NAME: "momentum",
    KEY: "technology",
    QUERY: "day_gainers",
  };
  const body = usage.split(" ").slice(2).join(" ").replace(/\(0=unlimited\)/g, "");
  const tokens = body.match(/'[^']*'|"[^"]*"|[^\s\[\]]+/g) ?? [];
  const out: string[] = [];
  for (let t of tokens) {
    t = t.replace(/^\[|\]$/g, "");
    if (!t || t === "SYMBOL[,SYMBOL...]") {
      if (t) out.push("AAPL,MSFT");
      continue;
    }
    if (t.startsWith("SOURCE|")) {
      out.push("./x.pdf");
      continue;
    }
    if (t.includes("=")) {
      const [k, ...rest] = t.split("=");
      let v = rest.join("=").replace(/^'|'$/g, "");
      if (k.includes("|")) continue; // positional-or-keyword notation like SOURCE|source=...
      v = v.split("|")[0];
      if (/^[A-Z_]+$/.test(k)) {
        out.push(v); // [MARKET=US] style optional positional
        continue;
      }
      if (v === "YYYY-MM-DD") v = "2024-01-02";
      if (v === "YYYYMMDDHHMMSS") v = "20240102030405";
      if (/^[A-Z_]+$/.test(v) || v === "PATH_OR_URL" || v === "char_START_END") {
        // an ISO currency code is upper case like a placeholder: kept as written
        v = k === "match_id"
          ? "char_0_10"
          : k === "url"
          ? "https://example.com/x"
          : k.endsWith("currency") && /^[A-Z]{3}$/.test(v)
          ? v
          : "x";
      }
      out.push(`${k}=${v}`);
    } else if (sample[t]) out.push(sample[t]);
  }
  return out;
}

Deno.test("openapi: every request schema accepts its command's reference usage example", async () => {
  let checked = 0;
  for (const def of await loadAllCommands()) {
    const tokens = usageTokens(def.usage);
    const args = parseTokens(def, tokens);
    const normalized: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(args)) normalized[def.aliases?.[k] ?? k] = v;
    const r = def.args.safeParse(normalized);
    assert.ok(
      r.success,
      `${def.name}: ${JSON.stringify(tokens)} → ${JSON.stringify(r.error?.issues?.[0])}`,
    );
    checked++;
  }
  assert.equal(checked, COMMAND_COUNT);
});
