import assert from "node:assert/strict";
import { z } from "zod";
import { defineCommand, isPlaceholder } from "../../core/command.ts";
import { jsonSafe } from "../../core/envelope.ts";
import { normalizeArgs } from "../../core/runner.ts";
import { commandNames, loadAllCommands } from "../../commands/registry.ts";
import { parseAmount, parseRate } from "../../core/numbers.ts";
import { amount, collectParseNotes, jsonObject, list, rate } from "../../core/schema.ts";
import { COMMAND_COUNT, envelope, run } from "../_helpers.ts";

Deno.test("registry: the contract's 76 commands plus company facts, in 20 namespaces", async () => {
  const defs = await loadAllCommands();
  assert.equal(defs.length, COMMAND_COUNT);
  assert.equal(new Set(commandNames().map((n) => n.split(".")[0])).size, 20);
  for (const d of defs) {
    assert.ok(d.summary && d.usage.startsWith(`finance ${d.name}`), d.name);
    for (const p of d.positional) assert.ok(p in d.args.shape, `${d.name}: positional ${p}`);
    for (const c of Object.values(d.aliases ?? {})) assert.ok(c in d.args.shape, d.name);
  }
  const pending = defs.filter(isPlaceholder).map((d) => d.name);
  console.log(
    `commands not implemented yet: ${pending.length}${
      pending.length ? ` (${pending.join(", ")})` : ""
    }`,
  );
});

Deno.test("runner: every failure is a full envelope; usage errors are marked", async () => {
  const r = await run("nope.nothing", {});
  assert.equal(r.status, "usage");
  assert.deepEqual(Object.keys(r.envelope).sort(), ["data", "error", "ok", "warnings"]);
  const arr = await run("sources.test", [] as unknown as Record<string, unknown>);
  assert.equal(arr.status, "usage");
  assert.match(arr.envelope.error!, /JSON object/);
  const missing = await envelope("market.quote", {});
  assert.match(
    missing.error!,
    /missing required argument `symbol`.*usage: finance market.quote SYMBOL/,
  );
  const wrongType = await envelope("sources.test", { timeout: "soon" });
  assert.match(wrongType.error!, /argument `timeout`: expected number, got "soon"/);
  const badEnum = await envelope("filings.statement", { symbol: "AAPL", statement: "cash" });
  assert.match(badEnum.error!, /expected one of "income", "balance", "cashflow", got "cash"/);
});

Deno.test("runner: aliases map to the canonical name and clash when both are given", async () => {
  const def = (await loadAllCommands()).find((d) => d.name === "filings.report")!;
  const notes: string[] = [];
  assert.deepEqual({ ...normalizeArgs(def, { accession_no: "1", name: "X" }, notes) }, {
    accession: "1",
    report: "X",
  });
  // the contract's own names (accession_no, name) are synonyms: accepted without a warning
  assert.deepEqual(notes, []);
  assert.throws(() => normalizeArgs(def, { accession_no: "1", accession: "2" }), /same argument/);
  // names an Object has (constructor, toString) are unknown arguments, not aliases
  for (const name of ["constructor", "toString", "hasOwnProperty", "__proto__"]) {
    assert.throws(
      () => normalizeArgs(def, JSON.parse(`{"accession":"1","${name}":"x"}`)),
      new RegExp(`unknown argument \`${name}\``),
    );
  }
});

Deno.test("runner: a date window is asked the same way everywhere: start/end are current names", async () => {
  const defs = await loadAllCommands();
  const windowed = defs.filter((d) => "start_date" in d.args.shape && "end_date" in d.args.shape);
  assert.ok(windowed.length >= 8, `only ${windowed.length} commands take start_date/end_date`);
  for (const def of windowed) {
    const notes: string[] = [];
    const out = normalizeArgs(def, { start: "2024-01-02", end: "2024-03-01" }, notes);
    assert.deepEqual({ ...out }, { start_date: "2024-01-02", end_date: "2024-03-01" }, def.name);
    assert.deepEqual(notes, [], `${def.name}: a synonym is not an older name`);
    assert.throws(
      () => normalizeArgs(def, { start: "2024-01-02", start_date: "2024-01-03" }),
      /name the same argument/,
    );
  }
  // filings.recent's list of forms is asked as form= in the other filings commands
  const recent = defs.find((d) => d.name === "filings.recent")!;
  const notes: string[] = [];
  assert.deepEqual({ ...normalizeArgs(recent, { symbol: "A", form: "10-K" }, notes) }, {
    symbol: "A",
    forms: "10-K",
  });
  assert.deepEqual(notes, []);
});

Deno.test("runner: a synonym and its canonical name given together are refused, naming both", async () => {
  const env = await envelope("price.moves", {
    symbol: "AAPL",
    start: "2024-01-02",
    start_date: "2024-01-03",
  });
  assert.equal(env.ok, false);
  assert.match(env.error!, /`start` and `start_date` name the same argument; give only one/);
});

Deno.test("runner: thrown internals become messages without stack traces; NaN becomes null", async () => {
  const def = defineCommand({
    name: "test.boom",
    summary: "x",
    usage: "finance test.boom",
    side_effects: "pure_calculation",
    auth_required: "none",
    citation_fields: [],
    positional: [],
    args: z.strictObject({}),
    data: z.object({}),
    run: () =>
      Promise.reject(new TypeError("Cannot read properties of undefined\n    at foo (x.ts:1)")),
  });
  const { describeError } = await import("../../core/errors.ts");
  let message = "";
  try {
    await def.run({}, {} as never);
  } catch (e) {
    message = describeError(e);
  }
  assert.equal(message, "internal error: TypeError: Cannot read properties of undefined");
  const warnings: string[] = [];
  assert.deepEqual(jsonSafe({ a: NaN, b: [1, Infinity], c: undefined }, warnings), {
    a: null,
    b: [1, null],
  });
  assert.equal(warnings.length, 2);
});

Deno.test("numbers: amounts with suffixes and rates with percent", () => {
  assert.equal(parseAmount("2.5B"), 2_500_000_000);
  assert.equal(parseAmount("120M"), 120_000_000);
  assert.equal(parseAmount("-1,234.5"), -1234.5);
  assert.equal(parseAmount("3k"), 3000);
  assert.equal(parseAmount("abc"), null);
  assert.equal(parseAmount("1.2.3"), null);
  assert.equal(parseAmount(""), null);
  assert.deepEqual(parseRate("2%"), { value: 0.02, note: null });
  assert.deepEqual(parseRate(0.08), { value: 0.08, note: null });
  const eight = parseRate("8");
  assert.ok(typeof eight !== "string" && Math.abs(eight.value - 0.08) < 1e-12 && eight.note);
  assert.match(String(parseRate("-150%")), /greater than -100%/);
  assert.deepEqual(amount().parse("2.5B"), 2.5e9);
  assert.deepEqual(list(amount()).parse("-100M,30M"), [-1e8, 3e7]);
  assert.deepEqual(jsonObject().parse('{"a":1}'), { a: 1 });
  assert.equal(jsonObject().safeParse("[1]").success, false);
  const { value, notes } = collectParseNotes(() => rate().parse("9"));
  assert.equal(value, 0.09);
  assert.equal(notes.length, 1);
});
