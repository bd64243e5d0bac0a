/**
 * Command discovery for agents: a BM25F index over every command's name, summary, description,
 * arguments and examples (finance_search), built from the generated help manifest so it loads
 * no command module, and the full description of one command (finance_describe).
 */
import { argShape, type CommandDef } from "../core/command.ts";
import { cliKind, clip, tokensToArgs } from "../core/args.ts";
import { UsageError } from "../core/errors.ts";
import { closest } from "../core/suggest.ts";
import { Bm25Index, type RankDoc } from "../core/bm25.ts";
import { argsJsonSchema, dataJsonSchema, type JsonSchema } from "./jsonschema.ts";
import type { HelpEntry } from "./help.ts";
import { operationId } from "./openapi.ts";
import { SYNONYMS } from "./synonyms.ts";

/**
 * Field weights: a word in the name, summary or action (the name's last part and the summary's
 * first word: what the command does) says more than one in an argument's help; `referrals` are
 * other commands' pointers to this one. These, k1 and the length normalisation were picked by a
 * small grid over the ranking table in tests/mcp/search_cases.ts (its held-out requests were not
 * used for it).
 */
const WEIGHTS = {
  action: 2,
  name: 3,
  summary: 2.5,
  description: 0.7,
  pointers: 0.1,
  referrals: 1,
  args: 0.4,
  examples: 0.3,
};
/** Length normalisation: short fields (name, summary) are held less to their length. */
const LENGTH_NORM = {
  action: 0.5,
  name: 0.5,
  summary: 0.5,
  description: 0.75,
  pointers: 0.75,
  referrals: 0.75,
  args: 0.3,
  examples: 0.3,
};

/** One search result: enough to choose a command and call it. */
export interface CommandCard {
  command: string;
  /** The MCP tool name of the command (callable directly when listed, else via finance_run). */
  tool: string;
  summary: string;
  /** Argument names in schema order; required ones are also in `required`. */
  arguments: string[];
  required: string[];
  score: number;
}

/** The search index over the commands of the help manifest. */
export class CommandSearch {
  #entries: Map<string, HelpEntry>;
  #index: Bm25Index;

