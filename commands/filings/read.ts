import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { FinanceError } from "../../core/errors.ts";
import { closest } from "../../core/suggest.ts";
import {
  filingArgs,
  filingReadFrom,
  filingSchema,
  NAME_A_FILING,
  readFromShape,
  referenceSchema,
  refuseUnmappedForm,
  resolveFiling,
  trimSpan,
} from "./_shared.ts";
import {
  amendmentNote,
  type FilingSection,
  filingSections,
  followSection,
  followSegments,
} from "./_follow.ts";

const ALIASES: Record<string, string> = {
  risk: "risk_factors",
  risks: "risk_factors",
  "md&a": "mda",
  management_discussion: "mda",
  management_discussion_and_analysis: "mda",
  financials: "financial_statements",
  segment: "segments",
  segment_information: "segments",
};

/** The sections by name, and the item numbers a form gives them (what item_N means per form). */
const NAMES = ["business", "risk_factors", "mda", "financial_statements", "segments"] as const;
type SectionName = typeof NAMES[number];
const ITEMS = [
  "item_1",
  "item_1a",
  "item_2",
  "item_3d",
  "item_4",
  "item_5",
  "item_7",
  "item_8",
  "item_17",
  "item_18",
] as const;
const ITEM_OF: Record<"10-K" | "10-Q" | "20-F", Record<string, SectionName>> = {
  "10-K": {
    item_1: "business",
    item_1a: "risk_factors",
    item_7: "mda",
    item_8: "financial_statements",
  },
  // Part I Item 1 and 2, Part II Item 1A
  "10-Q": { item_1: "financial_statements", item_2: "mda", item_1a: "risk_factors" },
  "20-F": {
    item_3d: "risk_factors",
    item_4: "business",
    item_5: "mda",
    item_8: "financial_statements",
    item_17: "financial_statements",
    item_18: "financial_statements",
  },
};
/**
 * The item ids filings.sections lists (`part_ii_item_7`), as a section: the part decides in a
 * 10-Q, whose Part I and Part II both have an Item 1 and an Item 2. Part II Items 1 and 2 of a
 * 10-Q are accepted only to be refused by name, never read as Part I's.
 */
const PART_ITEMS = [
  "part_i_item_1",
  "part_i_item_1a",
  "part_i_item_2",
  "part_i_item_3d",
  "part_i_item_4",
  "part_i_item_5",
  "part_i_item_8",
  "part_ii_item_1",
  "part_ii_item_1a",
  "part_ii_item_2",
  "part_ii_item_7",
  "part_ii_item_8",
  "part_iii_item_17",
  "part_iii_item_18",
] as const;
const ID_OF: Record<keyof typeof ITEM_OF, Record<string, SectionName>> = {
  "10-K": {
    part_i_item_1: "business",
    part_i_item_1a: "risk_factors",
    part_ii_item_7: "mda",
    part_ii_item_8: "financial_statements",
  },
  "10-Q": {
    part_i_item_1: "financial_statements",
    part_i_item_2: "mda",
    part_ii_item_1a: "risk_factors",
  },
  "20-F": {
    part_i_item_3d: "risk_factors",
    part_i_item_4: "business",
    part_i_item_5: "mda",
    part_i_item_8: "financial_statements",
    part_iii_item_17: "financial_statements",
    part_iii_item_18: "financial_statements",
  },
};
/** "part_ii_item_1a" → "Part II, Item 1A". */
const itemName = (id: string) =>
  id.replace(
    /^part_([ivx]+)_item_(\w+)$/,
    (_, p: string, n: string) => `Part ${p.toUpperCase()}, Item ${n.toUpperCase()}`,
  );

const ITEM_LIST: Record<keyof typeof ITEM_OF, string> = {
  "10-K": "business = Item 1, risk_factors = Item 1A, mda = Item 7, financial_statements = Item 8",
  "10-Q":
    "financial_statements = Part I Item 1, mda = Part I Item 2, risk_factors = Part II Item 1A",
  "20-F":
    "risk_factors = Item 3.D, business = Item 4, mda = Item 5, financial_statements = Item 18 (or 17, 8)",
};

/**
 * "Item 1A.", "item1a", "ITEM 7", "1a", "Item 3.D" → item_1a, item_7, item_3d; with a part
 * ("Part II, Item 2", "part_i_item_2", the ids filings.sections lists) → part_ii_item_2; names
 * and their aliases ("MD&A", "risk factors") → the section's name.
 */
