/**
 * Help text for the CLI. It reads the generated manifest `commands/help.json` (written by
 * `deno task docs` from the command definitions, see adapters/help_manifest.ts), so help, the
 * command list and completions load neither zod nor any command module and answer about as fast
 * as Deno starts.
 */
import manifest from "../commands/help.json" with { type: "json" };
import { VERSION } from "../core/version.ts";
import { wrap as wrapLine } from "./views/text.ts";

/** One argument as help shows it. */
export interface HelpArg {
  name: string;
  type: string;
  required?: boolean;
  positional?: boolean;
  default?: unknown;
  enum?: string[];
  aliases?: string[];
  description?: string;
}

/** One command of the manifest. */
export interface HelpEntry {
  name: string;
  summary: string;
  description?: string;
  usage: string;
  side_effects: string;
  auth_required: string;
  citation_fields: string[];
  examples?: string[];
  args: HelpArg[];
  /** Arguments of which one must be given, in words ("Give at least one of: ..."). */
  require_one_of?: string;
}

/** The generated manifest. */
export interface HelpManifest {
  note: string;
  commands: HelpEntry[];
}

const MANIFEST = manifest as HelpManifest;
let byName: Map<string, HelpEntry> | null = null;

/** Every command of the manifest, in display order. */
export function helpEntries(): HelpEntry[] {
  return MANIFEST.commands;
}

/** One command's entry, or null. */
export function helpEntry(name: string): HelpEntry | null {
  byName ??= new Map(MANIFEST.commands.map((c) => [c.name, c]));
  return byName.get(name) ?? null;
}

/** Namespaces in display order, each with its commands. */
export function helpNamespaces(): Map<string, HelpEntry[]> {
  const out = new Map<string, HelpEntry[]>();
  for (const c of MANIFEST.commands) {
    const ns = c.name.split(".")[0];
    const list = out.get(ns);
    if (list) list.push(c);
    else out.set(ns, [c]);
  }
  return out;
}

/** `NAME  SUMMARY` per command. */
export function listText(): string {
  // the two longest names (formula.operating_current_*) would push every summary right
  const width = Math.max(...MANIFEST.commands.map((c) => c.name.length).filter((n) => n <= 26));
  return MANIFEST.commands.map((c) => `${c.name.padEnd(width)}  ${c.summary}`).join("\n");
}

/** Commands of one namespace. */
export function namespaceHelp(ns: string): string {
  const entries = helpNamespaces().get(ns) ?? [];
  const lines = [`${ns}`, `Commands under \`${ns}\`:`];
  for (const c of entries) lines.push(`  ${c.name.slice(ns.length + 1).padEnd(24)} ${c.summary}`);
  lines.push("", `Run \`finance ${ns}.COMMAND --help\` for a command's arguments.`);
  return lines.join("\n");
}

/** `text` word-wrapped to `width` columns, each line after `indent`, paragraphs kept. */
function indented(text: string, indent: number, width: number): string[] {
  const pad = " ".repeat(indent);
  return text.split("\n").flatMap((p) =>
    wrapLine(p, Math.max(30, width - indent)).map((l) => (pad + l).trimEnd())
  );
}

