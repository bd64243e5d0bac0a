/**
 * When a replayed answer was recorded: its own Date header, else its cassette's recorded_at (the
 * only date the fixtures README's cassette format defines), else unknown (null), never the time
 * of the run that replays it.
 */
import assert from "node:assert/strict";
import { CassetteLibrary, UNDATED_REPLAY } from "../../core/cassette.ts";
import { join } from "../../core/paths.ts";

/** A cassette folder holding `entries` (bodies inline), with `recorded_at` when given. */
function cassette(entries: Record<string, unknown>[], recordedAt?: string): string {
  const dir = Deno.makeTempDirSync({ prefix: "finance-dates-" });
  const index = { version: 1, ...(recordedAt ? { recorded_at: recordedAt } : {}), entries };
  Deno.writeTextFileSync(join(dir, "index.json"), JSON.stringify(index));
  return dir;
}

const entry = (url: string, headers?: Record<string, string>) => ({
  method: "GET",
  url,
  status: 200,
  ...(headers ? { headers } : {}),
  body: "{}",
});

Deno.test("replay dates: no recorded_at and no Date header is unknown (null), not now", () => {
  const lib = new CassetteLibrary([cassette([entry("https://a.test/x")])]);
  assert.equal(lib.recordedAt, null);
  assert.equal(lib.find("GET", "https://a.test/x")?.recordedAt, null);
});

Deno.test("replay dates: a recorded Date header is the answer's time, whatever recorded_at says", () => {
  const dir = cassette(
    [entry("https://a.test/x", { Date: "Tue, 04 Mar 2025 10:00:00 GMT" })],
    "2026-01-01T00:00:00Z",
  );
  const hit = new CassetteLibrary([dir]).find("GET", "https://a.test/x");
  assert.equal(hit?.recordedAt, Date.parse("2025-03-04T10:00:00Z"));
});

Deno.test("replay dates: without a Date header, the answer's own cassette's recorded_at", () => {
  const dated = cassette([entry("https://a.test/x")], "2025-01-02T03:04:05Z");
  const undated = cassette([entry("https://b.test/y"), entry("https://b.test/z", { date: "?" })]);
  // the first cassette's date is the session's clock; it is not the second one's recording time
  const lib = new CassetteLibrary([dated, undated]);
  assert.equal(lib.recordedAt, "2025-01-02T03:04:05Z");
  assert.equal(lib.find("GET", "https://a.test/x")?.recordedAt, Date.parse("2025-01-02T03:04:05Z"));
  assert.equal(lib.find("GET", "https://b.test/y")?.recordedAt, null);
  assert.equal(lib.find("GET", "https://b.test/z")?.recordedAt, null, "a Date that is no date");
});

Deno.test("replay dates: an answer read from a file carries its date too", () => {
  const dir = cassette([{ method: "GET", url: "https://a.test/f", status: 200, file: "f.json" }]);
  Deno.writeTextFileSync(join(dir, "f.json"), '{"a":1}');
  const hit = new CassetteLibrary([dir]).find("GET", "https://a.test/f");
  assert.equal(hit?.recordedAt, null);
  assert.equal(new TextDecoder().decode(hit?.body), '{"a":1}');
});

Deno.test("replay dates: the warning names what is missing and what to add", () => {
  assert.match(UNDATED_REPLAY, /recorded_at/);
  assert.match(UNDATED_REPLAY, /Date header/);
  assert.match(UNDATED_REPLAY, /retrieved_at is null/);
});