function sectionToken(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const t = v.trim().toLowerCase().replace(/[.\s]+$/, "");
  const item =
    /^(?:part[\s_]*(i{1,3}|iv)\s*[,.\-–—_]?\s*)?(?:item[\s_]*)?(\d{1,2})\s*\.?\s*([a-d])?$/
      .exec(t);
  // the part is kept: a 10-Q's Part II Items 1 and 2 are not Part I's
  if (item?.[1]) return `part_${item[1]}_item_${item[2]}${item[3] ?? ""}`;
  if (item) return `item_${item[2]}${item[3] ?? ""}`;
  const k = t.replace(/[-\s]+/g, "_");
  return ALIASES[k] ?? k;
}

/** An item id as a form numbers it, with or without its part (item_7a, part_ii_item_7a). */
const ITEM_ID = /^(?:part_(?:i{1,3}|iv)_)?item_\d{1,2}[a-d]?$/;

/**
 * A section name or any item id: an item filings.read does not read (a 10-K's Item 7A, which
 * filings.sections lists) is refused once the filing is read, saying what and where it is in
 * that filing; the schema refused it with a guess at another item ("did you mean item_1a?").
 */
const sectionSchema = z.string().refine(
  (v) => (NAMES as readonly string[]).includes(v) || ITEM_ID.test(v),
  {
    error: (issue) => {
      const given = String(issue.input);
      const near = closest(given, [...NAMES, ...Object.keys(ALIASES)]);
      const named = near ? ALIASES[near] ?? near : null;
      return `expected a section (${NAMES.join(", ")}) or an item as the form numbers it ` +
        `(item_7, "Item 1A", part_ii_item_7a: the ids filings.sections lists), got ` +
        `"${given.slice(0, 60)}"${named ? `; did you mean ${named}?` : ""}`;
    },
  },
).meta({ examples: [...NAMES, ...ITEMS, ...PART_ITEMS] });

/**
 * The section an item id names in this filing's form ("part_i_item_2" of a 10-Q is mda), or
 * ok:false naming what the item is when filings.read does not read it (a 10-Q's Part II, Item 2
 * is its share sales, whose offsets filings.sections lists).
 */
function partItemSection(
  asked: string,
  filing: { form: string; filing_url: string },
  found: {
    family: string;
    doc: { text: string };
    items: { id: string; title: string; start: number; end: number }[];
  },
): SectionName {
  const fam = found.family as keyof typeof ID_OF | "40-F";
  const named = fam !== "40-F" ? ID_OF[fam][asked] : undefined;
  if (named) return named;
  const where = itemWhere(asked, found);
  throw new FinanceError(
    `argument \`section\`: ${asked}: ${
      fam === "40-F"
        ? `a ${filing.form} has no item numbers filings.read maps; name the section (business, risk_factors, mda, financial_statements)`
        : `${itemName(asked)} of a ${filing.form} is not one of the sections filings.read reads (${
          ITEM_LIST[fam]
        }); ${where}`
    }; for other items use document.scan on ${filing.filing_url}`,
  );
}

/**
 * Where an item filings.read does not read stands in the filing: its title and offsets (for an
 * id without its part, every part's item of that number), or that none was found.
 */
function itemWhere(
  asked: string,
  found: {
    doc: { text: string };
    items: { id: string; title: string; start: number; end: number }[];
  },
): string {
  const items = found.items.filter((i) => i.id === asked || i.id.endsWith(`_${asked}`));
  const said = items.flatMap((item) => {
    const at = trimSpan(found.doc.text, item.start, item.end);
    return at
      ? [`${itemName(item.id)} is "${item.title.slice(0, 80)}" (characters ${at.start}-${at.end})`]
      : [];
  });
  return said.length
    ? `this filing's ${said.join("; its ")}, as filings.sections lists`
    : `no ${
      itemName(asked).replace(/^item_(\w+)$/, (_, n: string) => `Item ${n.toUpperCase()}`)
    } was found in this filing`;
}

/** The answers an item may give in a word or a line: it has nothing to add elsewhere. */
const ANSWER =
  /\b(?:none|not applicable|n\/a|omitted|reserved|not required|smaller reporting compan(?:y|ies)|not material)\b/i;

