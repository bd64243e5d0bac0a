/**
 * Which tools the MCP server lists, and how each is described.
 *
 * By default (`core`) an agent sees three discovery tools (finance_search, finance_describe,
 * finance_run: every command stays reachable) and a dozen commands exposed directly, about a
 * fifteenth of the tokens of the full list. `all` lists one tool per command, as before.
 */
import type { CommandDef } from "../core/command.ts";
import { UsageError } from "../core/errors.ts";
import { commandNames, namespaces } from "../commands/registry.ts";
import { closest } from "../core/suggest.ts";
import { argsJsonSchema, dataJsonSchema, type JsonSchema } from "./jsonschema.ts";
import { operationId } from "./openapi.ts";

/**
 * Commands listed directly by default: the steps agents take most (the playbooks' first moves).
 * A quote and bars for prices; recent filings, their sections, a section's text and the XBRL
 * statements for reported numbers; scan and window to find and cite a passage in any document;
 * news and transcripts for what was said; price moves for dated events; the research plan as a
 * checklist of what to run next. Everything else is one finance_search away.
 */
export const CORE_COMMANDS = [
  "market.quote",
  "market.ohlcv",
  "filings.recent",
  "filings.sections",
  "filings.read",
  "filings.statement",
  "document.scan",
  "document.window",
  "news.search",
  "transcripts.search",
  "price.moves",
  "research.plan",
];

/** What the server lists. */
export interface ToolSet {
  /** Commands listed as their own tools. */
  commands: string[];
  /** finance_search, finance_describe and finance_run are listed. */
  discovery: boolean;
  /** Tools carry an outputSchema (the envelope with the command's data schema). */
  outputSchemas: boolean;
}

/**
 * Reads a tool-set setting (`--tools`, FINANCE_MCP_TOOLS): `core` (the default), `all`, or
 * comma-separated namespaces, command names and `core`, listed beside the discovery tools.
 * `all` lists every command and no discovery tools, with output schemas, as clients that want
 * the full list expect.
 */
export function parseToolSet(spec: string | undefined, outputSchemas?: boolean): ToolSet {
  const items = (spec ?? "core").split(",").map((s) => s.trim()).filter(Boolean);
  if (!items.length) items.push("core");
  if (items.length === 1 && items[0] === "all") {
    return { commands: commandNames(), discovery: false, outputSchemas: outputSchemas ?? true };
  }
  const names = commandNames();
  const spaces = namespaces();
  const chosen = new Set<string>();
  for (const item of items) {
    if (item === "core") CORE_COMMANDS.forEach((c) => chosen.add(c));
    else if (item === "all") names.forEach((c) => chosen.add(c));
    else if (spaces.includes(item)) {
      names.filter((c) => c.startsWith(`${item}.`)).forEach((c) => chosen.add(c));
    } else if (names.includes(item)) chosen.add(item);
    else {
      const guess = closest(item, ["all", "core", ...spaces, ...names]);
      throw new UsageError(
        `unknown tool set \`${item}\`${guess ? `; did you mean \`${guess}\`?` : ""} ` +
          "(use all, core, or namespaces and command names separated by commas)",
      );
    }
  }
  return {
    commands: names.filter((c) => chosen.has(c)),
    discovery: true,
    outputSchemas: outputSchemas ?? false,
  };
}

/** An MCP tool as tools/list returns it. */
export interface ToolSpec {
  name: string;
  title?: string;
  description: string;
  inputSchema: JsonSchema & { type: "object" };
  outputSchema?: JsonSchema & { type: "object" };
  annotations?: Record<string, unknown>;
}

/** The summary and the first sentence of the description: what selects the tool. */
export function shortDescription(def: CommandDef): string {
  const first = (def.description ?? "").split(/(?<=[.;])\s+(?=[A-Z`(])/)[0] ?? "";
  const summary = `${def.summary}.`;
  return first && first.length <= 220 ? `${summary} ${first}` : summary;
}

/** The tool of one command. */
export function commandTool(def: CommandDef, set: ToolSet): ToolSpec {
  const tool: ToolSpec = {
    name: operationId(def.name),
    title: def.name,
    description: set.discovery ? shortDescription(def) : fullDescription(def),
    inputSchema: {
      ...(set.discovery ? compactSchema(def) : portableSchema(argsJsonSchema(def))),
      type: "object",
    },
    annotations: {
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: def.side_effects === "pure_calculation",
      openWorldHint: def.side_effects !== "pure_calculation",
    },
  };
  if (set.outputSchemas) {
    tool.outputSchema = {
      type: "object",
      properties: {
        ok: { type: "boolean" },
        data: { anyOf: [portableSchema(dataJsonSchema(def)), { type: "null" }] },
        error: { anyOf: [{ type: "string" }, { type: "null" }] },
        warnings: { type: "array", items: { type: "string" } },
      },
      required: ["ok", "data", "error", "warnings"],
    };
  }
  return tool;
}

