import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { FinanceError } from "../../core/errors.ts";
import {
  filingArgs,
  filingReadFrom,
  filingSchema,
  NAME_A_FILING,
  readFromShape,
  resolveFiling,
} from "./_shared.ts";

const valueSchema = z.object({
  raw: z.number().nullable(),
  reported: z.number().nullable(),
  unit: z.string().nullable(),
  decimals: z.int().nullable(),
  period_type: z.enum(["instant", "duration"]),
  preferred_sign: z.int(),
});

const rowSchema = z.object({
  concept: z.string(),
  label: z.string(),
  level: z.int(),
  abstract: z.boolean(),
  balance: z.string().nullable(),
  parent: z.string().nullable(),
  calculation_parent: z.string().nullable(),
  axis: z.string().nullable().describe(
    "The axis of the member whose figures the row shows (srt:ProductOrServiceAxis); null for a row of figures without a dimension.",
  ),
  member: z.string().nullable().describe(
    'The member whose figures the row shows (us-gaap:ProductMember, labelled "Products"): a part of the row of its concept above it, never to be added to it; null for a row of figures without a dimension.',
  ),
  dimensions: z.array(z.object({ axis: z.string(), member: z.string() })).optional().describe(
    'Only on a row of figures under two or more of the statement\'s members at once (net sales of "Products | Americas"), each listed by the statement\'s presentation: every axis and member, in the order of the label; `axis` and `member` then join them with " | ". A part of the rows of its concept, never a total.',
  ),
  values: z.record(z.string(), valueSchema),
});

const STATEMENT_ALIASES: Record<string, string> = {
  income_statement: "income",
  operations: "income",
  balance_sheet: "balance",
  cash_flow: "cashflow",
  cash_flows: "cashflow",
  cash_flow_statement: "cashflow",
};

