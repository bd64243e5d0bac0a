/**
 * A language name GDELT does not know (a typo such as "englsh") filters on nothing GDELT has, so
 * its empty answer read as "no news" without a word; it is now said. Known names and
 * three-letter codes are not warned.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { fakeGdelt } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const NOW = "2026-11-27T12:00:00Z";

Deno.test("news.search language=englsh: the empty answer says the language may be unknown", async () => {
  const net = fakeGdelt({ articles: [] });
  const env = await envelope("news.search", { query: "refinery", language: "englsh" }, {
    fetch: net.fetch,
    now: NOW,
  });
  assert.equal(dataOf<Any>(env).count, 0);
  assert.match(net.gdelt[0], /sourcelang%3Aenglsh/);
  assert.ok(
    env.warnings.some((w) =>
      /language="englsh" is not one of the languages GDELT translates/.test(w)
    ),
    env.warnings.join(" | "),
  );
});

Deno.test("news.analyze: known language names and three-letter codes are not warned", async () => {
  for (const language of ["spanish", "es", "spa", "any"]) {
    const net = fakeGdelt({ timeline: [{ series: "Article Count", data: [] }] });
    const env = await envelope("news.analyze", { query: "refinery", language }, {
      fetch: net.fetch,
      now: NOW,
    });
    assert.ok(
      !env.warnings.some((w) => /is not one of the languages GDELT translates/.test(w)),
      `${language}: ${env.warnings.join(" | ")}`,
    );
  }
});
