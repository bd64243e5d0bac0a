/**
 * plot_path over a real `finance serve`: a symlink planted at the chart's name, pointing out of
 * the allowed folder, is replaced by the chart (written beside it and renamed), never followed.
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
  try {
    const env = envelopeOf(
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
          plot_path: join(allowed, "chart.svg"),
        }),
      ),
    );
    assert.equal(env.ok, true, env.error ?? "");
    assert.equal(await Deno.readTextFile(victim), "precious");
    const written = await Deno.lstat(join(allowed, "chart.svg"));
    assert.ok(written.isFile && !written.isSymlink);
    assert.match(await Deno.readTextFile(join(allowed, "chart.svg")), /^<svg|<\?xml/);
    const left = [...Deno.readDirSync(allowed)].map((e) => e.name);
    assert.deepEqual(left, ["chart.svg"], "no temporary file is left behind");
    // outside the folder, an existing path and a missing one get one answer, naming no folder
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
