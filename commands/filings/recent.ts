import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { list, ticker } from "../../core/schema.ts";
import { describeError, InputError } from "../../core/errors.ts";
import { classifyFiling, EIGHT_K_EVENTS } from "./_events.ts";
import { readFrom, SOURCE_URLS_HELP } from "../market/_sources.ts";

const eventSchema = z.object({
  event_type: z.string(),
  title: z.string(),
  importance: z.int(),
  item: z.string().nullable(),
});

const rowSchema = z.object({
  form: z.string(),
  accession_no: z.string(),
  filed_at: z.string(),
  report_date: z.string(),
  acceptance_datetime: z.string(),
  acceptance_datetime_eastern: z.string().nullable(),
  accepted_at_utc: z.string().nullable(),
  acceptance_clock: z.enum(["eastern", "utc"]).nullable().describe(
    "How SEC's acceptanceDateTime was read: Eastern wall-clock time behind its Z, or UTC; null when neither could be told (then the two times above are null).",
  ),
  items: z.array(z.string()),
  url: z.string(),
  primary_document: z.string(),
  events: z.array(eventSchema).optional(),
  event_type: z.string().optional(),
});

const eightK = Object.entries(EIGHT_K_EVENTS).filter(([c]) =>
  ["1.01", "2.02", "5.02", "2.01", "4.02", "7.01", "8.01"].includes(c)
).map(([code, [type]]) => `${code} ${type}`).join(", ");

