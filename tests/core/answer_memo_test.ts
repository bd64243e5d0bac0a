/**
 * The adapter's memo of pure calculators' answers (adapters/answer_memo.ts): bounded, keyed by
 * command and exact body text, and a hit answers exactly as the first call did while every
 * refusal before it still applies.
 */
import assert from "node:assert/strict";
import { ADMIT_EVERY, AnswerMemo } from "../../adapters/answer_memo.ts";
import { createHandler } from "../../adapters/http.ts";
import { reply } from "../../adapters/guard.ts";
import { testSession } from "../_helpers.ts";

const CAGR = '{"start":100,"end":150,"periods":3}';

function post(
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
  command = "formula.cagr",
): Request {
  return new Request(`http://127.0.0.1/commands/${command}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
}

async function seen(res: Response) {
  return { status: res.status, headers: [...res.headers], body: await res.text() };
}

Deno.test("answer memo: once full, one new body in ADMIT_EVERY replaces the oldest", () => {
  const memo = new AnswerMemo(2);
  memo.set("formula.cagr", "a", "A");
  memo.set("formula.cagr", "b", "B");
  for (let i = 1; i < ADMIT_EVERY; i++) memo.set("formula.cagr", `new${i}`, "N");
  assert.equal(memo.size, 2);
  assert.equal(memo.get("formula.cagr", "a"), "A", "turned away while full");
  assert.equal(memo.get("formula.cagr", `new1`), undefined);
  memo.set("formula.cagr", "c", "C");
  assert.equal(memo.size, 2);
  assert.equal(memo.get("formula.cagr", "a"), undefined, "the oldest went first");
  assert.equal(memo.get("formula.cagr", "b"), "B");
  assert.equal(memo.get("formula.cagr", "c"), "C");
});

Deno.test("answer memo: bytes past the bound drop the oldest first; too large is not kept", () => {
  // two bytes a character: each entry below holds 2 × (1 + 9) = 20 bytes
  const memo = new AnswerMemo(100, 50);
  memo.set("x", "a", "123456789");
  memo.set("x", "b", "123456789");
  assert.equal(memo.bytes, 40);
  for (let i = 0; i < ADMIT_EVERY; i++) memo.set("x", String.fromCharCode(0x63 + i), "123456789");
  assert.equal(memo.bytes, 40);
  assert.equal(memo.get("x", "a"), undefined);
  assert.equal(memo.get("x", "b"), "123456789");
  assert.equal(memo.get("x", String.fromCharCode(0x63 + ADMIT_EVERY - 1)), "123456789");
  memo.set("x", "~", "1".repeat(30));
  assert.equal(memo.get("x", "~"), undefined, "an entry over the whole bound is not kept");
  assert.ok(memo.bytes <= 50);
});

Deno.test("answer memo: long bodies are not kept; commands keep their own answers", () => {
  const memo = new AnswerMemo(10, 1 << 20, 8);
  memo.set("x", "123456789", "long");
  assert.equal(memo.size, 0);
  memo.set("x", "{}", "X");
  memo.set("y", "{}", "Y");
  assert.equal(memo.get("x", "{}"), "X");
  assert.equal(memo.get("y", "{}"), "Y");
  assert.equal(memo.get("z", "{}"), undefined);
});

Deno.test("answer memo: many new bodies churn through a small bound, within it", () => {
  const memo = new AnswerMemo(3);
  for (let i = 0; i < 1000; i++) memo.set("x", `b${i}`, `a${i}`);
  assert.equal(memo.size, 3);
  assert.ok(memo.bytes <= 2 * 3 * 8);
  const kept = Array.from({ length: 1000 }, (_, i) => `b${i}`).filter((b) => memo.get("x", b));
  assert.equal(kept.length, 3);
  // the newest let in are kept: after the first three, every ADMIT_EVERY-th new body
  const last = 3 + (ADMIT_EVERY - 1) + ADMIT_EVERY * Math.floor((996 - ADMIT_EVERY) / ADMIT_EVERY);
  assert.equal(kept.at(-1), `b${last}`);
});

Deno.test("answer memo: a body sent again and again gets in while the memo is full", () => {
  const memo = new AnswerMemo(4);
  for (let i = 0; i < 4; i++) memo.set("x", `old${i}`, "O");
  let sends = 0;
  while (memo.get("x", "hot") === undefined) {
    memo.set("x", "hot", "H");
    sends++;
  }
  assert.equal(sends, ADMIT_EVERY);
});

Deno.test("adapter memo: a repeated body is answered from the memo, byte for byte the same", async () => {
  const memo = new AnswerMemo();
  const handler = createHandler({ session: testSession(), memo });
  const first = await seen(await handler(post(CAGR)));
  assert.equal(memo.size, 1);
  assert.equal(memo.get("formula.cagr", CAGR), first.body);
  const again = await seen(await handler(post(CAGR)));
  assert.deepEqual(again, first);
  // and as `reply` would have answered the same envelope (the path before the memo)
  assert.deepEqual(await seen(reply(JSON.parse(first.body))), first);
  // another spelling of the same call is its own entry, with the same answer
  const spaced = await seen(await handler(post('{"start": 100, "end": 150, "periods": 3}')));
  assert.deepEqual(spaced, first);
  assert.equal(memo.size, 2);
});

Deno.test("adapter memo: refusals before the memo still apply to a remembered body", async () => {
  const memo = new AnswerMemo();
  const handler = createHandler({ session: testSession(), memo, token: "s3cret-token" });
  const auth = { authorization: "Bearer s3cret-token" };
  assert.equal((await handler(post(CAGR, auth))).status, 200);
  assert.equal(memo.size, 1);
  assert.equal((await handler(post(CAGR))).status, 401, "token");
  assert.equal((await handler(post(CAGR, { ...auth, "content-type": "text/plain" }))).status, 415);
  assert.equal((await handler(post(CAGR, { ...auth, "content-encoding": "gzip" }))).status, 415);
  assert.equal((await handler(post(CAGR, { ...auth, host: "evil.example" }))).status, 421);
  assert.equal((await handler(post(CAGR, { ...auth, origin: "http://evil.example" }))).status, 403);
  const small = createHandler({ session: testSession(), memo, maxBodyBytes: 10 });
  assert.equal((await small(post(CAGR))).status, 413, "body cap");
});

Deno.test("adapter memo: bodies that were refused or handed to the runner are not kept", async () => {
  const memo = new AnswerMemo();
  const handler = createHandler({ session: testSession(), memo });
  const refused: [string | Uint8Array<ArrayBuffer>, number][] = [
    ['{"start":100,"start":100,"end":150,"periods":3}', 422],
    ['{"__proto__":{"x":1},"start":100,"end":150,"periods":3}', 422],
    ['{"\\u005f_proto__":{"x":1},"start":100,"end":150,"periods":3}', 422],
    ['{"start":100,"end":150', 400],
    ["[1,2]", 400],
    [new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]), 400],
    // a value the pure path does not read: the runner answers (and refuses) it
    ['{"start":"abc","end":150,"periods":3}', 422],
  ];
  for (const [body, status] of refused) {
    for (let i = 0; i < 2; i++) {
      const res = await handler(post(body));
      assert.equal(res.status, status, `${body}`);
      await res.body?.cancel();
    }
  }
  assert.equal(memo.size, 0);
});

Deno.test("adapter memo: one command's answer is never given for another", async () => {
  const memo = new AnswerMemo();
  const handler = createHandler({ session: testSession(), memo });
  const body = '{"numerator":10,"denominator":40}';
  const margin = await (await handler(post(body, {}, "formula.margin"))).json();
  const turnover = await handler(post(body, {}, "formula.turnover"));
  const read = await turnover.json();
  assert.equal(margin.ok, true);
  assert.notDeepEqual(read, margin);
  assert.equal(memo.get("formula.turnover", body) === undefined, read.ok !== true);
});

Deno.test("adapter memo: a handler that checks result schemas keeps none", async () => {
  const memo = new AnswerMemo();
  const handler = createHandler({ session: testSession(), memo, validateData: true });
  const res = await handler(post(CAGR));
  assert.equal(res.status, 200);
  await res.body?.cancel();
  assert.equal(memo.size, 0);
});

Deno.test("adapter memo: null keeps none and still answers from the pure path", async () => {
  const handler = createHandler({ session: testSession(), memo: null });
  const first = await seen(await handler(post(CAGR)));
  const again = await seen(await handler(post(CAGR)));
  assert.equal(first.status, 200);
  assert.deepEqual(again, first);
});
