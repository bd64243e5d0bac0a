/**
 * The HTTP adapter's handler in one process (no socket), `formula.cagr`: a body sent again
 * (answered from the memo of pure answers, adapters/answer_memo.ts) and a new body every call
 * (the memo's miss: read, checked, computed, and offered to the memo), each beside the same
 * handler keeping no memo. In-process figures rank changes; the server's own cost under load is
 * `bench/adapter_wrk.ts` (with `--distinct` for new bodies).
 */
import { AnswerMemo } from "../adapters/answer_memo.ts";
import { createHandler } from "../adapters/http.ts";
import { Session } from "../core/session.ts";
import "../providers/clients.ts";
import { loadConfig } from "../core/config.ts";

const session = new Session({ config: loadConfig({ FINANCE_CACHE: "off" }) });
const memo = createHandler({ session, memo: new AnswerMemo() });
const none = createHandler({ session, memo: null });
const BODY = '{"start":100,"end":150,"periods":3}';
const HEADERS = { "content-type": "application/json" };
const post = (body: string) =>
  new Request("http://127.0.0.1/commands/formula.cagr", { method: "POST", headers: HEADERS, body });
// the calculator's module loaded before timing
await (await memo(post(BODY))).text();
await (await none(post(BODY))).text();

const BATCH = 200;
let n = 0;
async function batch(handler: typeof memo, distinct: boolean): Promise<void> {
  for (let i = 0; i < BATCH; i++) {
    const body = distinct ? `{"start":${100 + ++n},"end":150,"periods":3}` : BODY;
    const res = await handler(post(body));
    if (res.status !== 200) throw new Error(`answered ${res.status}: ${await res.text()}`);
    await res.text();
  }
}

Deno.bench({
  name: `same body × ${BATCH}, no memo`,
  group: "adapter same body",
  baseline: true,
  fn: async () => await batch(none, false),
});
Deno.bench({
  name: `same body × ${BATCH}, memo`,
  group: "adapter same body",
  fn: async () => await batch(memo, false),
});
Deno.bench({
  name: `new body × ${BATCH}, no memo`,
  group: "adapter new bodies",
  baseline: true,
  fn: async () => await batch(none, true),
});
Deno.bench({
  name: `new body × ${BATCH}, memo`,
  group: "adapter new bodies",
  fn: async () => await batch(memo, true),
});
