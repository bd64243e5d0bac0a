/**
 * A call that reads a replayed answer whose recording carries no date (no recorded_at, no Date
 * header) says so: its retrieved_at is null and a warning says why, instead of the time of the
 * run that replays it. A dated recording gives its own time.
 */
import assert from "node:assert/strict";
import { UNDATED_REPLAY } from "../../core/cassette.ts";
import { join } from "../../core/paths.ts";
import { run } from "../_helpers.ts";

const PAGE = "https://example.test/report.html";
const HTML = "<html><head><title>Report</title></head><body><p>Revenue grew.</p></body></html>";

function cassette(recordedAt?: string, headers: Record<string, string> = {}): string {
  const dir = Deno.makeTempDirSync({ prefix: "finance-dates-call-" });
  const entries = [{
    method: "GET",
    url: PAGE,
    status: 200,
    headers: { "content-type": "text/html; charset=utf-8", ...headers },
    body: HTML,
  }];
  const index = { version: 1, ...(recordedAt ? { recorded_at: recordedAt } : {}), entries };
  Deno.writeTextFileSync(join(dir, "index.json"), JSON.stringify(index));
  return dir;
}

Deno.test("replay dates: an undated recording gives retrieved_at null and says why", async () => {
  const out = await run("document.read", { source: PAGE }, { replay: [cassette()] });
  assert.equal(out.envelope.ok, true, out.envelope.error ?? "");
  const data = out.envelope.data as { retrieved_at: unknown; source_urls: string[] };
  assert.equal(data.retrieved_at, null);
  assert.deepEqual(data.source_urls, [PAGE]);
  assert.ok(out.envelope.warnings.includes(UNDATED_REPLAY), out.envelope.warnings.join("\n"));
});

Deno.test("replay dates: a recording's Date header, else its recorded_at, is its time", async () => {
  const dated = await run("document.read", { source: PAGE }, {
    replay: [cassette("2026-01-01T00:00:00Z", { date: "Tue, 04 Mar 2025 10:00:00 GMT" })],
  });
  assert.equal(
    (dated.envelope.data as { retrieved_at: unknown }).retrieved_at,
    "2025-03-04T10:00:00.000Z",
  );
  const byIndex = await run("document.read", { source: PAGE }, {
    replay: [cassette("2025-01-02T03:04:05Z")],
  });
  assert.equal(
    (byIndex.envelope.data as { retrieved_at: unknown }).retrieved_at,
    "2025-01-02T03:04:05.000Z",
  );
  for (const out of [dated, byIndex]) assert.ok(!out.envelope.warnings.includes(UNDATED_REPLAY));
});
