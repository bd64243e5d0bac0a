/**
 * Load test of the HTTP adapter, loopback only and bounded: 200 concurrent clients send 20,000
 * requests mixing calculators and replayed network commands to `finance serve`, then the same
 * client load hits a bare Deno.serve hello-world for comparison.
 *
 *   deno run -A bench/load.ts [--requests 20000] [--clients 200]
 *
 * Replayed commands use ../shared/fixtures/cassettes/sec when present (else calculators only).
 *
 * With --mixed, the mixed replayed load of issue 22 instead, driven by `wrk` (apt-get install
 * wrk): `filings.recent` rotating over the recorded tickers and forms, then a bare Deno.serve
 * answering a fixed JSON body, both at 100 and at 1,000 connections in the same run, with the
 * server's peak memory (VmHWM). --root runs the server of another checkout (a "before" figure):
 *
 *   deno run -A bench/load.ts --mixed [--duration 10] [--root ../old-checkout]
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

const root = fileURLToPath(new URL("..", import.meta.url));
const { values } = parseArgs({
  args: Deno.args,
  options: {
    requests: { type: "string", default: "20000" },
    clients: { type: "string", default: "200" },
    mixed: { type: "boolean", default: false },
    duration: { type: "string", default: "10" },
    root: { type: "string" },
  },
});
const TOTAL = Number(values.requests);
const CLIENTS = Number(values.clients);
const secCassette = join(root, "..", "shared", "fixtures", "cassettes", "sec");
const hasSec = existsSync(join(secCassette, "index.json"));

const CALC: [string, unknown][] = [
  ["valuation.npv", { cashflows: [-100, 60, 60], discount_rate: 0.1 }],
  ["formula.cagr", { start: 100, end: 150, periods: 3 }],
  ["formula.margin", { numerator: 11969, denominator: 254453 }],
  ["valuation.irr", { cashflows: [-100, 30, 40, 50] }],
];
const NETWORK: [string, unknown][] = hasSec
  ? [["filings.recent", { symbol: "NVDA", forms: "10-K", limit: 3 }]]
  : [];

function rss(pid: number): number | null {
  try {
    const status = Deno.readTextFileSync(`/proc/${pid}/status`);
    const m = /VmRSS:\s+(\d+) kB/.exec(status);
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      const r = await fetch(url);
      await r.body?.cancel();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`server at ${url} did not start`);
}

interface Result {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  seconds: number;
}

async function drive(makeRequest: (i: number) => Promise<boolean>): Promise<Result> {
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + 300_000;
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    while (next < TOTAL && performance.now() < deadline) {
      const i = next++;
      const t0 = performance.now();
      const ok = await makeRequest(i).catch(() => false);
      latencies.push(performance.now() - t0);
      if (!ok) failed++;
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  return {
    rps: latencies.length / seconds,
    p50: q(0.5),
    p99: q(0.99),
    failed: failed + (TOTAL - latencies.length),
    seconds,
  };
}

async function main() {
  const port = 18765;
  const env: Record<string, string> = { FINANCE_CACHE: "off" };
  if (hasSec) env.FINANCE_REPLAY = secCassette;
  const server = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "mod.ts", "serve", "--port", String(port)],
    cwd: root,
    env,
    stdout: "null",
    stderr: "null",
  }).spawn();
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/health`);
  const memBefore = rss(server.pid);
  const mixed = [...CALC, ...NETWORK];
  const run = (list: [string, unknown][]) =>
    drive(async (i) => {
      const [name, body] = list[i % list.length];
      const r = await fetch(`${base}/commands/${name}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const env = await r.json();
      return r.status === 200 && env.ok === true;
    });
  // warm-up: load every command module and let the JIT settle before measuring
  for (const [name, body] of mixed) {
    for (let i = 0; i < 50; i++) {
      await (await fetch(`${base}/commands/${name}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      })).body?.cancel();
    }
  }
  const calc = await run(CALC);
  const mix = await run(mixed);
  const memAfter = rss(server.pid);
  server.kill("SIGTERM");
  await server.status;

  const hello = Deno.serve(
    { port: port + 1, hostname: "127.0.0.1", onListen() {} },
    () => new Response("hello"),
  );
  const bare = await drive(async () => {
    const r = await fetch(`http://127.0.0.1:${port + 1}/`);
    await r.text();
    return r.status === 200;
  });
  await hello.shutdown();

  const fmt = (r: Result) =>
    `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${
      r.p99.toFixed(1)
    } ms, ${r.failed} failed, ${r.seconds.toFixed(1)} s`;
  const mb = (b: number | null) => (b === null ? "n/a" : `${(b / 1048576).toFixed(1)} MB`);
  console.log(`clients ${CLIENTS}, requests ${TOTAL} per run, loopback only`);
  console.log(`calculators:           ${fmt(calc)}`);
  console.log(
    `mixed (${mixed.length} commands${hasSec ? ", replayed filings.recent" : ""}): ${fmt(mix)}`,
  );
  console.log(`bare Deno.serve hello: ${fmt(bare)}`);
  console.log(`ratio calculators / bare: ${(calc.rps / bare.rps).toFixed(2)}`);
  console.log(`server memory: before ${mb(memBefore)}, after ${mb(memAfter)}`);
  if (calc.failed || mix.failed) Deno.exit(1);
}

/** Peak and current resident memory of a process, in bytes (Linux). */
function memory(pid: number): { peak: number; now: number } | null {
  try {
    const status = Deno.readTextFileSync(`/proc/${pid}/status`);
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
    return { peak: kb("VmHWM") * 1024, now: kb("VmRSS") * 1024 };
  } catch {
    return null;
  }
}

