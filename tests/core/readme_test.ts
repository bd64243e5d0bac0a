/**
 * Every `finance ...` example in the README runs: under replay of the shared recordings when
 * present, it must succeed or fail only because a recording or a local file is missing.
 * Calculators and help must succeed everywhere.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { main } from "../../adapters/cli.ts";
import { setDefaultSession } from "../../core/session.ts";
import { ROOT, SHARED, testSession } from "../_helpers.ts";

/** One example: its tokens, and the cassette it names itself (`FINANCE_REPLAY=tests/...`). */
interface Example {
  argv: string[];
  replay?: string;
}

function examples(): Example[] {
  const text = readFileSync(join(ROOT, "README.md"), "utf8");
  const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
  const lines: Example[] = [];
  for (const block of blocks) {
    for (const raw of block.replace(/\\\n\s*/g, " ").split("\n")) {
      const line = raw.replace(/\s+#.*$/, "").trim();
      const m = /^(?:[A-Z_]+=\S+\s+)*(?:deno task )?finance (.+)$/.exec(line);
      if (!m) continue;
      // a project cassette the example names (a fresh clone has it) is replayed for that example
      const own = /^(?:[A-Z_]+=\S+\s+)*?FINANCE_REPLAY=(tests\/\S+)/.exec(line)?.[1];
      const tokens = m[1].match(/(?:\w+=)?(?:'[^']*'|"[^"]*")|\S+/g)!.map((t) =>
        t.replace(/^(\w+=)?(['"])(.*)\2$/, "$1$3")
      );
      if (["serve", "mcp"].includes(tokens[0])) continue;
      const i = tokens.indexOf("--output");
      if (i >= 0) tokens.splice(i, 2); // judge the canonical JSON envelope
      lines.push({ argv: tokens, replay: own && join(ROOT, own) });
    }
  }
  return lines;
}

Deno.test("README: every finance example runs", async () => {
  const list = examples();
  assert.ok(list.length >= 8, `only ${list.length} examples found`);
  const replay = SHARED
    ? ["sec", "yahoo", "stooq"].map((c) => join(SHARED!, "cassettes", c))
    : undefined;
  setDefaultSession(testSession({ replay, env: { FINANCE_DOCUMENT_ROOTS: ROOT } }));
  const needLive: string[] = [];
  try {
    for (const { argv, replay: own } of list) {
      const out: string[] = [];
      if (own) setDefaultSession(testSession({ replay: [own] }));
      const code = await main(argv, { out: (t) => out.push(t), err: () => {} });
      if (own) {
        setDefaultSession(testSession({ replay, env: { FINANCE_DOCUMENT_ROOTS: ROOT } }));
        assert.equal(code, 0, `${argv.join(" ")} must run from the project's own recordings`);
      }
      const shown = `finance ${argv.join(" ")}`;
      assert.notEqual(code, 2, `${shown}: usage error ${out.join("\n").slice(0, 300)}`);
      if (code === 0 || argv.includes("--list") || argv[0] === "help") continue;
      const env = JSON.parse(out.join("\n"));
      assert.match(
        env.error,
        /no recording for|file not found|network request failed/,
        `${shown}: ${env.error}`,
      );
      needLive.push(shown);
    }
  } finally {
    setDefaultSession(null);
  }
  console.log(
    `README examples: ${list.length} run, ${needLive.length} need live data or your own file${
      needLive.length ? `: ${needLive.join("; ")}` : ""
    }`,
  );
});
