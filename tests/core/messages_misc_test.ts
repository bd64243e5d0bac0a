/**
 * Refusals that sent the caller the wrong way: an ftp:// source was "file not found", a local
 * file given to ir.read was told only that it is no http(s) address, and a misspelt source in
 * sources.test got the list without the name it most likely meant.
 */
import assert from "node:assert/strict";
import { envelope } from "../_helpers.ts";

const offline = { fetch: () => Promise.reject(new Error("no network in this test")) };

Deno.test("messages: another scheme is named, not looked for as a file", async () => {
  for (const source of ["ftp://example.com/call.html", "s3://bucket/call.html"]) {
    const env = await envelope("transcripts.read", { source }, offline);
    assert.equal(env.ok, false);
    assert.match(env.error!, /uses the (ftp|s3):\/\/ scheme, which is not read: give a local path/);
    assert.doesNotMatch(env.error!, /file not found/);
  }
});

Deno.test("messages: ir.read sends a local file to document.read", async () => {
  const env = await envelope("ir.read", { source: "./deck.pdf" }, offline);
  assert.match(
    env.error!,
    /must be an http\(s\) address .*; to read a local file, use document\.read/,
  );
});

Deno.test("messages: sources.test names the source a misspelling most likely meant", async () => {
  const env = await envelope("sources.test", { source: "stoq" }, offline);
  assert.match(env.error!, /^unknown source "stoq" \(did you mean stooq\?\); available: /);
});

Deno.test("views: one question is one question", async () => {
  const { renderOutput } = await import("../../adapters/render.ts");
  const data = {
    transcript: { title: "Q2 call" },
    qa_pairs: [{ pair: 1, question: { speaker: "A", text: "Why?" }, answers: [] }],
    total_count: 1,
    unanswered_count: 0,
  };
  const out = renderOutput({ ok: true, data, error: null, warnings: [] }, "text", { view: "qa" })
    .out;
  assert.match(out, /^Q2 call: 1 question\n/);
});

Deno.test("messages: an empty transcript file is said to be empty", async () => {
  const path = await Deno.makeTempFile({ suffix: ".html" });
  try {
    const env = await envelope("transcripts.read", { source: path }, offline);
    assert.equal(env.ok, false);
    assert.match(env.error!, /^file:\/\/\S+\.html is empty: there is no transcript to read/);
    await Deno.writeTextFile(path, "<html><body><script>x()</script></body></html>");
    const blank = await envelope("transcripts.read", { source: path }, offline);
    assert.match(blank.error!, /no transcript text found in .*: the page holds no paragraphs/);
  } finally {
    await Deno.remove(path);
  }
});
