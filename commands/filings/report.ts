import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { someOf } from "../../core/lists.ts";
import { FinanceError, UsageError } from "../../core/errors.ts";
import {
  filingArgs,
  filingReadFrom,
  filingSchema,
  NAME_A_FILING,
  readFromShape,
  resolveFiling,
  textReaders,
} from "./_shared.ts";
import { descriptorSchema } from "./reports.ts";

const cellSchema = z.object({
  column: z.string(),
  text: z.string(),
  number: z.number().nullable(),
  scaled: z.number().nullable(),
  unit: z.string().nullable().describe(
    'What `scaled` counts: the currency ("USD"; the column\'s when its heading names one; a row\'s own sign when the title scales several currencies apart), "shares", "count", "percent" (scaled null), "USD per share, as printed", a unit EDGAR puts after the label ("Vendor"), "money" when no currency is named; null for a cell that is no number. The period is the cell\'s `column`, or, on a page whose columns are no periods (an equity statement\'s components), the first entry of its row\'s `context` ("6 Months Ended Mar. 29, 2025").',
  ),
});

const rowSchema = z.object({
  table: z.string(),
  context: z.array(z.string()),
  label: z.string(),
  concept: z.string().nullable(),
  abstract: z.boolean(),
  values: z.array(cellSchema),
});

const tableSchema = z.object({
  table: z.string(),
  columns: z.array(z.string()),
  scale: z.string(),
  caption: z.string().nullable(),
});

