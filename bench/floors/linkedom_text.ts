// Floor of document.read on HTML: bare linkedom parse of the file and its text content.
import { parseHTML } from "linkedom";

let html = Deno.readTextFileSync(Deno.args[0]);
const at = html.search(/<html[\s>]/i);
if (at > 0) html = html.slice(at);
const { document } = parseHTML(html) as unknown as {
  document: { documentElement: { textContent: string | null } | null };
};
console.log(document.documentElement?.textContent?.length ?? 0);
