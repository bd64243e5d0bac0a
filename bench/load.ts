/**
 * Load test of the HTTP adapter, loopback only and bounded: 200 concurrent clients send 20,000
 * requests mixing calculators and replayed network commands to `finance serve`, then the same
 * client load hits a bare Deno.serve hello-world for comparison.
 *
 *   deno run -A bench/load.ts [--requests 20000] [--clients 200]
 *
 * Replayed commands use ../shared/fixtures/cassettes/sec when present (else calculators only).
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { parseArgs } from "node:util";

const root = fileURLToPath(new URL("..", import.meta.url));
const { values } = parseArgs({
  args: Deno.args,
  options: {
    requests: { type: "string", default: "20000" },
    clients: { type: "string", default: "200" },
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

await main();
