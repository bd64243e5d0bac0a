/**
 * The project's ACME cassette copied to a temporary folder, with files changed or added, for
 * the audit6_statements tests of filings.report and filings.statement on layouts it lacks.
 */
import { join } from "node:path";
import { FIXTURES } from "../_helpers.ts";

const ACME = join(FIXTURES, "filings", "cassette");
/** Where ACME's 10-K (0001234567-24-000010) lives on EDGAR. */
export const ACME_10K = "https://www.sec.gov/Archives/edgar/data/1234567/000123456724000010";

/**
 * A copy of the ACME cassette: `edit` maps a file of its 10-K (`FilingSummary.xml`) to a change
 * of its text; `add` maps a new file name of the 10-K folder to its text. Returns the folder.
 */
export async function acmeCassette(
  edit: Record<string, (text: string) => string>,
  add: Record<string, { text: string; type: string }> = {},
): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "audit6_statements_" });
  const index = JSON.parse(await Deno.readTextFile(join(ACME, "index.json")));
  for (const e of index.entries) {
    if (!e.file) continue;
    const to = join(dir, e.file);
    await Deno.mkdir(join(to, ".."), { recursive: true });
    await Deno.copyFile(join(ACME, e.file), to);
  }
  for (const [name, change] of Object.entries(edit)) {
    const path = join(dir, "acme/10k", name);
    await Deno.writeTextFile(path, change(await Deno.readTextFile(path)));
  }
  for (const [name, { text, type }] of Object.entries(add)) {
    await Deno.writeTextFile(join(dir, "acme/10k", name), text);
    index.entries.push({
      method: "GET",
      url: `${ACME_10K}/${name}`,
      status: 200,
      headers: { "content-type": type },
      file: `acme/10k/${name}`,
    });
  }
  await Deno.writeTextFile(join(dir, "index.json"), JSON.stringify(index));
  return dir;
}
