/**
 * plot_path over a real `finance serve`: a symlink planted at the chart's name, pointing out of
 * the allowed folder, is never followed, and a network caller writes new files only: nothing
 * already in the folder (a document, another caller's chart, a link) is replaced.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { FIXTURES } from "../_helpers.ts";
import { envelopeOf, rawRequest, spawnFinance } from "./_spawn.ts";

Deno.test("attack: a symlink at plot_path is not followed out of the allowed folder", async () => {
  const allowed = await Deno.makeTempDir({ prefix: "finance-plots-" });
  const outside = await Deno.makeTempDir({ prefix: "finance-outside-" });
  const victim = join(outside, "victim.txt");
  await Deno.writeTextFile(victim, "precious");
  await Deno.symlink(victim, join(allowed, "chart.svg"));
  const s = await spawnFinance(["serve"], {
    FINANCE_REPLAY: join(FIXTURES, "backtest", "cassette"),
    FINANCE_DOCUMENT_ROOTS: allowed,
  });
  // a backtest.run over HTTP whose chart goes to `plot_path`
  const probe = async (plot_path: string) =>
    envelopeOf(
      await rawRequest(
        s.port,
        "POST /commands/backtest.run HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json",
        JSON.stringify({
          strategy: "sma_cross",
          symbols: "AAPL,MSFT",
          start_date: "2023-03-01",
          end_date: "2023-06-30",
          provider: "market_a",
          params: { fast: 5, slow: 20 },
          plot_path,
        }),
      ),
    );
  try {
    const env = await probe(join(allowed, "chart.svg"));
    assert.equal(env.ok, false);
    assert.match(env.error!, /a file of that name exists, and this surface writes new files only/);
    assert.equal(await Deno.readTextFile(victim), "precious");
    assert.ok(
      (await Deno.lstat(join(allowed, "chart.svg"))).isSymlink,
      "the link is left as it was",
    );
    // a new name is written; the same name again, or a document's, is refused and left alone
    const chart = (name: string) => probe(join(allowed, name));
    const fresh = await chart("new.svg");
    assert.equal(fresh.ok, true, fresh.error ?? "");
    const written = await Deno.lstat(join(allowed, "new.svg"));
    assert.ok(written.isFile && !written.isSymlink);
    assert.match(await Deno.readTextFile(join(allowed, "new.svg")), /^<svg|<\?xml/);
    const first = await Deno.readTextFile(join(allowed, "new.svg"));
    assert.equal((await chart("new.svg")).ok, false);
    assert.equal(await Deno.readTextFile(join(allowed, "new.svg")), first);
    await Deno.writeTextFile(join(allowed, "report.svg"), "<svg>a document</svg>");
    assert.equal((await chart("report.svg")).ok, false);
    assert.equal(await Deno.readTextFile(join(allowed, "report.svg")), "<svg>a document</svg>");
    const left = [...Deno.readDirSync(allowed)].map((e) => e.name).sort();
    assert.deepEqual(left, ["chart.svg", "new.svg", "report.svg"], "no temporary file is left");
    // outside the folder, an existing path and a missing one get one answer, naming no folder
    const there = await probe(join(victim, "x.svg"));
    const missing = await probe(join(outside, "nothing-here", "x.svg"));
    assert.equal(there.ok, false);
    assert.equal(
      there.error!.replace(victim, "P"),
      missing.error!.replace(join(outside, "nothing-here"), "P"),
    );
    assert.ok(!there.error!.includes(allowed), there.error!);
    // a link inside the folder pointing out of it: refused the same way, existing or not
    await Deno.symlink(outside, join(allowed, "out"));
    const linked = await probe(join(allowed, "out", "x.svg"));
    const linkedMissing = await probe(join(allowed, "out", "nothing-here", "x.svg"));
    assert.match(linked.error!, /outside the folders this surface may write/);
    assert.equal(linkedMissing.error!.replace("nothing-here/", ""), linked.error!);
  } finally {
    await s.stop();
    await Deno.remove(allowed, { recursive: true });
    await Deno.remove(outside, { recursive: true });
  }
});
