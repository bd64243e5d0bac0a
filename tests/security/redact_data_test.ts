/** Redaction reaches every string of an envelope's data, however deep, and only strings change. */
import assert from "node:assert/strict";
import { redactEnvelope } from "../../core/redact.ts";

Deno.test("redactEnvelope: keys in nested strings, arrays of strings and URLs are removed", () => {
  const key = "sk_live_SECRET123";
  const envelope = {
    ok: true,
    error: null,
    warnings: [`retried with ${key}`],
    data: {
      url: "https://financialmodelingprep.com/api/v3/quote/AAPL?apikey=abc123def",
      count: 3,
      flag: false,
      none: null,
      list: ["plain", `token ${key} inside`, 7],
      rows: [{ source: `note ${key}`, value: 1.5, deep: [[{ link: `x${key}y` }]] }],
    },
  };
  redactEnvelope(envelope, [key]);
  const text = JSON.stringify(envelope);
  assert.ok(!text.includes(key), text);
  assert.ok(!text.includes("abc123def"), text);
  assert.equal(envelope.data.count, 3);
  assert.equal(envelope.data.flag, false);
  assert.equal(envelope.data.none, null);
  assert.equal(envelope.data.list[0], "plain");
  assert.equal(envelope.data.list[2], 7);
  assert.equal(envelope.data.rows[0].value, 1.5);
  assert.match(envelope.data.rows[0].deep[0][0].link, /^x.+y$/);
  assert.match(envelope.warnings[0], /^retried with /);
});