export default defineCommand({
  name: "filings.statement",
  summary: "Income, balance sheet or cash flow statement from a filing's XBRL",
  description:
    `Use for numbers of the primary financial statements of one 10-K or 10-Q, straight from the filing's XBRL: rows in presentation order with level, parent, calculation parent and labels as the company presents them. Values are keyed by period label ("YYYY-MM-DD" for instants, "YYYY-MM-DD to YYYY-MM-DD" for durations); \`raw\` is the XBRL value, \`reported\` is it scaled by negative decimals (millions when decimals is -6; figures of one unit tagged at different decimals, or at decimals that are no power of a thousand, are warned: add and compare \`raw\` then), and \`preferred_sign\` is -1 where the company shows the value negated. Rows hold the facts without a dimension; lines the statement shows by member of its own axes (its presentation's table: Apple's "Products" and "Services" net sales, srt:ProductOrServiceAxis) are rows of their own right after the row of their concept, labelled by the member, with \`axis\` and \`member\` given: parts of that row's figure, never added into it (null on other rows). A row the statement reports only under one member of its axis (Tesla's "Operating lease vehicles, net") shows that member's figures and names it, with a warning; members only the definition linkbase (_def.xml) ties to the statement's table are rows as well (its arcs followed into the roles their xbrldt:targetRole names, as XBRL Dimensions 1.0 reads them). Facts under two or more of the statement's members at once are rows only when its presentation lists each of those members: labelled by the members joined with " | ", with \`dimensions\` naming each axis and member, never a total. Breakdowns by axes the statement does not show (segment notes), typed members and other facts under several members are not given (a warning says so when a cell is empty because of it). \`xbrl_files\` names the files read (without a definition linkbase, members only it would name are warned, not shown). The columns are the periods most rows report, of the lengths the statement's full columns have (a 10-K's quarterly-data quarters are no columns; a 10-Q keeps its quarter and year-to-date columns, each labelled with its start and end), in the filing's order: a 10-Q's quarters first (this year's, then last year's), then its years to date; other columns most recent first. Facts are matched to the linkbases' concepts by namespace, whatever prefix the instance writes (\`ifrs:\` bound to the IFRS namespace is \`ifrs-full:\`); a statement none of whose rows has a value is an error saying why. The statement is chosen by the role definitions of FilingSummary.xml (or the schema), so company-specific names work; a statement tagged in two roles, the second "… (Continued)" (or "(Continued) (Unaudited)", ", continued", "Cont'd"), is read as one, its rows in order. \`balance\` is only known for the company's own extension concepts (standard taxonomy schemas are not downloaded) and is null otherwise. For notes, segment tables and other schedules use filings.reports then filings.report; when no row matches, fall back to filings.reports and document.scan.`,
  usage:
    "finance filings.statement [SYMBOL] [accession=ACCESSION|url=URL] [form=10-K statement=income|balance|cashflow query=TEXT include_abstract=false max_rows=0]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: [
    "accession_no",
    "filing_url",
    "statement",
    "role",
    "instance_file",
    "xbrl_files",
    "provider",
    "source_urls",
    "retrieved_at",
  ],
  positional: ["symbol"],
  view: "statement",
  synonyms: { accession_no: "accession" },
  requireOneOf: NAME_A_FILING,
  args: z.strictObject({
    ...filingArgs,
    statement: z.preprocess(
      (v) =>
        typeof v === "string"
          ? STATEMENT_ALIASES[v.toLowerCase().replace(/[-\s]/g, "_")] ?? v.toLowerCase()
          : v,
      z.enum(["income", "balance", "cashflow"]),
    ).default("income").describe(
      "Statement family: income, balance or cashflow.",
    ),
    query: z.string().optional().describe(
      "Keep only rows whose concept, label, parent, calculation parent or member holds this text or all its words, tags' words included (per share basic finds EarningsPerShareBasic); any case.",
    ),
    include_abstract: z.boolean().default(false).describe(
      "Include header (abstract) rows that carry no values.",
    ),
    max_rows: z.int().min(0).default(0).describe(
      "Most rows to return after filtering; 0 means all.",
    ),
  }),
  data: z.object({
    filing: filingSchema,
    statement: z.string(),
    role: z.string(),
    role_definition: z.string(),
    periods: z.array(z.string()),
    rows: z.array(rowSchema),
    count: z.int(),
    truncated: z.boolean(),
    instance_file: z.string(),
    xbrl_files: z.array(z.string()).describe(
      "The filing's XBRL files this statement was read from: the instance, the schema, then the presentation, calculation, label and definition linkbases the filing has (a linkbase not listed was not read: without the definition linkbase, members only it names are warned, not shown).",
    ),
    source: z.literal("filings_lib"),
    ...readFromShape,
  }),
  examples: [
    "finance filings.statement NVDA accession=0001045810-24-000029 statement=income",
    "finance filings.statement AAPL form=10-Q statement=balance query=cash",
  ],
  async run(args, ctx) {
    const { client, filing, meta } = await resolveFiling(ctx, args);
    const { loadXbrl, parseXbrl } = await import("../../providers/filings_a/xbrl_files.ts");
    const { buildStatement, joinStatements } = await import("../../analysis/filings/statement.ts");
    const { chooseRole, continuationRoles, rivalRoles } = await import(
      "../../analysis/filings/statement_roles.ts"
    );
    const bundle = await loadXbrl(client, filing);
    if (!bundle.pre) {
      throw new FinanceError(
        `filing ${filing.accession_no} has no presentation linkbase, so statement rows cannot be ordered; use filings.reports and filings.report instead`,
      );
    }
    // each file parsed once in the process, however many statements of the filing are asked
    const { schema, ...parsed } = parseXbrl(bundle);
    const menu = bundle.summary?.reports.filter((r) => r.role && /statement/i.test(r.category))
      .map((r) => ({ uri: r.role!, definition: r.long_name })) ?? [];
    const role = chooseRole(args.statement, menu) ?? chooseRole(args.statement, schema.roles);
    if (!role) {
      throw new FinanceError(
        `no ${args.statement} statement found among the statement roles of ${filing.accession_no}; list them with filings.reports, then read one with filings.report`,
      );
    }
    // the definition linkbase names the members of the statement's axes where the
    // presentation lists none (without it, such lines are warned, as before)
    for (const note of bundle.notes) ctx.warn(note);
    // a statement tagged as two roles, "… (Continued)" the second: its rows follow
    const more = continuationRoles(role, menu.length ? menu : schema.roles);
    const built = joinStatements(
      [role, ...more].map((r) =>
        buildStatement({ role: r.uri, ...parsed, balances: schema.balances })
      ),
    );
    if (more.length) {
      ctx.warn(
        `the ${args.statement} statement of ${filing.accession_no} is tagged in ${
          more.length + 1
        } parts ("${role.definition}", then ${
          more.map((r) => `"${r.definition}"`).join(", ")
        }): their rows are given in that order, as one statement`,
      );
    }
    if (!built.rows.some((r) => !r.abstract)) {
      // a role the presentation linkbase has no line items for: never an empty statement
      throw new FinanceError(
        `the ${args.statement} statement of ${filing.accession_no} (${role.definition}, role ${role.uri}) has no line items in its presentation linkbase${
          bundle.files.pre ? ` ${bundle.files.pre}` : ""
        }; read it with filings.reports then filings.report`,
      );
    }
    if (!built.periods.length) {
      // an empty statement is never an answer: say why (the first warning names the cause)
      throw new FinanceError(
        `the ${args.statement} statement of ${filing.accession_no} (${role.definition}) has no values in its XBRL instance ${bundle.files.instance}${
          built.warnings.length ? `: ${built.warnings.join("; ")}` : ""
        }; read it with filings.reports then filings.report`,
      );
    }
    for (const w of built.warnings) ctx.warn(w);
    const rivals = rivalRoles(args.statement, menu.length ? menu : schema.roles, role);
    if (rivals.length) {
      ctx.warn(
        `${
          rivals.length + 1
        } statement roles of ${filing.accession_no} match ${args.statement} (a combined report of several registrants, or a parent company's own statements?); the first in the filing's order is returned: "${role.definition}"; the others: ${
          rivals.slice(0, 5).map((r) => `"${r.definition}"`).join(", ")
        }; read another with filings.report`,
      );
    }
    const q = args.query?.toLowerCase();
    const words = q?.split(/\s+/).filter(Boolean) ?? [];
    let rows = built.rows.filter((r) => args.include_abstract || !r.abstract).filter((r) => {
      if (!q) return true;
      const fields = [r.concept, r.label, r.parent, r.calculation_parent, r.member];
      if (fields.some((f) => f?.toLowerCase().includes(q))) return true;
      // "earnings per share" finds us-gaap:EarningsPerShareBasic: a tag's words, then all words
      const hay = [...fields, conceptWords(r.concept)].join(" ").toLowerCase();
      return words.every((w) => hay.includes(w));
    });
    const matched = rows.length;
    if (args.max_rows > 0) rows = rows.slice(0, args.max_rows);
    if (!rows.length) {
      ctx.warn(
        `no ${args.statement} statement row matched${
          q ? ` query "${args.query}"` : ""
        }; try filings.reports then document.scan`,
      );
    }
    return {
      filing: meta,
      statement: args.statement,
      role: role.uri,
      role_definition: role.definition,
      periods: built.periods,
      rows: rows.map(({ preferred_label_role: _p, ...r }) => ({
        ...r,
        values: r.abstract ? r.values : fillPeriods(r.values, built.periods),
      })),
      count: rows.length,
      truncated: rows.length < matched,
      instance_file: bundle.files.instance,
      xbrl_files: [
        bundle.files.instance,
        bundle.files.schema,
        ...[bundle.files.pre, bundle.files.cal, bundle.files.lab, bundle.files.def].filter(
          (n): n is string => !!n,
        ),
      ],
      source: "filings_lib" as const,
      ...filingReadFrom(ctx),
    };
  },
});

// Every non-abstract row has one key per period (contract 2.6); a missing fact is null.
function fillPeriods<T>(values: Record<string, T>, periods: string[]) {
  const out: Record<string, T | z.infer<typeof valueSchema>> = {};
  for (const p of periods) {
    out[p] = values[p] ?? {
      raw: null,
      reported: null,
      unit: null,
      decimals: null,
      period_type: p.includes(" to ") ? "duration" : "instant",
      preferred_sign: 1,
    };
  }
  return out;
}

/** "us-gaap:EarningsPerShareBasic" → "Earnings Per Share Basic" (a tag's words, for query=). */
function conceptWords(concept: string | null): string {
  const local = concept?.split(":").pop() ?? "";
  return local.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2");
}