/** Words of a line that sends the reader elsewhere ("appear above", "is described in …"). */
const POINTS =
  /\b(?:above|below|elsewhere|see|refer|appears?|described|discussed|included|contained|presented|set forth|found|located|pages?|section|captions?|heading|incorporated)\b/i;

/**
 * The few words under an item's heading line when that is all it holds and they point elsewhere
 * ("The consolidated financial statements appear above.", "" for nothing at all); null for an
 * item with text of its own or an answer ("None.", "[Reserved]", "Not applicable").
 */
function thinItem(item: string): string | null {
  const trimmed = item.trim();
  const nl = trimmed.indexOf("\n");
  const body = (nl < 0 ? "" : trimmed.slice(nl + 1)).replace(/\s+/g, " ").trim();
  if (body.length >= 200 || ANSWER.test(trimmed.slice(0, 400))) return null;
  return !body || POINTS.test(body) ? body : null;
}

export default defineCommand({
  name: "filings.read",
  summary: "Read a narrative section (business, risk factors, MD&A...) of a filing",
  description:
    'Use to read the text of one section of a 10-K, 10-Q, 20-F or 40-F (run filings.sections first to see what exists). The text is cleaned: no page numbers, running footers or table-of-contents lines; tables become one line per row with cells joined by " | ". `start_char`/`end_char` locate the section in the cleaned text of `document_url` (the primary document, or the exhibit read with follow=true), so a quote can be cited by offset; `char_count` is the full section size and `truncated` says whether max_chars cut it. `segments` is the segment note of the financial statements. In a 10-Q, mda is Part I Item 2 and financial_statements Part I Item 1; in a 20-F, business is Item 4, risk_factors Item 3.D, mda Item 5 and financial_statements Item 18 (`form_item`). When the item is only a cross-reference to another document (`incorporated_by_reference`, e.g. "incorporated by reference to pages 40-95 of the Annual Report (Exhibit 13)"), the text returned is that cross-reference; follow=true reads the referenced part of the exhibit (EX-13, or a 40-F\'s EX-99 annual information form, MD&A or financial statements). For numbers use filings.statement or filings.report.',
  usage:
    "finance filings.read [SYMBOL] [accession=ACCESSION|url=URL] [form=10-K section=business|risk_factors|mda|financial_statements|segments max_chars=8000 follow=false]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: [
    "accession_no",
    "document_url",
    "section",
    "start_char",
    "end_char",
    "provider",
    "source_urls",
    "retrieved_at",
  ],
  positional: ["symbol"],
  synonyms: { accession_no: "accession" },
  requireOneOf: NAME_A_FILING,
  args: z.strictObject({
    ...filingArgs,
    section: z.preprocess(sectionToken, sectionSchema).default("business")
      .describe(
        "Section to read: business, risk_factors, mda, financial_statements or segments (md&a and similar aliases accepted), or the item number as the form numbers it: item 7 is mda in a 10-K, item 2 in a 10-Q, item 5 in a 20-F. With its part (\"Part I, Item 2\", or the item id filings.sections lists, part_i_item_2) the item is that part's: a 10-Q's Part II Items 1 and 2 (legal proceedings, share sales) are refused by name, never read as Part I's.",
      ),
    max_chars: z.int().min(0).default(8000).describe(
      "Most characters of text to return; 0 means the whole section.",
    ),
    follow: z.boolean().default(false).describe(
      "When the section is incorporated by reference to an exhibit of the filing (EX-13 annual report, a 40-F's EX-99), read the referenced part of that exhibit.",
    ),
  }),
  data: z.object({
    filing: filingSchema,
    section: z.object({ key: z.string(), title: z.string(), edgar_section: z.string().nullable() }),
    form_item: z.string().nullable(),
    found_as: z.string().nullable(),
    text: z.string(),
    char_count: z.int(),
    returned_chars: z.int(),
    truncated: z.boolean(),
    start_char: z.int(),
    end_char: z.int(),
    document_url: z.string(),
    cross_reference: z.string().nullable().describe(
      "The item's own words when it only points elsewhere (\"see Item 7\", an index of F-pages); the section's text is then the part it points to (found_as), or the pointer itself when that is another document (incorporated_by_reference).",
    ),
    incorporated_by_reference: z.boolean(),
    reference: referenceSchema.nullable(),
    followed: z.object({
      document: z.string(),
      type: z.string(),
      description: z.string(),
      url: z.string(),
      located_by: z.string(),
    }).nullable(),
    source: z.literal("filings_lib"),
    ...readFromShape,
  }),
  examples: [
    "finance filings.read NVDA accession=0001045810-24-000029 section=mda max_chars=4000",
    "finance filings.read AAPL form=10-Q section=risk_factors",
  ],
  async run(args, ctx) {
    await refuseUnmappedForm(args);
    const { client, filing, meta } = await resolveFiling(ctx, args);
    const found = await filingSections(client, filing);
    const { SECTIONS, itemFor } = await import("../../analysis/filings/section_maps.ts");
    const asked = args.section;
    let section: SectionName;
    if (asked.startsWith("part_")) section = partItemSection(asked, filing, found);
    else if (!asked.startsWith("item_")) section = asked as SectionName;
    else {
      const fam = found.family;
      const named = fam && fam !== "40-F" ? ITEM_OF[fam][asked] : undefined;
      const item = asked.slice(5).toUpperCase().replace(/^(\d+)([A-D])$/, "$1$2");
      if (!named) {
        throw new FinanceError(
          `section=${asked}: ${
            fam && fam !== "40-F"
              ? `Item ${item} of a ${filing.form} is not one of the sections filings.read reads (${
                ITEM_LIST[fam]
              }); ${itemWhere(asked, found)}`
              : `a ${filing.form} has no item numbers filings.read maps; name the section (business, risk_factors, mda, financial_statements)`
          }; for other items use document.scan on ${filing.filing_url}`,
        );
      }
      section = named;
      if (fam === "10-Q" && (item === "1" || item === "2")) {
        // both parts of a 10-Q have an Item 1 and an Item 2: say which one this is
        const other = found.items.find((i) => i.id === `part_ii_item_${item.toLowerCase()}`);
        ctx.warn(
          `section=${asked}: a 10-Q has an Item ${item} in Part I and in Part II; this is Part I, Item ${item} (${section})${
            other ? `, not Part II, Item ${item} ("${other.title.slice(0, 80)}")` : ""
          }; name the part (section=part_i_item_${item}) to ask for it alone`,
        );
      }
    }
    const spec = SECTIONS.find((s) => s.key === section)!;
    let span = found.sections.get(section);
    let viaStatements: FilingSection | null = null;
    const statements = found.sections.get("financial_statements");
    if (!span && section === "segments" && statements?.incorporated_by_reference) {
      // The segment note lives with statements that another document of the package holds.
      if (!args.follow) {
        throw new FinanceError(
          `segments: the financial statements of this ${filing.form} are incorporated by reference (${
            statements.exhibit?.type ??
              (statements.reference?.exhibit
                ? `Exhibit ${statements.reference.exhibit}`
                : statements.reference?.document ?? "another document")
          }); pass follow=true to look for the segment note there`,
        );
      }
      viaStatements = statements;
      span = { ...statements, key: "segments", title: spec.title, edgar_section: null };
    }
    if (
      !span && section !== "segments" && found.family !== "40-F" &&
      !itemFor(section, filing.form)
    ) {
      throw new FinanceError(
        `section not available: a ${filing.form} has no ${section} item (its sections: ${
          found.family === "10-Q"
            ? "mda = Part I Item 2, financial_statements = Part I Item 1, risk_factors = Part II Item 1A"
            : "see filings.sections"
        }); for the business description read the company's latest 10-K`,
      );
    }
    if (!span) {
      const have = [...found.sections.keys()].join(", ") || "none";
      const amended = amendmentNote(filing.form, found.items);
      const why = found.warnings.filter((w) =>
        w.startsWith(`${section}:`) || w.includes(` ${section}`)
      );
      throw new FinanceError(
        `section not available: ${section} was not found in ${filing.form} ${filing.accession_no} (${filing.filing_url})${
          why.length ? ` (${why.join("; ")})` : ""
        }; sections found: ${have}. ${
          amended ? `This is an amendment: ${amended}` : "Try document.scan on the filing URL"
        }`,
      );
    }
    // What the reader noted about this section (a combined report's first copy, a 10-Q's "no
    // material changes", another section's text held inside it) goes with it.
    const noted = viaStatements ? [] : found.warnings.filter((w) => w.startsWith(`${section}:`));
    for (const w of noted) ctx.warn(w);
    // section=item_8 of a 20-F names Item 8, but its statements are read from Item 18 (or 17):
    // the answer says which item's text it is
    // (also when that item only points to the F-pages: the item read is named by the form's
    // numbering, not by where its text was found)
    const askedItem = /(?:^|_)item_(\w+)$/.exec(asked)?.[1]?.toUpperCase() ?? null;
    const gotItem = /^Item\s+([\w.]+)/i.exec(span.form_item ?? "")?.[1]?.replace(/\./g, "")
      .toUpperCase() ??
      /_item_(\w+)$/.exec(span.found_as ?? "")?.[1]?.toUpperCase() ?? null;
    if (askedItem && gotItem && askedItem !== gotItem) {
      ctx.warn(
        `section=${asked}: Item ${askedItem} is read as ${section}, which this ${filing.form} holds in ${
          span.form_item ?? `Item ${gotItem}`
        } (${span.found_as}); the text returned is that item's${
          found.family === "20-F" && askedItem === "8"
            ? ", not Item 8's own (its legal proceedings, dividend policy and significant changes: filings.sections lists Item 8 with its offsets)"
            : ""
        }`,
      );
    }
    let text = found.doc.text;
    let start = span.start;
    let end = span.end;
    let documentUrl = filing.filing_url;
    let followed = null;
    if (span.incorporated_by_reference && (args.follow || span.exhibit)) {
      if (!args.follow) {
        throw new FinanceError(
          `${section} of this ${filing.form} is filed as ${span.exhibit!.type} (${
            span.exhibit!.document
          }); pass follow=true to read it from the exhibit`,
        );
      }
      const f = viaStatements
        ? await followSegments(client, filing, viaStatements)
        : await followSection(client, filing, span);
      if (!f) {
        throw new FinanceError(
          `section not available: no segment note was found in the financial statements that ${filing.form} ${filing.accession_no} incorporates by reference; try document.scan on the exhibit`,
        );
      }
      text = f.doc.text;
      start = f.start;
      end = f.end;
      documentUrl = f.url;
      followed = {
        document: f.document.document,
        type: f.document.type,
        description: f.document.description,
        url: f.url,
        located_by: f.located_by,
      };
    } else if (span.incorporated_by_reference) {
      ctx.warn(
        `${span.form_item ?? section} is incorporated by reference (${
          span.reference?.exhibit
            ? `Exhibit ${span.reference.exhibit}`
            : span.reference?.document ?? "another document"
        }${
          span.reference?.pages ? `, pages ${span.reference.pages}` : ""
        }); the text is the cross-reference itself; pass follow=true to read the referenced part`,
      );
    } else if (span.cross_reference && !noted.length) {
      ctx.warn(
        `${span.form_item ?? spec.edgar_section ?? section} only refers elsewhere ("${
          span.cross_reference.slice(0, 120)
        }"); text taken from ${
          // pages after the last item (F-pages behind the signatures) lie in no item: the pointing
          // item is named as where they were found, never said to hold them
          span.found_as === span.edgar_section
            ? `the pages it points to (characters ${trimSpan(text, span.start, span.end).start}-${
              trimSpan(text, span.start, span.end).end
            }), which lie outside every item heading`
            : span.found_as}`,
      );
    } else if (!viaStatements && !noted.length && section !== "segments") {
      const thin = thinItem(text.slice(span.start, span.end));
      if (thin !== null) {
        ctx.warn(
          `${section}: ${span.form_item ?? span.found_as} holds ${
            thin ? `only "${thin}"` : "nothing"
          } under its heading; it may point to text elsewhere in the document (filings.sections lists every item with its offsets), or the filing may print it elsewhere under another heading`,
        );
      }
    }
    // Trim surrounding blank space but keep offsets exact for citation.
    ({ start, end } = trimSpan(text, start, end));
    const full = text.slice(start, end);
    const shown = args.max_chars > 0 && full.length > args.max_chars
      ? full.slice(0, args.max_chars).trimEnd()
      : full;
    return {
      filing: meta,
      section: { key: spec.key, title: spec.title, edgar_section: span.edgar_section },
      form_item: span.form_item,
      found_as: span.found_as,
      text: shown,
      char_count: full.length,
      returned_chars: shown.length,
      truncated: shown.length < full.length,
      start_char: start,
      end_char: end,
      document_url: documentUrl,
      cross_reference: span.cross_reference,
      incorporated_by_reference: span.incorporated_by_reference,
      reference: span.reference,
      followed,
      source: "filings_lib" as const,
      ...filingReadFrom(ctx),
    };
  },
});
