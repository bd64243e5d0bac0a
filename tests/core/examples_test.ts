import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { ROOT, SHARED, sharedOrSkip } from "../_helpers.ts";

Deno.test({
  name: "examples: the screen → statements → CSV task script runs under replay",
  ignore: !SHARED,
  fn: async () => {
    const shared = sharedOrSkip("the screen-to-CSV example")!;
    const out = join(mkdtempSync(join(tmpdir(), "finance-example-")), "screen.csv");
    const run = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "examples/screen_to_csv.ts", "screen=day_gainers", `out=${out}`],
      cwd: ROOT,
      env: {
        FINANCE_CACHE: "off",
        FINANCE_REPLAY: `${shared}/cassettes/yahoo:${shared}/cassettes/sec`,
      },
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.ok(run.success, new TextDecoder().decode(run.stderr));
    const lines = readFileSync(out, "utf8").trim().split("\n");
    assert.match(lines[0], /^symbol,name,price,market_cap,period,revenue/);
    assert.equal(lines.length, 6);
    // statements the cassette lacks are reported per row, never filled in
    for (const line of lines.slice(1)) {
      assert.match(line, /,(\d{10}|"filings_a: no recording for GET [^"]+")$|,$/);
    }
  },
});