export default defineCommand({
  name: "filings.report",
  summary: "Read one financial report page (R file) of a filing as text and structured rows",
  description:
    'Use after filings.reports to read one statement, note, table or detail page exactly as EDGAR rendered it from the filing\'s XBRL: `text` is the table as readable lines, `rows` are structured (context = dimension members and the headings the row stands under, each heading ending at its total or the next heading; concept = the XBRL element). Tables a note embeds in its text block follow that row as tables of their own (`table` "<label> — table N", sub-headings such as "Americas:" in context). In each cell `number` is the value as printed (parentheses negative, dashes and blanks null) and `scaled` applies the table\'s scale once (title "$ in Millions", "¥ in Billions", "shares in Thousands", the older "In Millions, except Per Share data", or the note\'s "(in millions)"; per-share rows unscaled, whether the label or element says per share, per common or diluted share, per unit, or a "Basic"/"Diluted" row stands under a per-share heading; a footnote mark glued to a figure, "1,234(1)", is no part of it; a column headed with its currency, "USD ($)" beside "CNY (¥)" columns, is in that currency at the title\'s scale for it; a title scaling several currencies apart leaves scaled null, with a warning, on rows and columns that do not name theirs), `unit` says what scaled counts and `column` gives its period (a statement of shareholders\' equity has its components as columns and its periods down the page, between balances dated in their labels: each row of a period has "6 Months Ended Mar. 29, 2025" first in its context, a per-share line after a closing balance the period it follows, with a warning); `tables` gives each table\'s columns, scale in words and caption. Lookup of `report`: an R number (R4, or the file name R4.htm) picks exactly that page; otherwise the exact short name (case-insensitive), then a short or long name containing the text.',
  usage:
    "finance filings.report [SYMBOL] [accession=ACCESSION|url=URL] report=SHORT_NAME|R4 [form=10-K query=TEXT max_rows=25 max_chars=8000]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: [
    "accession_no",
    "filing_url",
    "file_name",
    "url",
    "provider",
    "source_urls",
    "retrieved_at",
  ],
  positional: ["symbol"],
  view: "report",
  synonyms: { accession_no: "accession", name: "report" },
  requireOneOf: NAME_A_FILING,
  args: z.strictObject({
    ...filingArgs,
    // a JSON caller may send the R number as a number ({"report": 4}): it is R4, as report=4 is
    report: z.union([z.string().trim().min(1), z.int().min(1)]).describe(
      "The report: its R number as listed by filings.reports (R4, R4.htm or 4), or its short name.",
    ),
    query: z.string().optional().describe(
      "Keep rows whose label, concept, context or cells contain this text, or all of its words.",
    ),
    max_rows: z.int().min(0).default(25).describe("Most rows to return; 0 means all."),
    max_chars: z.int().min(0).default(8000).describe(
      "Most text characters to return; 0 means all.",
    ),
  }),
  data: z.object({
    filing: filingSchema,
    report: descriptorSchema,
    text: z.string(),
    tables: z.array(tableSchema),
    rows: z.array(rowSchema),
    row_count: z.int(),
    row_query: z.string().nullable(),
    rows_truncated: z.boolean(),
    char_count: z.int(),
    returned_chars: z.int(),
    truncated: z.boolean(),
    source: z.literal("filings_lib"),
    ...readFromShape,
  }),
  examples: [
    'finance filings.report AAPL accession=0000320193-25-000057 report="CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS (Unaudited)"',
    "finance filings.report AAPL accession=0000320193-25-000057 report=Revenue max_rows=0",
    "finance filings.report AAPL accession=0000320193-25-000057 report=R4",
  ],
  async run(rawArgs, ctx) {
    const args = {
      ...rawArgs,
      report: typeof rawArgs.report === "number" ? `R${rawArgs.report}` : rawArgs.report,
    };
    if (!args.report) {
      throw new UsageError(
        "report: give the report's R number or short name (see filings.reports), e.g. report=R4 or report=Revenue",
      );
    }
    const { client, filing, meta } = await resolveFiling(ctx, args);
    const { loadSummary } = await import("../../providers/filings_a/xbrl_files.ts");
    const { isReportPage, parseReport, reportText } = await import(
      "../../analysis/filings/rfile.ts"
    );
    const summary = await loadSummary(client, filing, { required: true });
    if (!summary) {
      throw new FinanceError(
        `filing ${filing.accession_no} (${filing.form}) has no FilingSummary.xml (no XBRL financial report); use ${await textReaders(
          filing,
        )}`,
      );
    }
    const want = args.report.toLowerCase();
    // an R number names one page exactly: never fall back to a name that merely contains it
    // (a bare 4 is R4, not the first report whose long name holds a 4 somewhere in its number)
    const rNumber = /^r?\d+(\.(?:html?|xml))?$/.test(want)
      ? `r${want.replace(/^r/, "").replace(/\.(?:html?|xml)$/, "")}`
      : null;
    // a statement named by its kind ("income", "balance sheet", "cash flows") is that statement,
    // chosen as filings.statement chooses it: "income" is the statement of operations, not
    // the statement of comprehensive income that merely contains the word
    const kind = statementKind(want);
    const { chooseRole } = await import("../../analysis/filings/statement_roles.ts");
    const byKind = kind && !rNumber
      ? chooseRole(
        kind,
        summary.reports.map((x) => ({ uri: x.file_name, definition: x.long_name })),
      )
      : null;
    const containing = summary.reports.filter((x) =>
      x.short_name.toLowerCase().includes(want) || x.long_name.toLowerCase().includes(want)
    );
    const r = rNumber
      ? summary.reports.find((x) =>
        x.file_name.toLowerCase().replace(/\.(?:html?|xml)$/, "") === rNumber
      )
      : summary.reports.find((x) => x.short_name.toLowerCase() === want) ??
        summary.reports.find((x) => x.file_name.toLowerCase() === want) ??
        summary.reports.find((x) => x.file_name === byKind?.uri) ??
        summary.reports.find((x) => x.short_name.toLowerCase().includes(want)) ??
        summary.reports.find((x) => x.long_name.toLowerCase().includes(want));
    const others = r && !rNumber && r.short_name.toLowerCase() !== want
      ? containing.filter((x) => x !== r)
      : [];
    if (others.length) {
      ctx.warn(
        `report="${args.report}" also matches ${
          someOf(
            others.map((x) => `${x.file_name.replace(/\.html?$/, "")} ${x.short_name}`),
            5,
            "; ",
          )
        }; ${r!.file_name.replace(/\.html?$/, "")} was read (name another by its R number)`,
      );
    }
    if (!r) {
      const names = summary.reports.slice(0, 8).map((x) =>
        `${x.file_name.replace(/\.html?$/, "")} ${x.short_name}`
      )
        .join("; ");
      throw new FinanceError(
        `report not available: "${args.report}" matches no report of ${filing.accession_no}; list them with filings.reports (first ones: ${names})`,
      );
    }
    const html = await client.archiveText(filing.cik, filing.accession_no, r.file_name);
    if (!isReportPage(html)) {
      // never an empty answer that reads as a page with no rows
      throw new FinanceError(
        `${r.file_name} of ${filing.accession_no} ("${r.short_name}") is not an HTML report page of EDGAR's renderer${
          /\.xml$/i.test(r.file_name) || /<InstanceReport\b/.test(html.slice(0, 2000))
            ? " (filings of 2009-2011 have their R pages in the renderer's older XML format, which is not read here)"
            : ""
        }; read the statement's figures with filings.statement (its XBRL), or the filing's text with filings.read or document.scan`,
      );
    }
    const text = reportText(html);
    const parsed = parseReport(html);
    for (const w of parsed.warnings) ctx.warn(`${r.file_name.replace(/\.html?$/, "")}: ${w}`);
    const q = args.query?.toLowerCase();
    const words = q?.split(/\s+/).filter(Boolean) ?? [];
    let rows = parsed.rows.filter((row) => {
      if (!q) return true;
      const hay = [
        row.table,
        ...row.context,
        row.label,
        row.concept ?? "",
        ...row.values.flatMap((v) => [v.column, v.text]),
      ].join(" ").toLowerCase();
      return hay.includes(q) || words.every((w) => hay.includes(w));
    });
    const matched = rows.length;
    if (q && !matched && parsed.rows.length) {
      ctx.warn(
        `no row of ${
          r.file_name.replace(/\.html?$/, "")
        } matched query "${args.query}" (its ${parsed.rows.length} rows were read); the text is the whole report: drop query= or try another word`,
      );
    }
    if (args.max_rows > 0) rows = rows.slice(0, args.max_rows);
    const shown = args.max_chars > 0 ? text.slice(0, args.max_chars).trimEnd() : text;
    return {
      filing: meta,
      report: {
        short_name: r.short_name,
        long_name: r.long_name,
        category: r.category,
        file_name: r.file_name,
        url: client.fileUrl(filing, r.file_name),
      },
      text: shown,
      tables: parsed.tables,
      rows,
      row_count: rows.length,
      row_query: args.query ?? null,
      rows_truncated: rows.length < matched,
      char_count: text.length,
      returned_chars: shown.length,
      truncated: shown.length < text.length,
      source: "filings_lib" as const,
      ...filingReadFrom(ctx),
    };
  },
});

/** The statement a report name asks for by its kind alone, if it does. */
function statementKind(want: string): "income" | "balance" | "cashflow" | null {
  const w = want.replace(/\s+/g, " ").trim();
  if (
    /^(?:income( statements?)?|statements? of (?:operations|income)|operations|earnings)$/.test(w)
  ) {
    return "income";
  }
  if (/^(?:balance( sheets?)?|financial position|financial condition)$/.test(w)) return "balance";
  if (/^(?:cash ?flows?( statements?)?|statements? of cash flows?)$/.test(w)) return "cashflow";
  return null;
}
