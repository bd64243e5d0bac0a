/**
 * The README's "Library and scripts" section runs as written: its snippets are copied out of
 * README.md (not retyped here), so an edit that breaks one fails this test. The first runs from
 * the project folder, as the README's relative cassette path assumes; the research-repository
 * example is set up as the README says (its deno.json with `links`, then `deno task revenue`).
 * docs/library.md's snippets type-check against the package the same way. Nothing leaves the
 * machine: FINANCE_REPLAY points at an empty cassette, so a live call fails in words.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "../_helpers.ts";

const README = Deno.readTextFileSync(join(ROOT, "README.md"));

/** The README section under `heading`, up to the next heading of the same level. */
function section(heading: string): string {
  const start = README.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `README has no "## ${heading}"`);
  const end = README.indexOf("\n## ", start + 4);
  return README.slice(start, end < 0 ? undefined : end);
}

function blocks(text: string, lang: string): string[] {
  return [...text.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]);
}

async function run(args: string[], cwd: string, env: Record<string, string> = {}) {
  const out = await new Deno.Command(Deno.execPath(), {
    args,
    cwd,
    clearEnv: true,
    env: {
      PATH: Deno.env.get("PATH") ?? "",
      HOME: Deno.env.get("HOME") ?? cwd,
      NO_COLOR: "1",
      ...env,
    },
  }).output();
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
}

async function emptyCassette(dir: string): Promise<string> {
  const cassette = join(dir, "empty_cassette");
  await Deno.mkdir(cassette);
  await Deno.writeTextFile(
    join(cassette, "index.json"),
    JSON.stringify({ version: 1, recorded_at: "2024-06-28T21:00:00Z", entries: [] }),
  );
  return cassette;
}

Deno.test("audit8 README: the library snippet runs as written and never throws", async () => {
  const lib = section("Library and scripts");
  const [first] = blocks(lib, "ts");
  assert.match(first, /from "\.\/mod\.ts"/);
  const dir = await Deno.makeTempDir({ prefix: "finance_audit8_readme_" });
  try {
    const script = join(dir, "snippet.ts");
    const mod = pathToFileURL(join(ROOT, "mod.ts")).href;
    await Deno.writeTextFile(script, first.replaceAll('"./mod.ts"', JSON.stringify(mod)));
    const ran = await run(
      ["run", "-A", "--cached-only", "--config", join(ROOT, "deno.json"), script],
      ROOT,
      { FINANCE_REPLAY: await emptyCassette(dir), FINANCE_CACHE: "off" },
    );
    assert.equal(ran.code, 0, ran.stderr);
    // the statement is not in the empty cassette: the envelope's error, printed as the snippet
    // says, naming what to do; no stack trace
    assert.match(ran.stderr, /no recording for GET https:\/\/www\.sec\.gov\/.*FINANCE_RECORD/s);
    assert.doesNotMatch(ran.stderr, /Uncaught|\n\s+at /);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("audit8 README: the research-repository example works with `deno task revenue`", async () => {
  const repo = section("Library and scripts");
  const [config] = blocks(repo, "json");
  const script = blocks(repo, "ts").find((b) => b.startsWith("// revenue.ts"));
  assert.ok(config && script, "the README's deno.json and revenue.ts blocks");
  const dir = await Deno.makeTempDir({ prefix: "finance_audit8_research_repo_" });
  try {
    const json = JSON.parse(config);
    assert.deepEqual(json.links, ["../finance"], "the README links the project beside it");
    json.links = [ROOT]; // this checkout, wherever it is
    await Deno.writeTextFile(join(dir, "deno.json"), JSON.stringify(json, null, 2));
    await Deno.writeTextFile(join(dir, "revenue.ts"), script);
    const ran = await run(["task", "revenue"], dir, {
      FINANCE_REPLAY: await emptyCassette(dir),
      FINANCE_CACHE: "off",
    });
    assert.equal(ran.code, 0, ran.stderr);
    assert.equal(ran.stdout.trim(), "125.9% a year");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("audit8 docs/library.md: its snippets type-check against the package", async () => {
  const doc = Deno.readTextFileSync(join(ROOT, "docs", "library.md"));
  const snippets = blocks(doc, "ts");
  assert.ok(snippets.length >= 4, "docs/library.md shows the common jobs");
  const dir = await Deno.makeTempDir({ prefix: "finance_audit8_docs_" });
  try {
    await Deno.writeTextFile(
      join(dir, "deno.json"),
      JSON.stringify({
        links: [ROOT],
        imports: { "@finance/finance": "jsr:@finance/finance@^0.1.0" },
      }),
    );
    const files: string[] = [];
    for (const [i, code] of snippets.entries()) {
      files.push(`doc_${i}.ts`);
      await Deno.writeTextFile(join(dir, files[i]), `${code}\nexport {};\n`);
    }
    const checked = await run(["check", "--cached-only", ...files], dir);
    assert.equal(checked.code, 0, checked.stdout + checked.stderr);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