/** Full help of one command, its prose wrapped to `width` columns (the terminal's). */
export function commandHelp(entry: HelpEntry, width = 100): string {
  const lines = [entry.name, ...indented(entry.summary, 0, width)];
  if (entry.description) lines.push("", ...indented(entry.description, 0, width));
  lines.push("", `Usage: ${entry.usage}`);
  if (entry.require_one_of) lines.push(...indented(entry.require_one_of, 0, width));
  lines.push("", "Arguments:");
  if (!entry.args.length) lines.push("  (none)");
  for (const a of entry.args) {
    const bits = [a.type];
    if (a.required) bits.push("required");
    if (a.positional) bits.push("positional");
    if (a.default !== undefined) bits.push(`default ${JSON.stringify(a.default)}`);
    if (a.enum) bits.push(`one of ${a.enum.join("|")}`);
    if (a.aliases?.length) bits.push(`also ${a.aliases.join(", ")}`);
    const [first, ...more] = indented(bits.join(", "), 25, width);
    lines.push(`  ${a.name.padEnd(22)} ${first.trimStart()}`, ...more);
    if (a.description) lines.push(...indented(a.description, 25, width));
  }
  lines.push(
    "",
    ...indented(`Side effects: ${entry.side_effects}`, 0, width),
    ...indented(`Auth: ${entry.auth_required}`, 0, width),
    ...indented(
      `Cite: ${entry.citation_fields.length ? entry.citation_fields.join(", ") : "(calculation)"}`,
      0,
      width,
    ),
  );
  const examples = entry.examples ?? [entry.usage.replace(/\s\[.*$/, "")];
  lines.push("", "Examples:", ...examples.map((e) => `  ${e}`));
  lines.push("", "Output: --output json (default) | text | compact | csv | tsv");
  return lines.join("\n");
}

/** Environment settings the program reads, for `finance --help`. */
const ENVIRONMENT: [string, string][] = [
  ["FINANCE_FILINGS_USER_AGENT", 'name and e-mail sent to SEC EDGAR ("Name you@example.com")'],
  ["FINANCE_REPLAY=DIR[:DIR]", "answer every request from recorded cassettes; no network"],
  ["FINANCE_RECORD=DIR", "record live responses into a cassette folder"],
  ["FINANCE_NOW", 'fixed "now" (ISO date or date-time) for relative ranges'],
  ["FINANCE_CACHE=off", "disable the response cache (FINANCE_CACHE_DIR moves it)"],
  ["FINANCE_CACHE_MAX_MB", "local cache size cap (default 500); least recently used go first"],
  ["FINANCE_DOCUMENT_ROOTS", "folders (`:`-separated) document commands may read over HTTP/MCP"],
  ["FINANCE_MAX_DOCUMENT_BYTES", "largest document read, decompressed (bytes, default 64 MiB)"],
  ["FINANCE_MAX_RESPONSE_BYTES", "largest other HTTP response, decompressed (default 256 MiB)"],
  [
    "FINANCE_MAX_BUFFERED_BYTES",
    "HTTP response bytes held at once, all requests (default 512 MiB)",
  ],
  [
    "FINANCE_ALLOW_PRIVATE_URLS=1",
    "serve/MCP: allow URLs on private, loopback or metadata addresses",
  ],
  ["ESTIMATES_A_API_KEY", "Financial Modeling Prep key (analyst estimates)"],
  ["ALPHA_VANTAGE_API_KEY", "Alpha Vantage key (market_b)"],
  ["ALPACA_API_KEY_ID, ALPACA_API_SECRET_KEY", "Alpaca market data keys (broker_a)"],
  ["FINANCE_PORT, FINANCE_ADAPTER_TOKEN", "`finance serve` port and bearer token"],
  ["FINANCE_MAX_BODY_BYTES", "`finance serve` largest request body (default 1 MB)"],
  ["FINANCE_REQUEST_TIMEOUT_MS", "`finance serve` time limit per request (default 120000)"],
  ["FINANCE_MCP_PORT", "`finance mcp --http` port (default 8766)"],
  ["FINANCE_MCP_TOOLS", "`finance mcp` tool list: core (default), all, or namespaces"],
];

/** `finance --help`: usage, namespaces, servers and environment settings. */
export function mainHelp(): string {
  const lines = [
    `finance ${VERSION}: research toolkit for public-company analysis`,
    "",
    "Usage:",
    "  finance <command> [positional ...] [key=value ...] [--output json|text|compact|csv|tsv]",
    "  finance <command> --help        arguments, types, defaults and examples of a command",
    "  finance help <namespace>        the commands of one namespace",
    "  finance --list                  every command with a one-line summary",
    "  finance serve [--port N] [--host ADDRESS]   HTTP adapter: POST /commands/<command>",
    "  finance mcp [--http] [--port N] [--tools SET]  MCP server for agents (stdio or HTTP)",
    "  finance cache info|clear [--shared]   the response cache: size, entries; empty it",
    "  finance completions bash|zsh|fish",
    "  finance --version",
    "",
    "Namespaces:",
  ];
  const namespaces = helpNamespaces();
  const width = Math.max(...[...namespaces.keys()].map((n) => n.length));
  for (const [ns, entries] of namespaces) {
    const names = entries.map((e) => e.name.slice(ns.length + 1)).sort();
    lines.push(...wrap(`  ${ns.padEnd(width)}  `, names));
  }
  lines.push("", "Environment:");
  // a name longer than the column (two keys on one line) stands on a line of its own
  const envWidth = Math.max(...ENVIRONMENT.map(([k]) => k.length).filter((n) => n <= 28));
  for (const [k, v] of ENVIRONMENT) {
    const [first, ...more] = indented(v, envWidth + 4, 100);
    if (k.length > envWidth) lines.push(`  ${k}`, first, ...more);
    else lines.push(`  ${k.padEnd(envWidth)}  ${first.trimStart()}`, ...more);
  }
  lines.push(
    "",
    "Exit codes: 0 ok, 1 the command failed (ok:false), 2 the call was malformed.",
    "Example: finance formula.cagr start=100 end=150 periods=3 --output text",
  );
  return lines.join("\n");
}

/** `prefix a, b, c` folded at 100 columns, continuation lines indented under the first name. */
function wrap(prefix: string, words: string[]): string[] {
  const out: string[] = [];
  let line = prefix;
  for (const [i, w] of words.entries()) {
    const piece = i < words.length - 1 ? `${w},` : w;
    if (line.length > prefix.length && line.length + 1 + piece.length > 100) {
      out.push(line);
      line = " ".repeat(prefix.length) + piece;
    } else line = line.length > prefix.length ? `${line} ${piece}` : line + piece;
  }
  out.push(line);
  return out;
}

/** `finance serve --help`. */
export function serveHelp(): string {
  return [
    "finance serve [--port N] [--host ADDRESS]",
    "",
    "Serves the HTTP adapter: POST /commands/<command> with a JSON object of named arguments",
    "answers the envelope (422 when the arguments are refused); GET /openapi.json is the OpenAPI",
    "3.1 document and GET /docs shows it as a page; GET /health.",
    "",
    "Options:",
    "  --port N          port (default 8765, or FINANCE_PORT)",
    "  --host ADDRESS    address to bind (default 127.0.0.1); any other address requires",
    "                    FINANCE_ADAPTER_TOKEN, and clients send Authorization: Bearer <token>",
    "",
    "Environment: FINANCE_ADAPTER_TOKEN, FINANCE_MAX_BODY_BYTES (default 1000000),",
    "FINANCE_REQUEST_TIMEOUT_MS (default 120000), FINANCE_DOCUMENT_ROOTS, FINANCE_REPLAY.",
    "Slow and idle clients (also for mcp --http; README: Running it on a network):",
    "  FINANCE_BODY_TIMEOUT_MS             time to receive a request body (default 10000), else 408",
    "  FINANCE_HEADER_TIMEOUT_MS           a new connection's first request headers (default 10000)",
    "  FINANCE_IDLE_TIMEOUT_MS             next request's headers after a response (default 10000)",
    "                                      past either timeout the connection is closed",
    "  FINANCE_MAX_CONNECTIONS             requests handled at once (default 256), else 503",
    "  FINANCE_MAX_OPEN_CONNECTIONS        open TCP connections (default 1024), else 503 and closed",
    "  FINANCE_MAX_CONNECTIONS_PER_CLIENT  open connections from one non-loopback address (256)",
    "  FINANCE_MAX_REQUESTS_PER_CLIENT     requests in progress from one non-loopback address (64)",
    "  FINANCE_MAX_TOKEN_FAILURES          wrong tokens a minute from one non-loopback address (10),",
    "                                      then 429 until the minute ends",
    "  FINANCE_MAX_PLOT_FILES              chart files plot_path may write for callers (1000)",
    "  FINANCE_MAX_PLOT_BYTES              bytes of those chart files (default 256 MiB)",
  ].join("\n");
}

/** `finance mcp --help`. */
export function mcpHelp(): string {
  return [
    "finance mcp [--http] [--port N] [--tools all|core|NAMESPACE,...] [--output-schemas]",
    "",
    "Serves MCP for agents. By default it lists finance_search, finance_describe and finance_run",
    "(every command is reachable through them) and a dozen core commands as their own tools;",
    "the OpenAPI document and the playbooks are resources, the playbooks prompts.",
    "",
    "Options:",
    "  (none)            MCP over stdio",
    "  --http            Streamable HTTP on http://127.0.0.1:8766/mcp, beside the command adapter",
    "  --port N          port for --http (default 8766, or FINANCE_MCP_PORT)",
    "  --tools SET       core (default); all: one tool per command, with output schemas;",
    "                    or namespaces and command names (filings,valuation.npv) beside the",
    "                    discovery tools (or FINANCE_MCP_TOOLS)",
    "  --output-schemas  give every listed command tool its output schema",
  ].join("\n");
}
