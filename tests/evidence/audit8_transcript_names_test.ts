/**
 * One speaker whose label changes mid-call ("Colette Kress", later "Colette M. Kress") is one
 * speaker, said in a warning; two people of one first and last name with different middle
 * initials stay two.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope } from "../_helpers.ts";

const call = (cfo2: string, analyst2: string) =>
  `Example Corp (EXC) Q2 2025 Earnings Call Transcript

Operator

Good afternoon. I will now turn the call over to Colette Kress, Chief Financial Officer.

Colette Kress -- Chief Financial Officer

Thank you. Revenue was $5.0 billion, up 10%.

Operator

Our first question comes from John A. Smith with Morgan Stanley.

John A. Smith -- Morgan Stanley -- Analyst

How is supply?

${cfo2} -- Chief Financial Officer

Supply is improving.

Operator

Our next question comes from ${analyst2} with Bernstein.

${analyst2} -- Bernstein -- Analyst

And pricing?

Colette Kress -- Chief Financial Officer

Pricing is stable.

Operator

This concludes today's call. You may now disconnect.
`;

async function speakers(text: string) {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, "call.txt");
    await Deno.writeTextFile(path, text);
    const env = await envelope<{ speakers: { name: string; turns: number }[] }>(
      "transcripts.read",
      { source: path },
      { env: { FINANCE_DOCUMENT_ROOTS: dir } },
    );
    return { list: dataOf(env).speakers, warnings: env.warnings.join("\n") };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("a label gaining a middle initial mid-call is the same speaker, and said", async () => {
  const { list, warnings } = await speakers(call("Colette M. Kress", "Stacy Rasgon"));
  assert.deepEqual(
    list.map((s) => [s.name, s.turns]),
    [["Operator", 4], ["Colette Kress", 3], ["John A. Smith", 1], ["Stacy Rasgon", 1]],
  );
  assert.match(warnings, /one speaker under two labels.*"Colette M\. Kress" as "Colette Kress"/);
});

Deno.test("two middle initials of one name are two people", async () => {
  const { list, warnings } = await speakers(call("Colette Kress", "John B. Smith"));
  assert.ok(list.some((s) => s.name === "John A. Smith"));
  assert.ok(list.some((s) => s.name === "John B. Smith"));
  assert.doesNotMatch(warnings, /under two labels/);
});