  constructor(entries: HelpEntry[]) {
    this.#entries = new Map(entries.map((e) => [e.name, e]));
    this.#index = new Bm25Index(searchDocs(entries), {
      weights: WEIGHTS,
      b: LENGTH_NORM,
      k1: 2.2,
      synonyms: SYNONYMS,
      synonymWeight: 0.5,
    });
  }

  /** The best matches of a request in words, optionally within one namespace. */
  search(query: string, opts: { namespace?: string; limit?: number } = {}): CommandCard[] {
    const ns = opts.namespace?.trim().toLowerCase();
    const inNamespace = (id: string) => !ns || id.split(".")[0] === ns;
    const hits = this.#index.search(query, inNamespace);
    // a query that names a command (filings.statement, finance_sector_keys, "sector keys") finds it first
    const named = plain(query.replace(/^finance_/, ""));
    const exact = hits.findIndex((h) => plain(h.id) === named);
    if (exact > 0) hits.unshift(...hits.splice(exact, 1));
    return hits.slice(0, opts.limit ?? 5).map((hit) => ({
      ...card(this.#entries.get(hit.id)!),
      score: Math.round(hit.score * 100) / 100,
    }));
  }

  /** Every command of a namespace (or of all), in registry order, for browsing. */
  list(namespace?: string): CommandCard[] {
    return [...this.#entries.values()]
      .filter((e) => !namespace || e.name.split(".")[0] === namespace)
      .map((e) => ({ ...card(e), score: 0 }));
  }
}

function plain(name: string): string {
  return name.toLowerCase().replace(/[\s._]+/g, " ").trim();
}

function card(entry: HelpEntry): Omit<CommandCard, "score"> {
  return {
    command: entry.name,
    tool: operationId(entry.name),
    summary: entry.summary,
    arguments: entry.args.map((a) => a.name),
    required: entry.args.filter((a) => a.required).map((a) => a.name),
  };
}

/**
 * The text of every command as the index sees it, field by field. A pointer of one command's
 * description to another ("for segment tables use filings.reports") says what the other is for,
 * so it is indexed as that command's `referrals` too.
 */
export function searchDocs(entries: HelpEntry[]): RankDoc[] {
  const names = new Set(entries.map((e) => e.name));
  const referrals = new Map<string, string[]>();
  const split = new Map(entries.map((e) => [e.name, splitPointers(e.description ?? "", names)]));
  for (const [from, [, pointers]] of split) {
    for (const clause of pointers.split(/(?<=[.;])\s+/)) {
      for (const [name, text] of referralsOf(clause, names)) {
        if (name !== from) referrals.set(name, [...referrals.get(name) ?? [], text]);
      }
    }
  }
  return entries.map((e) => searchDoc(e, split.get(e.name)!, referrals.get(e.name) ?? [], names));
}

function searchDoc(
  entry: HelpEntry,
  [own, pointers]: [string, string],
  referrals: string[],
  names: Set<string>,
): RankDoc {
  // another command's name says nothing of this one ("the arguments backtest.run accepts")
  const ownWords = (text: string) => text.replace(COMMAND_NAME, (w) => names.has(w) ? " " : w);
  const args = entry.args.map((a) =>
    [
      a.name.replace(/_/g, " "),
      a.description ?? "",
      ...(a.enum ?? []).map((v) => v.replace(/_/g, " ")),
    ].join(" ")
  );
  const examples = (entry.examples ?? []).map((e) =>
    e.replace(/^finance\s+/, "").replace(entry.name, "").replace(/--\S+(\s+\S+)?/g, "")
  );
  return {
    id: entry.name,
    fields: {
      name: entry.name.replace(/[._]/g, " "),
      // what the command does: the last part of its name and the verb its summary starts with
      action: `${entry.name.split(".").at(-1)!.replace(/_/g, " ")} ${entry.summary.split(" ")[0]}`,
      summary: entry.summary,
      description: ownWords(own),
      pointers: ownWords(pointers),
      referrals: ownWords(referrals.join(" ")),
      args: ownWords(args.join(" ")),
      examples: examples.join(" "),
    },
  };
}

const COMMAND_NAME = /\b[a-z]+(?:\.[a-z_]+)+\b/g;

/**
 * What a pointer clause says of each command it names: the words before the first name (what
 * to use them for) and those after its own name up to the next one ("use price.moves for large
 * moves and backtest.run for strategies": backtest.run is for strategies, not moves).
 */
function referralsOf(clause: string, names: Set<string>): [name: string, text: string][] {
  const found = [...clause.matchAll(COMMAND_NAME)].filter((m) => names.has(m[0]));
  if (found.length === 0) return [];
  const shared = clause.slice(0, found[0].index);
  return found.map((m, i) => {
    const end = i + 1 < found.length ? found[i + 1].index : clause.length;
    return [m[0], `${shared} ${clause.slice(m.index + m[0].length, end)}`];
  });
}

/**
 * Splits a description into its own clauses and the pointers to other commands ("for X use
 * filings.statement", "see backtest.describe", "with document.scan", "… instead"): those describe
 * the other command, so they rank this one only faintly. A clause that names another command as
 * where its data comes from or what it feeds ("bars from market.ohlcv") is this command's own.
 */
export function splitPointers(
  description: string,
  names: Set<string>,
): [own: string, pointers: string] {
  const own: string[] = [];
  const pointers: string[] = [];
  for (const sentence of description.split(/(?<=[.;:])\s+(?=[A-Z(`])/)) {
    for (const clause of sentence.split(/(?<=;)\s+/)) {
      (isPointer(clause, names) ? pointers : own).push(clause);
    }
  }
  return [own.join(" "), pointers.join(" ")];
}

const REDIRECT = /\b(?:use|see|prefer|try|with|fall back to)\s+`?$/i;

function isPointer(clause: string, names: Set<string>): boolean {
  for (const m of clause.matchAll(COMMAND_NAME)) {
    if (!names.has(m[0])) continue;
    if (REDIRECT.test(clause.slice(0, m.index))) return true;
    if (/^[^.;]*\binstead\b/.test(clause.slice(m.index + m[0].length))) return true;
  }
  return false;
}

/** Everything about one command that finance_describe returns. */
export function describeCommand(def: CommandDef): Record<string, unknown> {
  return {
    command: def.name,
    tool: operationId(def.name),
    summary: def.summary,
    description: def.description ?? "",
    usage: def.usage,
    side_effects: def.side_effects,
    auth_required: def.auth_required,
    positional: def.positional,
    arguments: argsJsonSchema(def),
    data: schemaOutline(dataJsonSchema(def), 3),
    citation_fields: def.citation_fields,
    // examples of this command (a few show the next command to run), with finance_run arguments
    examples: (def.examples ?? [])
      .filter((cli) => shellWords(cli)[1] === def.name)
      .map((cli) => ({ cli, arguments: exampleArguments(def, cli) })),
  };
}

/** The CLI example as the named arguments finance_run takes, or null when it cannot be read. */
export function exampleArguments(def: CommandDef, cli: string): Record<string, unknown> | null {
  const words = shellWords(cli);
  if (words[0] !== "finance" || words[1] !== def.name) return null;
  try {
    return cliArguments(def, words.slice(2));
  } catch {
    return null;
  }
}

/** The CLI's output flags: they choose how a terminal shows the answer, so finance_run drops them. */
const OUTPUT_FLAGS_WITH_VALUE = new Set(["--output", "-o"]);
const OUTPUT_FLAGS_ALONE = new Set(["--json", "--help", "-h", "--list"]);

/**
 * Named arguments from the words after a command's name on a command line, read as the CLI reads
 * them (positionals, `key=value`); output flags such as `--output text` are dropped. Any other
 * `--flag` is refused naming the closest argument: dropping it (and the word after it) would run
 * the command without a value the caller gave. Throws the CLI's UsageError for a line it cannot
 * read.
 */
export function cliArguments(def: CommandDef, words: string[]): Record<string, unknown> {
  const tokens: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (OUTPUT_FLAGS_WITH_VALUE.has(word)) i++;
    else if (word.startsWith("--output=") || OUTPUT_FLAGS_ALONE.has(word)) continue;
    else if (/^--[A-Za-z]/.test(word)) throw new UsageError(unknownFlag(def, word));
    else tokens.push(word);
  }
  const shape = def.args.shape as Record<string, import("zod").ZodType>;
  return { ...tokensToArgs(argShape(def), tokens, (key) => cliKind(shape[key])) };
}

/** Why `--flag` is refused, with the argument it most likely meant written as key=value. */
function unknownFlag(def: CommandDef, flag: string): string {
  const name = flag.slice(2).split("=")[0];
  const keys = Object.keys(def.args.shape as Record<string, unknown>);
  const key = keys.find((k) => k === name || k === name.replaceAll("-", "_")) ??
    closest(name.replaceAll("-", "_"), keys);
  const hint = key
    ? `; did you mean \`${key}=<value>\`? arguments are written key=value`
    : `; arguments are written key=value (${keys.join(", ") || "this command takes none"})`;
  return `unknown option ${
    clip(flag)
  } for ${def.name}${hint}, and the only options are --output and --help`;
}

/** Splits a command line as a POSIX shell would for plain words and '…' / "…" quotes. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word = "";
  let started = false;
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (ch === quote) quote = null;
      else if (ch === "\\" && quote === '"' && /["\\$`]/.test(line[i + 1] ?? "")) word += line[++i];
      else word += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      started = true;
    } else if (/\s/.test(ch)) {
      if (started) words.push(word);
      word = "";
      started = false;
    } else {
      word += ch === "\\" && i + 1 < line.length ? line[++i] : ch;
      started = true;
    }
  }
  if (started) words.push(word);
  return words;
}

/** A short outline of a JSON schema: field → type, nested objects to `depth` levels. */
export function schemaOutline(schema: JsonSchema, depth: number): unknown {
  const alts = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alts) {
    const parts = alts.map((a) => schemaOutline(a, depth));
    const plain = parts.filter((p) => p !== "null");
    const nullable = plain.length < parts.length ? "|null" : "";
    if (plain.length === 1) {
      return typeof plain[0] === "string" ? `${plain[0]}${nullable}` : plain[0];
    }
    return parts.every((p) => typeof p === "string") ? parts.join("|") : parts;
  }
  if (schema.enum) return (schema.enum as unknown[]).map((v) => JSON.stringify(v)).join("|");
  const type = Array.isArray(schema.type) ? schema.type.join("|") : schema.type;
  if (type === "array") {
    const items = schemaOutline((schema.items ?? {}) as JsonSchema, depth);
    return typeof items === "string" ? `${items}[]` : [items];
  }
  if (type === "object" && schema.properties) {
    if (depth <= 0) return "object";
    return Object.fromEntries(
      Object.entries(schema.properties as Record<string, JsonSchema>).map((
        [k, v],
      ) => [k, schemaOutline(v, depth - 1)]),
    );
  }
  if (type === "object" && schema.additionalProperties) {
    const values = schemaOutline(schema.additionalProperties as JsonSchema, depth - 1);
    return typeof values === "string" ? `{[key]: ${values}}` : { "[key]": values };
  }
  return type ? String(type) : "any";
}