export default defineCommand({
  name: "filings.recent",
  summary: "List a company's recent SEC filings, latest first (10-K, 10-Q, 8-K, 20-F ...)",
  description:
    `Use first when you only know a ticker: lists the company's filings newest first from SEC's submissions history (older pages are read when the recent block runs out; if one cannot be read, the list stops there with a warning), each with its accession number and primary document URL to pass to filings.sections/read/statement/reports/report. Not for the content of a filing.

Times: \`acceptance_datetime\` is SEC's acceptanceDateTime as SEC writes it (ISO 8601, milliseconds, Z). Behind that Z SEC writes US Eastern wall-clock time for some filers and the real UTC instant for others; which one a company's times are is told from EDGAR's hours (06:00 to 22:00 Eastern) and the filing dates, and given as \`acceptance_clock\`: the convention is the filer's, so every filing is read on its company's clock, and a filing whose time only the other clock fits is warned rather than switched (SEC's own notices, accession 9999999995-…, are read on the company's clock). \`acceptance_datetime_eastern\` is the Eastern time with its true offset (-05:00 EST or -04:00 EDT) and \`accepted_at_utc\` the real UTC instant; use those two for ordering against other sources.

forms= matches form types exactly (10-K does not include 10-K/A; list both to get both; 10-K405, 10-KSB and 10-KT filings that forms=10-K leaves out are counted in a warning); without forms= every form is listed. classify=true adds \`events\` (most important first) and \`event_type\` to each row: 8-K item codes map to named events (${eightK}; all 28 codes are mapped, 9.01 is financial_exhibits; the numbering before August 2004, e.g. items "12,7", maps to the items that replaced it, 12 to results_of_operations; an 8-K whose SEC data lists no item is current_report with item null, never a guessed item; a successor issuer's 8-K12B, 8-K12G3 or 8-K15D5 is successor_issuer first, then its items; another 8-K variant is other_filing, said to be unknown), 10-K/10-Q to annual_report/quarterly_report, 20-F/40-F to annual_report, Forms 3/4/5 to insider_transaction, 13F to institutional_holdings, SC 13D/G to ownership_stake, proxies to proxy_statement, registrations to securities_offering; importance runs from 1 (routine) to 5 (market-moving).`,
  usage: "finance filings.recent SYMBOL [forms=8-K,10-Q limit=20 classify=false]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: [
    "symbol",
    "cik",
    "accession_no",
    "url",
    "form",
    "filed_at",
    "provider",
    "source_urls",
    "retrieved_at",
  ],
  positional: ["symbol"],
  synonyms: { form: "forms" },
  view: "filings",
  args: z.strictObject({
    symbol: ticker(
      "Ticker of the company, resolved to its CIK through SEC's ticker list, or the company's SEC CIK (320193, CIK0000320193), which also names a filer no longer listed.",
    ),
    forms: list(z.string().trim().min(1)).optional().describe(
      "Form types to keep, comma-separated (e.g. 10-K,10-Q,8-K); exact match, case-insensitive (10k is 10-K). Omit for all forms.",
    ),
    limit: z.int().min(1).max(5000).default(20).describe("Most filings to return, newest first."),
    classify: z.boolean().default(false).describe(
      "Add an event classification to each row (8-K item codes to named events).",
    ),
  }),
  data: z.object({
    symbol: z.string(),
    company_name: z.string(),
    cik: z.string(),
    filings: z.array(rowSchema),
    count: z.int(),
    source: z.literal("filings_archive"),
    provider: z.literal("filings_a"),
    source_urls: z.array(z.string()).describe(
      `${SOURCE_URLS_HELP} SEC's ticker list and the company's submissions JSON (and its older pages) the list was read from.`,
    ),
    retrieved_at: z.string().nullable().describe(
      "When SEC's newest answer read was received (the recording's time under replay).",
    ),
  }),
  examples: [
    "finance filings.recent NVDA forms=10-K,10-Q limit=5",
    "finance filings.recent AAPL forms=8-K limit=10 classify=true",
  ],
  async run(args, ctx) {
    const client = await ctx.provider("filings_a");
    const { archiveUrl } = await import("../../providers/filings_a/edgar.ts");
    const { acceptanceClock, acceptanceTimes, clockOf, contractAcceptance, misfit, misfitWarning } =
      await import(
        "../../providers/filings_a/eastern.ts"
      );
    const { pad10 } = await import("../../providers/filings_a/client.ts");
    const { readForms, unknownFormNote } = await import(
      "../../providers/filings_a/form_types.ts"
    );
    const wanted = args.forms ? readForms(args.forms, ctx.warn) : undefined;
    if (wanted && !wanted.length) {
      throw new InputError(
        "argument `forms`: give at least one form type (e.g. forms=10-K,10-Q), or leave forms out to list every form",
      );
    }
    const { cik, title } = await client.lookupCompany(args.symbol);
    const company = await client.company(cik);
    // the clock of this company's timestamps, from all its recent filings
    const clock = acceptanceClock(company.recent);
    let unknownClock = 0;
    const misfits: typeof company.recent = [];
    const rows: z.infer<typeof rowSchema>[] = [];
    // Other names of a form asked for (10-K405, 10-KSB, 10-KT for 10-K; 10-KSB405 for 10-KSB):
    // left out, as forms= is exact, but counted so the answer says they exist
    const variants = new Map<string, number>();
    // an older page that could not be read: the history searched is then not the whole history
    let cut = false;
    await client.walk(cik, (r) => {
      const form = r.form.toUpperCase();
      if (wanted && !wanted.includes(form)) {
        const m = /^(10-[KQ])(SB)?(405|T)?(\/A)?$/.exec(form);
        const amended = m?.[4] ?? "";
        const names = m
          ? [`${m[1]}${amended}`, ...(m[2] && m[3] ? [`${m[1]}SB${amended}`] : [])]
          : [];
        if (names.some((n) => wanted.includes(n))) {
          variants.set(form, (variants.get(form) ?? 0) + 1);
        }
        return true;
      }
      const own = clockOf(r, clock);
      const when = own ? acceptanceTimes(r.acceptance_raw, own) : null;
      if (!own) unknownClock++;
      else if (misfit(r, own)) misfits.push(r);
      const row: z.infer<typeof rowSchema> = {
        form: r.form,
        accession_no: r.accession_no,
        filed_at: r.filing_date,
        report_date: r.report_date,
        acceptance_datetime: contractAcceptance(r.acceptance_raw),
        acceptance_datetime_eastern: when?.eastern ?? null,
        accepted_at_utc: when?.utc ?? null,
        acceptance_clock: own,
        items: r.items,
        url: archiveUrl(cik, r.accession_no, r.primary_document),
        primary_document: r.primary_document,
      };
      if (args.classify) {
        row.events = classifyFiling(r.form, r.items);
        row.event_type = row.events[0].event_type;
      }
      rows.push(row);
      return rows.length < args.limit;
    }, (page, err) => {
      cut = true;
      ctx.warn(
        `older filings page ${page} could not be read, so the list stops at ${rows.length} filing(s) ` +
          `(limit ${args.limit}): ${describeError(err)}`,
      );
    });
    if (variants.size) {
      const list = [...variants].map(([f, n]) => `${n} ${f}`).join(", ");
      ctx.warn(
        `forms= matches form types exactly: ${list} filing(s) among those read are not listed (10-K405 is a 10-K under the name used until 2002, 10-KSB and 10-QSB a small business's annual and quarterly reports until 2009, 10-KT and 10-QT transition reports); add ${
          [...variants.keys()].join(",")
        } to forms= to include them`,
      );
    }
    if (clock && misfits.length) ctx.warn(misfitWarning(misfits, clock));
    if (unknownClock) {
      ctx.warn(
        `${unknownClock} filing(s) have an acceptance time that SEC's data does not say is Eastern or UTC (both fit EDGAR's hours and the filing dates): their acceptance_datetime_eastern and accepted_at_utc are null; acceptance_datetime is as SEC wrote it`,
      );
    }
    if (!rows.length) {
      ctx.warn(
        `no filings${wanted ? ` of form ${wanted.join(", ")}` : ""} in ${
          cut ? "the part read of " : ""
        }${company.name || title}'s SEC history${
          cut ? " (its older filings could not be read, see above)" : ""
        }`,
      );
    }
    // a form matched by no row that is no form type SEC uses is most likely a slip
    for (const form of wanted ?? []) {
      const note = rows.some((r) => r.form.toUpperCase() === form) ? null : unknownFormNote(form);
      if (note) ctx.warn(note);
    }
    return {
      symbol: args.symbol,
      company_name: company.name || title,
      cik: pad10(cik),
      filings: rows,
      count: rows.length,
      source: "filings_archive" as const,
      ...readFrom(ctx, "filings_a" as const),
    };
  },
});