/**
 * A copy of a schema that more clients can map: `type: [a, b]` spelled as `anyOf` branches of
 * one type each (the single-type dialects of some model providers refuse type arrays), and
 * without the 2^53 bounds zod puts on every integer, which say nothing to a caller.
 */
export function portableSchema(schema: JsonSchema): JsonSchema {
  const copy = structuredClone(schema);
  const tidy = (node: unknown): void => {
    if (!node || typeof node !== "object") return;
    const rec = node as JsonSchema;
    for (const bound of ["maximum", "minimum"]) {
      const v = rec[bound];
      if (typeof v === "number" && Math.abs(v) >= Number.MAX_SAFE_INTEGER) delete rec[bound];
    }
    if (Array.isArray(rec.type) && !rec.anyOf) {
      rec.anyOf = (rec.type as string[]).map((type) => ({ type }));
      delete rec.type;
    }
    Object.values(rec).forEach(tidy);
  };
  tidy(copy);
  return copy;
}

/** The argument schema as the short list shows it: portable, without alias or synonym properties. */
export function compactSchema(def: CommandDef): JsonSchema {
  const schema = portableSchema(argsJsonSchema(def));
  const props = schema.properties as Record<string, JsonSchema>;
  for (const alias of Object.keys({ ...def.aliases, ...def.synonyms })) delete props[alias];
  for (const rule of ["anyOf", "oneOf"]) {
    const groups = schema[rule] as { required: string[] }[] | undefined;
    if (groups) schema[rule] = groups.filter((g) => g.required.every((n) => n in props));
  }
  return schema;
}

/** The long description of the full list: when to use it, the CLI form, what to cite. */
function fullDescription(def: CommandDef): string {
  const parts = [def.summary + ".", def.description ?? "", `CLI form: ${def.usage}.`];
  parts.push(
    def.side_effects === "pure_calculation"
      ? "Deterministic calculator: pass only explicit or previously cited inputs."
      : "Results are source-specific records: cite provider, source, URL or accession and dates; when ok is false, report the error and do not fill in numbers.",
  );
  return parts.filter(Boolean).join(" ");
}

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, openWorldHint: false };

/** finance_search, finance_describe and finance_run. */
export function discoveryTools(): ToolSpec[] {
  return [
    {
      name: "finance_search",
      description:
        `Find the command for a request among all ${commandNames().length} (SEC filings and XBRL statements, documents, market data, news, transcripts, KPIs, estimates, calculators, backtests). ` +
        "Returns the best matches with their arguments; an empty query lists the namespaces.",
      inputSchema: {
        type: "object",
        properties: {
          query: {
            type: "string",
            description: 'The request in words, e.g. "revenue by year from the 10-K".',
          },
          namespace: {
            type: "string",
            enum: namespaces(),
            description: "Search only this namespace.",
          },
          limit: { type: "integer", minimum: 1, maximum: 20, default: 5 },
        },
      },
      annotations: { ...READ_ONLY, idempotentHint: true },
    },
    {
      name: "finance_describe",
      description:
        "Full argument schema, result fields, citation fields and ready-to-run example arguments of one command.",
      inputSchema: {
        type: "object",
        properties: {
          command: {
            type: "string",
            description: "Command name from finance_search, e.g. filings.statement.",
          },
        },
        required: ["command"],
      },
      annotations: { ...READ_ONLY, idempotentHint: true },
    },
    {
      name: "finance_run",
      description:
        "Run any command with its named arguments; returns the envelope {ok, data, error, warnings}. " +
        "Lists and objects may be JSON or comma-separated text.",
      inputSchema: {
        type: "object",
        properties: {
          command: {
            type: "string",
            description:
              "Command name (valuation.npv), or a command line as examples and playbooks write it (price.moves AAPL window=1d).",
          },
          arguments: {
            type: "object",
            description:
              'Named arguments, e.g. {"cashflows": [-100, 60, 60], "discount_rate": "8%"}.',
            additionalProperties: true,
          },
        },
        required: ["command"],
      },
      annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
    },
  ];
}
