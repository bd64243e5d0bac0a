/**
 * A bare symbol picks the latest filing of form=; when a later amendment (10-K/A) of the same
 * period exists, the answer says so rather than giving the original as if it stood alone.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

const CASSETTE = join(FIXTURES, "filings", "cassette");

/** The ACME cassette with a 10-K/A of the 10-K's period filed after it, newest first. */
async function withAmendment(reportDate: string): Promise<string> {
  const dir = await Deno.makeTempDir();
  const index = JSON.parse(await Deno.readTextFile(join(CASSETTE, "index.json")));
  for (const e of index.entries) {
    if (!e.file) continue;
    await Deno.mkdir(join(dir, e.file, ".."), { recursive: true });
    await Deno.copyFile(join(CASSETTE, e.file), join(dir, e.file));
  }
  await Deno.writeTextFile(join(dir, "index.json"), JSON.stringify(index));
  const subs = join(dir, "acme", "CIK0001234567.json");
  const s = JSON.parse(await Deno.readTextFile(subs));
  const r = s.filings.recent;
  const row: Record<string, unknown> = {
    accessionNumber: "0001234567-24-000030",
    filingDate: "2024-05-10",
    reportDate,
    acceptanceDateTime: "2024-05-10T16:05:00.000Z",
    form: "10-K/A",
    items: "",
    isXBRL: 0,
    isInlineXBRL: 0,
    primaryDocument: "acme-20231231x10ka.htm",
    primaryDocDescription: "10-K/A",
  };
  for (const k of Object.keys(r)) r[k].unshift(row[k] ?? "");
  await Deno.writeTextFile(subs, JSON.stringify(s));
  return dir;
}

Deno.test("filings.sections: the latest 10-K later amended by a 10-K/A of its period says so", async () => {
  const dir = await withAmendment("2023-12-31");
  try {
    type Data = { filing: { accession_no: string; form: string } };
    const env = await envelope<Data>("filings.sections", { symbol: "ACME" }, { replay: [dir] });
    const d = dataOf(env);
    // the original is still what form=10-K asks for, never the amendment mixed in
    assert.equal(d.filing.form, "10-K");
    assert.equal(d.filing.accession_no, "0001234567-24-000010");
    const w = env.warnings.find((x) => x.includes("amended later"));
    assert.ok(w, JSON.stringify(env.warnings));
    assert.match(w, /original 10-K 0001234567-24-000010 for the period ending 2023-12-31/);
    assert.match(w, /10-K\/A 0001234567-24-000030 \(filed 2024-05-10\)/);
    assert.match(w, /pass accession=0001234567-24-000030/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("filings.sections: a 10-K/A of another period is not said to amend the latest 10-K", async () => {
  const dir = await withAmendment("2022-12-31");
  try {
    const env = await envelope("filings.sections", { symbol: "ACME" }, { replay: [dir] });
    assert.equal(env.ok, true, env.error ?? "");
    assert.ok(!env.warnings.some((x) => x.includes("amended later")), JSON.stringify(env.warnings));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