interface WrkResult {
  rps: number;
  non2xx: number;
  errors: number;
  p50: string;
  p99: string;
}

/** Runs wrk (two threads) with a Lua script; parses its summary. */
async function wrk(url: string, connections: number, script: string | null): Promise<WrkResult> {
  const args = [
    "-t2",
    `-c${connections}`,
    `-d${values.duration}s`,
    "--latency",
    "--timeout",
    "30s",
  ];
  if (script) args.push("-s", script);
  const out = await new Deno.Command("wrk", {
    args: [...args, url],
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  const text = new TextDecoder().decode(out.stdout);
  if (!out.success) throw new Error(`wrk failed: ${new TextDecoder().decode(out.stderr)}`);
  const num = (re: RegExp) => Number(re.exec(text)?.[1] ?? 0);
  const errors = [...text.matchAll(/(connect|read|write|timeout) (\d+)/g)].reduce(
    (n, m) => n + Number(m[2]),
    0,
  );
  return {
    rps: num(/Requests\/sec:\s+([\d.]+)/),
    non2xx: num(/Non-2xx or 3xx responses: (\d+)/),
    errors,
    p50: /50%\s+(\S+)/.exec(text)?.[1] ?? "?",
    p99: /99%\s+(\S+)/.exec(text)?.[1] ?? "?",
  };
}

/** Tickers whose submissions (and ticker-map row) are recorded in the SEC cassette. */
const TICKERS = ["AAPL", "NVDA", "TSLA", "MSFT"];
const FORMS = ["10-K", "10-Q", "8-K"];

async function mixedWithWrk() {
  if (!hasSec) {
    console.log("skipped: ../shared/fixtures/cassettes/sec is absent");
    return;
  }
  const serverRoot = values.root ? resolve(values.root) : root;
  const bodies = TICKERS.flatMap((symbol) =>
    FORMS.map((form) => JSON.stringify({ symbol, forms: form, limit: 10 }))
  );
  const dir = Deno.makeTempDirSync({ prefix: "finance-load-" });
  const script = join(dir, "recent.lua");
  Deno.writeTextFileSync(
    script,
    `local bodies = { ${bodies.map((b) => `[[${b}]]`).join(", ")} }
local i = 0
request = function()
  i = i + 1
  return wrk.format("POST", "/commands/filings.recent", { ["content-type"] = "application/json" },
    bodies[(i % #bodies) + 1])
end
`,
  );
  const port = 18775;
  const lines: string[] = [];
  const results: Record<string, { rps: number; peak?: number }> = {};
  for (const connections of [100, 1000]) {
    // a fresh server per connection count, so each peak is its own
    const server = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "mod.ts", "serve", "--port", String(port)],
      cwd: serverRoot,
      env: { FINANCE_CACHE: "off", FINANCE_REPLAY: secCassette },
      stdout: "null",
      stderr: "null",
    }).spawn();
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitFor(`${base}/health`);
      for (const body of bodies) {
        const r = await fetch(`${base}/commands/filings.recent`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        const env = await r.json();
        if (!env.ok) throw new Error(`filings.recent ${body} failed: ${env.error}`);
      }
      const res = await wrk(base, connections, script);
      const mem = memory(server.pid);
      results[`finance ${connections}`] = { rps: res.rps, peak: mem?.peak };
      lines.push(
        `filings.recent, ${connections} connections: ${
          res.rps.toFixed(0)
        } req/s, p50 ${res.p50}, p99 ${res.p99}, ${res.non2xx} non-2xx, ${res.errors} socket errors, peak RSS ${
          mem ? (mem.peak / 1048576).toFixed(0) : "n/a"
        } MB`,
      );
    } finally {
      server.kill("SIGTERM");
      await server.status;
    }
    const bareServer = new Deno.Command(Deno.execPath(), {
      args: [
        "eval",
        `const body = JSON.stringify({ ok: true, data: { symbol: "AAPL" }, error: null, warnings: [] });
Deno.serve({ port: ${port + 1}, hostname: "127.0.0.1", onListen() {} }, () =>
  new Response(body, { headers: { "content-type": "application/json" } }));`,
      ],
      stdout: "null",
      stderr: "null",
    }).spawn();
    try {
      await waitFor(`http://127.0.0.1:${port + 1}/`);
      const bare = await wrk(`http://127.0.0.1:${port + 1}/`, connections, null);
      results[`bare ${connections}`] = { rps: bare.rps };
      lines.push(
        `bare Deno.serve, ${connections} connections: ${
          bare.rps.toFixed(0)
        } req/s, p50 ${bare.p50}, p99 ${bare.p99}`,
      );
    } finally {
      bareServer.kill("SIGTERM");
      await bareServer.status;
    }
  }
  Deno.removeSync(dir, { recursive: true });
  console.log(`mixed replayed load (wrk -t2 -d${values.duration}s), server from ${serverRoot}`);
  for (const l of lines) console.log(l);
  for (const c of [100, 1000]) {
    const per1000 = (results[`finance ${c}`].rps / results[`bare ${c}`].rps) * 1000;
    console.log(
      `c=${c}: ${
        per1000.toFixed(1)
      } per 1,000 of the bare server's rate (goal at least 13), peak RSS ${
        ((results[`finance ${c}`].peak ?? 0) / 1048576).toFixed(0)
      } MB (goal under 300)`,
    );
  }
}

if (values.mixed) await mixedWithWrk();
else await main();
