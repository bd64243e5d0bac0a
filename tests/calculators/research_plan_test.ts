import assert from "node:assert/strict";
import { parseTokens } from "../../adapters/cli.ts";
import { loadCommand } from "../../commands/registry.ts";
import { normalizeArgs } from "../../core/runner.ts";
import { fails, ok } from "./_calc.ts";

/** A plausible value for each placeholder, so every planned command can be parsed for real. */
const SAMPLES: Record<string, string> = {
  MOVE_DATE: "2024-05-03",
  FISCAL_YEAR: "2027",
  CONSENSUS_REVENUE: "4.8B",
  REVENUE_ASSUMPTION: "5.1B",
  BEAR_MULTIPLE: "8",
  BASE_MULTIPLE: "12",
  BULL_MULTIPLE: "16",
  RISK_FREE: "4.2%",
  BETA: "1.1",
  MARKET_RETURN: "9%",
  MARKET_CAP: "80B",
  DEBT: "750M",
  COST_OF_EQUITY: "9.7%",
  COST_OF_DEBT: "5%",
  TAX_RATE: "21%",
  FCF_Y1: "1.1B",
  FCF_Y2: "1.3B",
  FCF_Y3: "1.5B",
  WACC: "9.5%",
  TERMINAL_GROWTH: "3%",
  DECK_URL: "https://ir.example.com/investor-day.pdf",
};

Deno.test("research.plan: deterministic fundamental checklist", async () => {
  const first = await ok("research.plan", { symbol: "crwd" });
  const again = await ok("research.plan", { symbol: "CRWD", style: "fundamental" });
  assert.deepEqual(first.data, again.data);
  const data = first.data;
  assert.equal(data.symbol, "CRWD");
  assert.equal(data.plan_type, "deterministic_cli_checklist");
  assert.equal(data.count, data.steps.length);
  const last = data.steps.at(-1);
  assert.equal(last.id, "open_gaps");
  assert.equal(last.status, "partially_supported");
  assert.deepEqual(last.commands, []);
  assert.ok(last.missing.length >= 1);
  assert.ok(data.steps.slice(0, -1).every((s: { status: string }) => s.status === "supported"));
  const all: string[] = data.steps.flatMap((s: { commands: string[] }) => s.commands);
  assert.ok(all.includes("finance filings.recent CRWD forms=10-K,10-Q,8-K limit=8"));
  assert.ok(all.every((c) => c.startsWith("finance ")));
});

for (const annual_form of ["10-K", "20-F", "40-F"]) {
  Deno.test(`research.plan (${annual_form}): every planned command exists and parses with the registry's arguments`, async () => {
    await everyCommandParses(annual_form);
  });
}

Deno.test("research.plan: a 20-F filer's plan reads its 20-F and 6-Ks; a 10-K plan says what a foreign issuer needs", async () => {
  const foreign = await ok("research.plan", { symbol: "TSM", annual_form: "20-F" });
  const lines = foreign.data.steps.flatMap((s: { commands: string[] }) => s.commands).join("\n");
  assert.match(lines, /filings\.recent TSM forms=20-F,6-K/);
  assert.match(lines, /filings\.statement TSM form=20-F statement=income/);
  assert.doesNotMatch(lines, /10-K|10-Q|8-K/);
  const us = await ok("research.plan", { symbol: "CRWD" });
  assert.ok(us.data.notes.some((n: string) => /foreign private issuer files a 20-F/.test(n)));
});

async function everyCommandParses(annual_form: string) {
  const { data } = await ok("research.plan", { symbol: "BETA", annual_form });
  const names = new Set(data.placeholders.map((p: { name: string }) => p.name));
  for (const name of names) assert.ok(SAMPLES[name as string], `no sample for ${name}`);
  let checked = 0;
  for (const step of data.steps) {
    for (const p of step.placeholders) assert.ok(names.has(p), `${p} is not explained`);
    for (const line of step.commands as string[]) {
      // Placeholders only ever stand after "=" or ",", never where the ticker goes.
      const filled = line.replace(/(?<=[=,])[A-Z][A-Z0-9_]{2,}\b/g, (w) => SAMPLES[w] ?? w);
      const [finance, command, ...tokens] = filled.split(/\s+/);
      assert.equal(finance, "finance");
      const def = await loadCommand(command);
      const args = normalizeArgs(def, parseTokens(def, tokens));
      const parsed = def.args.safeParse(args);
      assert.ok(
        parsed.success,
        `${line}: ${parsed.error?.issues.map((i) => `${i.path}: ${i.message}`)}`,
      );
      checked++;
    }
  }
  assert.ok(checked >= 25, `only ${checked} commands checked`);
  // A ticker that looks like a placeholder is not reported as one.
  assert.deepEqual(data.steps[0].placeholders, []);
}

Deno.test("research.plan: only the fundamental style exists", async () => {
  const bad = await fails("research.plan", { symbol: "CRWD", style: "momentum" });
  assert.equal(bad.status, "usage");
  assert.match(bad.error, /style.*fundamental/);
  assert.equal((await fails("research.plan", {})).status, "usage");
});

Deno.test("research.plan: a 20-F or 40-F filer's kpi.extract reads that form, not the 10-K it defaults to", async () => {
  for (const form of ["20-F", "40-F"]) {
    const plan = await ok("research.plan", { symbol: "TSM", annual_form: form });
    const kpi = plan.data.steps.flatMap((s: { commands: string[] }) => s.commands)
      .filter((c: string) => c.includes("kpi.extract"));
    assert.equal(kpi.length, 1);
    // from=both reads filings too: without form= it would look for a 10-K the company never files
    assert.match(kpi[0], new RegExp(`from=both .* form=${form}$`));
  }
  const us = await ok("research.plan", { symbol: "CRWD" });
  const line = us.data.steps.flatMap((s: { commands: string[] }) => s.commands)
    .find((c: string) => c.includes("kpi.extract"));
  assert.doesNotMatch(line, /form=|KPI_FORM/);
});
