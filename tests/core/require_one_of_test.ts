/**
 * What a command needs beyond `required` (one of symbol, accession or url; one of query, symbol
 * or sector; ...) is declared once beside its schema (`requireOneOf`) and reaches every form a
 * client reads: the OpenAPI document, the MCP input schemas, CLI help and the typed map. And
 * the other way round: a request every schema allows is never refused as a usage error.
 */
import assert from "node:assert/strict";
import { argsJsonSchema } from "../../adapters/jsonschema.ts";
import { commandHelp, helpEntry } from "../../adapters/help.ts";
import { commandTool, compactSchema, parseToolSet } from "../../adapters/mcp_tools.ts";
import { openApiDocument } from "../../adapters/openapi.ts";
import { commandNames, loadCommand } from "../../commands/registry.ts";
import type { CommandDef } from "../../core/command.ts";
import { run } from "../_helpers.ts";

type Schema = Record<string, unknown> & {
  required?: string[];
  anyOf?: { required: string[] }[];
  oneOf?: { required: string[] }[];
  properties?: Record<string, Record<string, unknown>>;
};

/** True when `args` (by name only) satisfies the schema's `required` and its one-of rule. */
function allows(schema: Schema, args: Record<string, unknown>): boolean {
  const has = (names: string[]) => names.every((n) => n in args);
  if (!has(schema.required ?? [])) return false;
  if (schema.anyOf && !schema.anyOf.some((g) => has(g.required))) return false;
  if (schema.oneOf && schema.oneOf.filter((g) => has(g.required)).length !== 1) return false;
  return true;
}

async function defs(): Promise<CommandDef[]> {
  return await Promise.all(commandNames().map(loadCommand));
}

const EXPECTED: Record<string, string[][]> = {
  "filings.statement": [["symbol"], ["accession"], ["url"]],
  "filings.read": [["symbol"], ["accession"], ["url"]],
  "filings.sections": [["symbol"], ["accession"], ["url"]],
  "filings.reports": [["symbol"], ["accession"], ["url"]],
  "filings.report": [["symbol"], ["accession"], ["url"]],
  "news.search": [["query"], ["symbol"], ["sector"]],
  "news.analyze": [["query"], ["symbol"], ["sector"]],
  "transcripts.qa": [["symbol"], ["source"]],
  "transcripts.read": [["symbol"], ["source"]],
};

Deno.test("requireOneOf: a request every schema allows with no arguments is not refused as usage", async () => {
  const refused: string[] = [];
  for (const def of await defs()) {
    if (!allows(argsJsonSchema(def) as Schema, {})) continue;
    const out = await run(def.name, {}); // no network: a fetch fails the call, not as usage
    if (out.status === "usage") refused.push(`${def.name}: ${out.envelope.error}`);
  }
  assert.deepEqual(refused, [], "the schema allows {} but the command refuses it");
});

Deno.test("requireOneOf: every declared rule is enforced at run time", async () => {
  for (const def of await defs()) {
    if (!def.requireOneOf) continue;
    const out = await run(def.name, {});
    assert.equal(out.status, "usage", `${def.name} accepts {} though it declares requireOneOf`);
  }
});

Deno.test("requireOneOf: declared where the server enforces it, and shown in every schema and in help", async () => {
  const doc = await openApiDocument() as {
    components: { schemas: Record<string, Schema> };
  };
  const all = parseToolSet("all");
  for (const def of await defs()) {
    const groups = EXPECTED[def.name];
    if (def.name === "estimates.compare") {
      assert.ok(def.requireOneOf?.some((g) => g.join() === "revenue,consensus_revenue"));
    } else if (groups) {
      assert.deepEqual(def.requireOneOf, groups, def.name);
    }
    if (!def.requireOneOf) continue;
    const rule = def.exclusiveOneOf ? "oneOf" : "anyOf";
    const openapi = doc.components.schemas[`${def.name}.args`];
    const mcpAll = commandTool(def, all).inputSchema as Schema;
    const mcpCore = compactSchema(def) as Schema;
    for (
      const [where, schema] of [["openapi", openapi], ["mcp all", mcpAll], [
        "mcp core",
        mcpCore,
      ]] as const
    ) {
      const branches = (schema[rule] as { required: string[] }[] | undefined)?.map((b) =>
        b.required.join()
      );
      assert.ok(branches, `${def.name}: ${where} has no ${rule}`);
      for (const g of def.requireOneOf) {
        assert.ok(branches.includes(g.join()), `${def.name} ${where}`);
      }
      assert.equal(allows(schema, {}), false, `${def.name}: ${where} allows {}`);
    }
    assert.match(commandHelp(helpEntry(def.name)!), /Give (at least|exactly)? ?one of|Give `/);
  }
  const news = doc.components.schemas["news.search.args"];
  assert.equal(allows(news, { query: "chips", symbol: "NVDA" }), false, "one of, not two");
  assert.equal(
    allows(doc.components.schemas["filings.statement.args"], { accession_no: "x" }),
    true,
  );
  assert.ok(doc.components.schemas["filings.report.args"].required?.includes("report"));
});

Deno.test("requireOneOf: the typed map makes the rule a union", async () => {
  const map = await Deno.readTextFile(new URL("../../commands/map.ts", import.meta.url));
  const entry = (name: string) => map.slice(map.indexOf(`"${name}": {`)).split("\n  };")[0];
  assert.match(
    entry("filings.statement"),
    /\} & \(\{ symbol: string \} \| \{ accession: string \}/,
  );
  assert.match(entry("news.search"), /\{ query: string \} \| \{ symbol: string \}/);
});

Deno.test("runtime defaults are stated in the schema (statement=income, section=business)", async () => {
  const props = async (name: string) =>
    (argsJsonSchema(await loadCommand(name)) as Schema).properties ?? {};
  assert.equal((await props("filings.statement")).statement.default, "income");
  assert.equal((await props("filings.read")).section.default, "business");
  // every default a command declares reaches its schema
  for (const def of await defs()) {
    const schema = argsJsonSchema(def) as Schema;
    for (const [name, field] of Object.entries(def.args.shape)) {
      const z = (field as { _zod: { def: { type: string; defaultValue?: unknown } } })._zod.def;
      if (z.type !== "default" || typeof z.defaultValue === "function") continue;
      assert.notEqual(schema.properties?.[name]?.default, undefined, `${def.name}.${name}`);
    }
  }
});
