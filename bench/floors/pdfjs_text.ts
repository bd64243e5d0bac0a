// Floor of document.scan: bare pdf.js text extraction of every page of a PDF, nothing else.
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

const doc = await getDocument({ data: Deno.readFileSync(Deno.args[0]), verbosity: 0 }).promise;
let chars = 0;
for (let i = 1; i <= doc.numPages; i++) {
  const content = await (await doc.getPage(i)).getTextContent();
  for (const item of content.items) if ("str" in item) chars += item.str.length;
}
await doc.destroy();
console.log(chars);
