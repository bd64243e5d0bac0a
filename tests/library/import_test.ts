/**
 * The library as another project uses it: a fresh folder with its own deno.json that links this
 * project (`"links"`, as the README shows) imports `mod.ts` by path and by package name, runs a
 * command, reads a typed field of `data` without a cast, and passes `deno check`; the same script
 * with a wrong argument name fails `deno check`. Nothing leaves the machine: `--cached-only`.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "../_helpers.ts";

const GOOD = (entry: string) =>
  `import { finance } from ${JSON.stringify(entry)};
import { figure, PLAYBOOKS } from "@finance/finance/jupyter";
import { frameChart } from "@finance/finance/charts";

const r = await finance("formula.cagr", { start: 100, end: 150, periods: 3 });
if (!r.ok) throw new Error(r.error);
const pct: number = r.data.cagr_pct;
console.log(JSON.stringify({ pct: pct.toFixed(2), playbooks: PLAYBOOKS.length }));
void [figure, frameChart];
`;

async function deno(dir: string, ...args: string[]) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: dir,
    // the parent's FINANCE_* settings are left out: another test file running in the same
    // process sets FINANCE_REPLAY for a moment (tests/library/sessions_test.ts), and a child
    // started then inherited a cassette folder that was about to be deleted
    clearEnv: true,
    env: {
      ...Object.fromEntries(
        Object.entries(Deno.env.toObject()).filter(([k]) => !k.startsWith("FINANCE_")),
      ),
      NO_COLOR: "1",
    },
  }).output();
  const text = new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr);
  return { code, stdout: new TextDecoder().decode(stdout), text };
}

async function project(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "research_repo_" });
  await Deno.writeTextFile(
    join(dir, "deno.json"),
    JSON.stringify({
      links: [ROOT],
      imports: { "@finance/finance": "jsr:@finance/finance@^0.1.0" },
    }),
  );
  return dir;
}

Deno.test("library from another project (by path and by package name): checks, runs, types data", async () => {
  const dir = await project();
  try {
    await Deno.writeTextFile(
      join(dir, "by_path.ts"),
      GOOD(pathToFileURL(join(ROOT, "mod.ts")).href),
    );
    await Deno.writeTextFile(join(dir, "by_name.ts"), GOOD("@finance/finance"));
    const checked = await deno(dir, "check", "--cached-only", "by_path.ts", "by_name.ts");
    assert.equal(checked.code, 0, checked.text);
    for (const file of ["by_path.ts", "by_name.ts"]) {
      const ran = await deno(dir, "run", "-A", "--cached-only", file);
      assert.equal(ran.code, 0, ran.text);
      assert.deepEqual(JSON.parse(ran.stdout.trim()), { pct: "14.47", playbooks: 4 });
    }

    await Deno.writeTextFile(
      join(dir, "wrong.ts"),
      GOOD("@finance/finance").replace("{ start: 100,", "{ begin: 100,"),
    );
    const wrong = await deno(dir, "check", "--cached-only", "wrong.ts");
    assert.notEqual(wrong.code, 0, "a wrong argument name must fail deno check");
    assert.match(wrong.text, /'begin' does not exist/);

    // the README's TypeScript snippets type-check as written (./mod.ts is the project's)
    const readme = await Deno.readTextFile(join(ROOT, "README.md"));
    const snippets = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1])
      .filter((code) => /from "(\.\/mod\.ts|@finance\/finance)"/.test(code));
    assert.ok(snippets.length >= 2);
    const files = snippets.map((code, i) => {
      const file = `readme_${i}.ts`;
      const text = code.replaceAll(
        '"./mod.ts"',
        JSON.stringify(pathToFileURL(join(ROOT, "mod.ts")).href),
      );
      return Deno.writeTextFile(join(dir, file), text).then(() => file);
    });
    const readmeCheck = await deno(dir, "check", "--cached-only", ...await Promise.all(files));
    assert.equal(readmeCheck.code, 0, readmeCheck.text);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("library from a project that forgot the links entry: an envelope that says what to add", async () => {
  const dir = await Deno.makeTempDir({ prefix: "research_repo_nolinks_" });
  try {
    await Deno.writeTextFile(join(dir, "deno.json"), "{}");
    await Deno.writeTextFile(
      join(dir, "main.ts"),
      `import { finance } from ${JSON.stringify(pathToFileURL(join(ROOT, "mod.ts")).href)};
const r = await finance("formula.cagr", { start: 100, end: 150, periods: 3 });
console.log(JSON.stringify(r));
`,
    );
    const ran = await deno(dir, "run", "-A", "--no-check", "--cached-only", "main.ts");
    assert.equal(ran.code, 0, ran.text);
    const env = JSON.parse(ran.stdout.trim());
    assert.equal(env.ok, false);
    assert.match(env.error, /"links": \["<path to finance>"\]/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
