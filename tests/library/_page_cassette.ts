/** A one-page cassette for the library tests: reading {@link PAGE} through replay. */
import { join } from "node:path";

export const PAGE = "https://docs.example.com/report.html";

/** A temporary cassette folder of one entry answering {@link PAGE} with `text` in a paragraph. */
export async function pageCassette(
  text: string,
  prefix = "finance_page_cassette_",
): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix });
  await Deno.writeTextFile(
    join(dir, "index.json"),
    JSON.stringify({
      version: 1,
      recorded_at: "2024-05-01T12:00:00Z",
      entries: [{
        method: "GET",
        url: PAGE,
        status: 200,
        headers: { "content-type": "text/html" },
        body: `<html><body><p>${text}</p></body></html>`,
      }],
    }),
  );
  return dir;
}
