/**
 * Under replay of recordings that carry no date (no recorded_at, no Date header) the evidence
 * commands' retrieved_at is null, with the warning saying why, never the time of the run that
 * replays them; a dated recording gives its own time. The cassettes are the project's own
 * fixtures with their dates taken out.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { UNDATED_REPLAY } from "../../core/cassette.ts";
import { makeContext } from "../../core/call_context.ts";
import { failure } from "../../core/envelope.ts";
import type { Context } from "../../core/context.ts";
import { dataOf, envelope, FIXTURES, testSession } from "../_helpers.ts";
import { fakeMarket } from "../market/_fake.ts";

const CALL_URL =
  "https://www.fool.com/earnings/call-transcripts/2025/11/06/example-software-exsw-q3-2025-earnings-call-transcript/";
/** A run's clock far from every recording's time: a date taken from it is seen at once. */
const NOW = "2031-07-07T07:07:07Z";

/** A copy of a fixture cassette folder with every date taken out (index and headers). */
function undated(dir: string): string {
  const out = Deno.makeTempDirSync({ prefix: "finance-undated-" });
  for (const f of Deno.readDirSync(dir)) {
    if (f.isFile) Deno.copyFileSync(join(dir, f.name), join(out, f.name));
  }
  const index = JSON.parse(Deno.readTextFileSync(join(dir, "index.json")));
  delete index.recorded_at;
  for (const e of index.entries) {
    for (const h of Object.keys(e.headers ?? {})) {
      if (h.toLowerCase() === "date") delete e.headers[h];
    }
  }
  Deno.writeTextFileSync(join(out, "index.json"), JSON.stringify(index));
  return out;
}

const TRANSCRIPTS = join(FIXTURES, "evidence", "transcripts");

Deno.test("transcripts.search: retrieved_at is the recording's time, null when it has none", async () => {
  const dated = dataOf(
    await envelope("transcripts.search", { symbol: "EXSW" }, { replay: [TRANSCRIPTS], now: NOW }),
  ) as { retrieved_at: string | null };
  assert.equal(dated.retrieved_at, "2025-11-20T12:00:00.000Z");
  const env = await envelope("transcripts.search", { symbol: "EXSW" }, {
    replay: [undated(TRANSCRIPTS)],
    now: NOW,
  });
  assert.equal((dataOf(env) as { retrieved_at: unknown }).retrieved_at, null);
  assert.ok(env.warnings.includes(UNDATED_REPLAY), env.warnings.join("\n"));
});

Deno.test("transcripts.read and kpi.extract: an undated page's retrieved_at is null, not today", async () => {
  const replay = [undated(TRANSCRIPTS)];
  const read = await envelope("transcripts.read", { source: CALL_URL }, { replay, now: NOW });
  const t = (dataOf(read) as { transcript: { retrieved_at: unknown } }).transcript;
  assert.equal(t.retrieved_at, null);
  assert.ok(read.warnings.includes(UNDATED_REPLAY));
  const kpi = await envelope("kpi.extract", { symbol: "EXSW", source: CALL_URL }, {
    replay,
    now: NOW,
  });
  const docs = (dataOf(kpi) as { documents: { retrieved_at?: unknown }[] }).documents;
  assert.ok(docs.length > 0);
  for (const d of docs) assert.equal(d.retrieved_at, null);
  assert.ok(!JSON.stringify(kpi.data).includes(NOW.slice(0, 10)), "no date of this run");
});

Deno.test("transcripts.read of a local file: read now, by the run's clock", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "finance-local-call-" });
  const path = join(dir, "call.txt");
  Deno.copyFileSync(join(TRANSCRIPTS, "plain_call.txt"), path);
  const env = await envelope("transcripts.read", { source: path }, { now: NOW });
  const t = (dataOf(env) as { transcript: { retrieved_at: unknown } }).transcript;
  assert.equal(t.retrieved_at, new Date(NOW).toISOString());
});

Deno.test("ir.read and ir.presentations: an undated recording gives retrieved_at null", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "finance-undated-ir-" });
  const page = "https://investors.exsw.example/news/q3-results.html";
  Deno.writeTextFileSync(
    join(dir, "index.json"),
    JSON.stringify({
      version: 1,
      entries: [{
        method: "GET",
        url: page,
        status: 200,
        headers: { "content-type": "text/html; charset=utf-8" },
        body:
          "<html><head><title>Q3 results</title></head><body><p>Revenue grew 11% to $5.0 billion.</p></body></html>",
      }],
    }),
  );
  const read = await envelope("ir.read", { source: page }, { replay: [dir], now: NOW });
  assert.equal((dataOf(read) as { retrieved_at: unknown }).retrieved_at, null);
  assert.ok(read.warnings.includes(UNDATED_REPLAY));
  const listed = await envelope("ir.presentations", { symbol: "EXSW", source: "sec" }, {
    replay: [undated(join(FIXTURES, "evidence", "ir"))],
    now: NOW,
  });
  assert.equal((dataOf(listed) as { retrieved_at?: unknown }).retrieved_at, null);
});

/**
 * A context on a fake network whose answers are all undated, as an undated replay marks them
 * (retrieved_at null): what a command reports as read is then not known.
 */
function undatedContext(env: Record<string, string> = {}): { ctx: Context; warnings: string[] } {
  const session = testSession({ fetch: fakeMarket(), now: NOW, env });
  const warnings: string[] = [];
  const ctx = makeContext(
    session,
    "library",
    warnings,
    new AbortController().signal,
    () => Promise.resolve(failure("no nested calls in this test")),
  );
  const real = ctx.requested;
  return {
    ctx: { ...ctx, requested: () => real().map((r) => ({ ...r, retrieved_at: null })) },
    warnings,
  };
}

Deno.test("estimates.consensus and calendar.*: an answer of unknown time gives retrieved_at null", async () => {
  const cases: [string, Record<string, unknown>, Record<string, string>][] = [
    ["estimates/consensus.ts", { symbol: "AAPL" }, { ESTIMATES_A_API_KEY: "fmpkey-123456" }],
    ["calendar/company.ts", { symbol: "AAPL" }, {}],
    ["calendar/earnings.ts", { symbol: "AAPL" }, {}],
  ];
  for (const [file, args, env] of cases) {
    const cmd = (await import(`../../commands/${file}`)).default;
    const { ctx } = undatedContext(env);
    const data = await cmd.run(cmd.args.parse(args), ctx) as { retrieved_at: unknown };
    assert.equal(data.retrieved_at, null, file);
  }
  // the same calls on answers of known time give that time (the session's clock on a fake network)
  const cmd = (await import("../../commands/estimates/consensus.ts")).default;
  const session = testSession({
    fetch: fakeMarket(),
    now: NOW,
    env: { ESTIMATES_A_API_KEY: "fmpkey-123456" },
  });
  const ctx = makeContext(
    session,
    "library",
    [],
    new AbortController().signal,
    () => Promise.resolve(failure("no nested calls in this test")),
  );
  const data = await cmd.run(cmd.args.parse({ symbol: "AAPL" }), ctx) as { retrieved_at: unknown };
  assert.equal(data.retrieved_at, new Date(NOW).toISOString());
});
