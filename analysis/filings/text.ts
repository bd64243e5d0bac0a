/**
 * Filings from before HTML (1990s to early 2000s) are one SGML submission file (`.txt`): the
 * main document is the <TEXT> of its first <DOCUMENT>, plain text hard-wrapped at about 70
 * columns with tables laid out in spaces. It becomes the same line-per-paragraph text the HTML
 * reader gives, so items, sections and offsets work the same way.
 */
import { type DocText, htmlToText } from "./html.ts";
import { ITEM_LINE, PART_LINE } from "./item_lines.ts";

/** One document of an SGML submission: its type, sequence, description and <TEXT> body. */
export interface SubmissionDocument {
  type: string;
  sequence: string;
  description: string;
  body: string;
}

/** Every document of an SGML submission, in order. */
export function submissionDocuments(sgml: string): SubmissionDocument[] {
  const out: SubmissionDocument[] = [];
  for (const m of sgml.matchAll(/<DOCUMENT>([\s\S]*?)(?=<\/DOCUMENT>|<DOCUMENT>|$)/gi)) {
    const field = (name: string) =>
      new RegExp(`<${name}>([^\\n<]+)`, "i").exec(m[1])?.[1].trim() ?? "";
    const text = /<TEXT>([\s\S]*?)(?:<\/TEXT>|$)/i.exec(m[1]);
    if (!text) continue;
    out.push({
      type: field("TYPE"),
      sequence: field("SEQUENCE"),
      description: field("DESCRIPTION"),
      body: text[1],
    });
  }
  return out;
}

/** The main document of an SGML submission: its type and the body of its <TEXT>. */
export function submissionDocument(sgml: string): { type: string; body: string } | null {
  return submissionDocuments(sgml)[0] ?? null;
}

const TAG_ONLY = /^(<\/?(PAGE|TABLE|CAPTION|S|C|FN|F\d+)>\s*)+$/i;
const RULE = /^[-=_\s]+$/;

function isHeading(line: string): boolean {
  return ITEM_LINE.test(line) || PART_LINE.test(line) ||
    (line.length < 100 && /[A-Z]/.test(line) && line === line.toUpperCase());
}

/** Plain text of a submission document as reader lines (HTML bodies go through the HTML reader). */
export function plainToText(body: string): DocText {
  if (/<(html|body|p|div|table\s|font)\b/i.test(body)) return htmlToText(body);
  const out: string[] = [];
  let open = false; // the last output line is a paragraph that may continue
  let heading = false;
  for (const raw of body.split(/\r?\n/)) {
    const stripped = raw.replace(/<\/?(S|C|FN)>/gi, " ");
    const line = stripped.trim();
    if (!line || TAG_ONLY.test(line) || RULE.test(line)) {
      open = false;
      continue;
    }
    // Columns laid out in spaces become cells, as HTML table rows do.
    const tabular = /\S {3,}\S/.test(line);
    const text = (tabular ? line.replace(/ {3,}/g, " | ") : line).replace(/\s{2,}/g, " ");
    const head = !tabular && isHeading(text);
    const continues: boolean = open && !tabular && !ITEM_LINE.test(text) && !PART_LINE.test(text) &&
      (heading ? head : !head);
    if (continues) out[out.length - 1] += ` ${text}`;
    else out.push(text);
    open = !tabular;
    heading = continues ? heading : head;
  }
  return { text: out.join("\n") + (out.length ? "\n" : ""), anchors: new Map(), links: [] };
}
