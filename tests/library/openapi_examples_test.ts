/**
 * Request examples in /openapi.json: each command's CLI examples are named Example Objects on
 * its request body (`summary` the CLI line, `value` the JSON body), each valid against the
 * operation's request schema and taken by the HTTP adapter as it is, meaning what the CLI line
 * means. Examples that name a local file say so, and are refused for that reason only.
 */
import assert from "node:assert/strict";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { createHandler } from "../../adapters/http.ts";
import { openApiDocument } from "../../adapters/openapi.ts";
import { exampleArguments, shellWords } from "../../adapters/discovery.ts";
import { LOCAL_FILE_NOTE } from "../../adapters/openapi_examples.ts";
import { loadAllCommands } from "../../commands/registry.ts";
import { testSession } from "../_helpers.ts";

type Json = Record<string, unknown>;
interface Example {
  summary: string;
  description?: string;
  value: Json;
}

/** A schema with every `$ref` into components replaced by what it points at. */
function deref(doc: Json, value: unknown, depth = 0): unknown {
  assert.ok(depth < 40, "a shared schema refers to itself");
  if (Array.isArray(value)) return value.map((v) => deref(doc, v, depth));
  if (!value || typeof value !== "object") return value;
  const target = (value as Json).$ref;
  if (typeof target === "string" && Object.keys(value).length === 1) {
    const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(target)!;
    const components = doc.components as Record<string, Json>;
    return deref(doc, components[section][name], depth + 1);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deref(doc, v, depth)]));
}

/** Every operation's command name, request media type and examples. */
async function operations() {
  const doc = await openApiDocument() as Json;
  const paths = doc.paths as Record<string, { post: Json }>;
  return {
    doc,
    ops: Object.entries(paths).map(([path, { post }]) => {
      const media = (post.requestBody as Json).content as Record<string, Json>;
      const json = media["application/json"];
      return {
        command: path.replace("/commands/", ""),
        media: json,
        examples: Object.entries((json.examples ?? {}) as Record<string, Example>),
      };
    }),
  };
}

const handler = createHandler({ session: testSession() });

function post(command: string, body: unknown) {
  return handler(
    new Request(`http://127.0.0.1:8765/commands/${command}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
    }),
  );
}

Deno.test("openapi examples: every command's CLI examples, once each, valid against its schema", async () => {
  const { doc, ops } = await operations();
  const defs = new Map((await loadAllCommands()).map((d) => [d.name, d]));
  const validator = new AjvJsonSchemaValidator();
  let count = 0;
  for (const { command, media, examples } of ops) {
    const def = defs.get(command)!;
    // no second copy: examples only as the media type's named Example Objects
    assert.equal(media.example, undefined, command);
    const own = (def.examples ?? []).filter((cli) => shellWords(cli)[1] === command);
    if (own.length) assert.ok(examples.length, `${command}: no request examples`);
    const schema = deref(doc, media.schema) as Json;
    assert.equal(JSON.stringify(schema).includes("$ref"), false, command);
    const check = validator.getValidator(schema);
    const values = new Set<string>();
    const summaries = examples.map(([, e]) => e.summary);
    for (const [name, example] of examples) {
      count++;
      assert.match(name, /^example_\d+$/);
      assert.deepEqual(Object.keys(example).filter((k) => k !== "description"), [
        "summary",
        "value",
      ]);
      assert.ok(own.includes(example.summary), `${command}: ${example.summary} is not its example`);
      const result = check(example.value);
      assert.ok(
        result.valid,
        `${command} ${name}: ${JSON.stringify(example.value)}: ${result.errorMessage}`,
      );
      const key = JSON.stringify(example.value);
      assert.ok(!values.has(key), `${command}: ${key} twice`);
      values.add(key);
      // the body says what the CLI line says: the same argument names, none left out
      const raw = exampleArguments(def, example.summary)!;
      assert.deepEqual(Object.keys(example.value).sort(), Object.keys(raw).sort(), example.summary);
      // a local path is flagged, and only then
      const local = Object.values(example.value).some((v) =>
        typeof v === "string" && /^(\.{1,2}\/|\/|~\/|file:\/\/)/.test(v)
      );
      assert.equal(example.description, local ? LOCAL_FILE_NOTE : undefined, example.summary);
    }
    // a line left out either reads as no arguments or gives a body an earlier one gives
    for (const cli of own.filter((c) => !summaries.includes(c))) {
      const raw = exampleArguments(def, cli);
      assert.ok(
        raw === null ||
          examples.some(([, e]) =>
            JSON.stringify(Object.keys(e.value).sort()) === JSON.stringify(Object.keys(raw).sort())
          ),
        `${command}: ${cli} is missing`,
      );
    }
  }
  // some values are written as JSON types, not as the CLI's text
  const cagr = ops.find((o) => o.command === "formula.cagr")!.examples[0][1];
  assert.deepEqual(cagr, {
    summary: "finance formula.cagr start=100 end=150 periods=3",
    value: { start: 100, end: 150, periods: 3 },
  });
  const tune = ops.find((o) => o.command === "backtest.tune")!.examples[0][1].value;
  assert.equal(typeof tune.grid, "object");
  console.log(
    `${count} request examples on ${
      ops.filter((o) => o.examples.length).length
    } of ${ops.length} operations`,
  );
});

Deno.test("openapi examples: the HTTP adapter takes every example as it is", async () => {
  const { ops } = await operations();
  const refused: string[] = [];
  for (const { command, examples } of ops) {
    for (const [name, example] of examples) {
      const res = await post(command, example.value);
      const env = await res.json();
      const where = `${command} ${name} (${example.summary}): ${res.status} ${env.error}`;
      // a command that ran answers 200, ok:false included (no network here, no recordings);
      // refused arguments would be 422, a malformed body 400
      if (res.status !== 200) {
        refused.push(where);
        continue;
      }
      if (env.ok) continue;
      if (example.description === LOCAL_FILE_NOTE) {
        // without FINANCE_DOCUMENT_ROOTS the file is refused, and for nothing else
        assert.match(env.error, /^local file ".+" refused: .*FINANCE_DOCUMENT_ROOTS/, where);
      } else {
        assert.doesNotMatch(env.error, /local file|\(usage: /, where);
      }
    }
  }
  assert.deepEqual(refused, []);
});

Deno.test("openapi examples: a pure command answers the body as it answers the CLI line", async () => {
  const { ops } = await operations();
  const defs = new Map((await loadAllCommands()).map((d) => [d.name, d]));
  let compared = 0;
  for (const { command, examples } of ops) {
    const def = defs.get(command)!;
    if (def.side_effects !== "pure_calculation") continue;
    for (const [, example] of examples) {
      // the CLI's text values (start="100", addbacks="[284,163]") as finance_describe gives them
      const raw = exampleArguments(def, example.summary)!;
      const [typed, text] = [await post(command, example.value), await post(command, raw)];
      assert.equal(typed.status, 200, example.summary);
      assert.equal(text.status, 200, example.summary);
      const [a, b] = [await typed.json(), await text.json()];
      assert.equal(a.ok, true, `${example.summary}: ${a.error}`);
      assert.deepEqual(a.data, b.data, example.summary);
      compared++;
    }
  }
  assert.ok(compared >= 30, `${compared} pure examples compared`);
});
