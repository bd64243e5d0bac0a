import assert from "node:assert/strict";
import { redactText } from "../../core/redact.ts";

Deno.test("redact: a sector or company name after Basic/Token is text, not a credential", () => {
  // "Basic Materials" is a market sector: it was shown as "Basic ***" in every error naming it
  assert.equal(
    redactText('no sector "Basic Materials" in the screen'),
    'no sector "Basic Materials" in the screen',
  );
  assert.equal(redactText("Token Holdings Inc"), "Token Holdings Inc");
  assert.equal(redactText("Basic basic-materials"), "Basic basic-materials");
});

Deno.test("redact: credentials after Basic, Token and Bearer are still taken out", () => {
  assert.equal(redactText("Authorization: Basic aWQ6c2VjcmV0"), "Authorization: Basic ***");
  assert.equal(redactText("Basic dXNlcjpwYXNzd29yZA=="), "Basic ***");
  assert.equal(redactText("Token ghp_abcdefgh"), "Token ***");
  assert.equal(redactText("Token AbCdEfGhIj"), "Token ***");
  // after Bearer anything is a token, words included
  assert.equal(redactText("Bearer abcdefghijkl"), "Bearer ***");
  // a one-word credential is still removed where it is a known value
  assert.equal(redactText("Basic Materialsecret", ["Materialsecret"]), "Basic ***");
});
