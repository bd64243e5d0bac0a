/**
 * A local transcript file: a stage note in brackets opening it is no title, and the file is
 * opened once and checked as opened (a path swapped for a FIFO or a link after the check, or a
 * file grown past the limit, is refused, never read past the limit nor waited on).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { AccessDenied } from "../../core/access.ts";
import { FinanceError } from "../../core/errors.ts";
import { plainTitle, readLocal } from "../../commands/transcripts/_load.ts";
import { dataOf, envelope } from "../_helpers.ts";

const CALL = `Operator: Welcome to the second quarter 2025 call. I will hand over to Jane Doe.

Jane Doe: Thank you. Revenue grew 19% year over year to $380 million.

Operator: Our first question comes from Lena Ortiz with Morgan Example.

Lena Ortiz: Can you talk about net retention?

Jane Doe: Net retention was 117% this quarter.
`;

Deno.test("plainTitle: a line in brackets is a stage note, not a title", () => {
  assert.equal(plainTitle("[Operator Instructions]"), null);
  assert.equal(plainTitle("(Audio begins)"), null);
  assert.equal(plainTitle("[Operator Instructions]\nOperator: Welcome."), null);
  // a title with a bracket inside or at one end is still a title
  assert.equal(
    plainTitle("Example Software (EXSW) Q2 2025 earnings call"),
    "Example Software (EXSW) Q2 2025 earnings call",
  );
  assert.equal(
    plainTitle("Q2 2025 Earnings Call (Transcript)"),
    "Q2 2025 Earnings Call (Transcript)",
  );
});

Deno.test("transcripts.read: a file opening with [Operator Instructions] has no title", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "finance-bracket-call-" });
  const path = join(dir, "call.txt");
  Deno.writeTextFileSync(path, `[Operator Instructions]\n\n${CALL}`);
  const env = await envelope("transcripts.read", { source: path });
  const data = dataOf(env) as { transcript: { title: string | null } };
  assert.equal(data.transcript.title, null);
  assert.ok(!JSON.stringify(env).includes('"title":"[Operator'));
});

Deno.test("readLocal: reads a file whole up to the limit, byte-order mark and all", () => {
  const dir = Deno.makeTempDirSync({ prefix: "finance-read-local-" });
  const path = join(dir, "call.txt");
  Deno.writeTextFileSync(path, "\uFEFF" + CALL);
  const bytes = Deno.statSync(path).size;
  assert.equal(readLocal(path, path, bytes), "\uFEFF" + CALL);
  // one byte over the limit is refused, with the file named
  assert.throws(
    () => readLocal(path, path, bytes - 1),
    (e) => e instanceof FinanceError && e.message.includes(path) && /limit/.test(e.message),
  );
  // a long file is read in pieces, all of it
  const long = join(dir, "long.txt");
  const text = CALL.repeat(2000);
  Deno.writeTextFileSync(long, text);
  assert.equal(readLocal(long, long, text.length), text);
});

Deno.test("readLocal: a path swapped for a link or a FIFO after the check is refused, not read", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "finance-read-swap-" });
  const target = join(dir, "real.txt");
  Deno.writeTextFileSync(target, CALL);
  const link = join(dir, "link.txt");
  Deno.symlinkSync(target, link);
  assert.throws(
    () => readLocal(link, link, 1_000_000),
    (e) => e instanceof FinanceError && e.message.includes("could not be opened"),
  );
  const fifo = join(dir, "pipe.txt");
  const made = await new Deno.Command("mkfifo", { args: [fifo] }).output();
  assert.ok(made.success, "mkfifo");
  // opened without waiting for a writer, and refused as not a regular file
  assert.throws(
    () => readLocal(fifo, fifo, 1_000_000),
    (e) => e instanceof AccessDenied && e.message.includes("not a regular file"),
  );
});
