/**
 * plot_path over the network writes a new file per call (never replacing one): before, nothing
 * bounded how many, so a caller could fill the allowed folder's disk with new names. Now a server
 * process writes at most FINANCE_MAX_PLOT_FILES chart files (default 1000) and
 * FINANCE_MAX_PLOT_BYTES bytes of them (default 256 MiB) for its callers; past either, a call
 * asking for a chart is refused before it runs (422 naming plot_path and the setting), callers
 * at once included, and `finance mcp --http` counts its two doors together.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { FIXTURES, ROOT } from "../_helpers.ts";
import { envelopeOf, rawRequest, type Spawned, spawnFinance } from "./_spawn.ts";

const ARGS = {
  strategy: "sma_cross",
  symbols: "AAPL,MSFT",
  start_date: "2023-03-01",
  end_date: "2023-06-30",
  provider: "market_a",
  params: { fast: 5, slow: 20 },
};

function backtest(s: Spawned, plot_path?: string) {
  return rawRequest(
    s.port,
    "POST /commands/backtest.run HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json",
    JSON.stringify(plot_path === undefined ? ARGS : { ...ARGS, plot_path }),
  );
}

function mcpRun(s: Spawned, plot_path: string) {
  return rawRequest(
    s.port,
    "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream",
    JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: {
        name: "finance_run",
        arguments: { command: "backtest.run", arguments: { ...ARGS, plot_path } },
      },
    }),
  );
}

const files = (dir: string) => [...Deno.readDirSync(dir)].map((e) => e.name).sort();

async function serve(args: string[], env: Record<string, string>) {
  const folder = await Deno.makeTempDir({ prefix: "finance-plot-cap-" });
  const s = await spawnFinance(args, {
    FINANCE_REPLAY: join(FIXTURES, "backtest", "cassette"),
    FINANCE_DOCUMENT_ROOTS: folder,
    ...env,
  });
  return { s, folder };
}

Deno.test("attack3: a network caller cannot make the server write chart files without end", async () => {
  const { s, folder } = await serve(["serve"], { FINANCE_MAX_PLOT_FILES: "3" });
  try {
    // six callers at once against a cap of three: three charts, three refusals, nothing more
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => backtest(s, join(folder, `chart${i}.svg`))),
    );
    const written = answers.filter((r) => r.status === 200 && envelopeOf(r).ok);
    const refused = answers.filter((r) => r.status === 422);
    assert.equal(written.length, 3, answers.map((r) => r.body.slice(0, 200)).join("\n"));
    assert.equal(refused.length, 3);
    for (const r of refused) {
      const env = envelopeOf(r);
      assert.equal(env.ok, false);
      assert.match(
        env.error!,
        /plot_path refused.*cap of 3 chart files \(FINANCE_MAX_PLOT_FILES\)/,
      );
      assert.match(env.error!, /without plot_path/);
    }
    assert.equal(files(folder).filter((f) => f.endsWith(".svg")).length, 3);
    // later calls asking for a chart are refused and write nothing
    const late = await backtest(s, join(folder, "late.svg"));
    assert.equal(late.status, 422);
    assert.ok(!files(folder).includes("late.svg"));
    assert.equal(files(folder).length, 3, `left behind: ${files(folder)}`);
    // a backtest without a chart still runs
    const plain = await backtest(s);
    assert.equal(plain.status, 200);
    assert.equal(envelopeOf(plain).ok, true, plain.body.slice(0, 300));
  } finally {
    await s.stop();
    await Deno.remove(folder, { recursive: true });
  }
});

Deno.test("attack3: the bytes of chart files are capped too, and MCP's doors share the count", async () => {
  const { s, folder } = await serve(["mcp", "--http"], {
    FINANCE_MAX_PLOT_FILES: "2",
    FINANCE_MAX_PLOT_BYTES: "1000000",
  });
  try {
    const first = await mcpRun(s, join(folder, "a.svg"));
    assert.equal(first.status, 200);
    assert.equal(JSON.parse(first.body).result.structuredContent.ok, true, first.body);
    const second = await backtest(s, join(folder, "b.svg"));
    assert.equal(envelopeOf(second).ok, true, second.body.slice(0, 300));
    // two files written through the two doors: the third is refused on either
    const third = await mcpRun(s, join(folder, "c.svg"));
    const env = JSON.parse(third.body).result.structuredContent;
    assert.equal(env.ok, false);
    assert.match(env.error, /FINANCE_MAX_PLOT_FILES/);
    assert.equal((await backtest(s, join(folder, "d.svg"))).status, 422);
    assert.deepEqual(files(folder), ["a.svg", "b.svg"]);
  } finally {
    await s.stop();
    await Deno.remove(folder, { recursive: true });
  }

  const small = await serve(["serve"], { FINANCE_MAX_PLOT_BYTES: "1" });
  try {
    assert.equal(envelopeOf(await backtest(small.s, join(small.folder, "a.svg"))).ok, true);
    const over = await backtest(small.s, join(small.folder, "b.svg"));
    assert.equal(over.status, 422);
    assert.match(
      envelopeOf(over).error!,
      /cap of 1 bytes of chart files \(FINANCE_MAX_PLOT_BYTES\)/,
    );
    assert.deepEqual(files(small.folder), ["a.svg"]);
  } finally {
    await small.s.stop();
    await Deno.remove(small.folder, { recursive: true });
  }
});

Deno.test("attack3: a bad chart-file cap stops the server at start with one line", async () => {
  await assert.rejects(
    spawnFinance(["serve"], { FINANCE_MAX_PLOT_FILES: "-1" }),
    /FINANCE_MAX_PLOT_FILES must be a positive whole number/,
  );
});

Deno.test("attack3: MCP over stdio keeps the chart-file cap it is given", async () => {
  const folder = await Deno.makeTempDir({ prefix: "finance-plot-cap-" });
  try {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", join(ROOT, "mod.ts"), "mcp"],
      env: {
        FINANCE_CACHE: "off",
        NO_COLOR: "1",
        FINANCE_REPLAY: join(FIXTURES, "backtest", "cassette"),
        FINANCE_DOCUMENT_ROOTS: folder,
        FINANCE_MAX_PLOT_FILES: "1",
      },
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const message = (id: number, method: string, params: unknown) =>
      JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n";
    const call = (id: number, name: string) =>
      message(id, "tools/call", {
        name: "finance_run",
        arguments: {
          command: "backtest.run",
          arguments: { ...ARGS, plot_path: join(folder, name) },
        },
      });
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(
      message(0, "initialize", {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "t", version: "1" },
      }) + call(1, "a.svg"),
    ));
    // the second call after the first has answered (the cap counts calls in progress too)
    const reader = child.stdout.getReader();
    let text = "";
    while ((text.match(/\n/g) ?? []).length < 2) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    await w.write(new TextEncoder().encode(call(2, "b.svg")));
    await w.close();
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    await child.status;
    const answers = text.trim().split("\n").map((l) => JSON.parse(l));
    const result = (id: number) => answers.find((a) => a.id === id)?.result?.structuredContent;
    assert.equal(result(1)?.ok, true, text.slice(0, 500));
    assert.equal(result(2)?.ok, false);
    assert.match(result(2)?.error, /FINANCE_MAX_PLOT_FILES/);
    assert.deepEqual(files(folder), ["a.svg"]);
  } finally {
    await Deno.remove(folder, { recursive: true });
  }
});
