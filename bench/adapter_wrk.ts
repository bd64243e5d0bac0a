/**
 * The adapter's overhead under load: `formula.cagr` over HTTP from `finance serve` against a bare
 * Deno.serve (its own process) answering the same JSON bytes, both hit by `wrk -t2 -c100` in
 * alternating rounds. Two ratios per round: requests per second, and server CPU time per request
 * (read from /proc/<pid>/stat), which holds on a machine busy with other work where throughput
 * swings with the neighbours. A third server, also bare Deno.serve, first reads what any JSON
 * endpoint must (the URL, the Host, Origin, Content-Type and Content-Length headers, and the body,
 * parsed) and answers the same bytes: the ratios against it show how much of the gap is reading
 * the request at all. A fourth reads the same way and then runs the calculator itself (the
 * adapter's own module, imported from the checkout measured) and answers its envelope: the least
 * any server answering this call can do, so the adapter's own cost is its distance from that one.
 * Needs `wrk` (Debian: apt-get install -y wrk).
 *
 * Every request sends the same body, so the adapter answers from its memo of pure answers
 * (adapters/answer_memo.ts) after the first; `--distinct` sends a new body each time (a new
 * `start` per request and wrk thread), so every request is read, checked and computed: the
 * memo's misses, which the floors answer with a fixed or freshly computed envelope as before.
 *
 *   deno run -A bench/adapter_wrk.ts [--rounds 3] [--seconds 5] [--root OTHER_CHECKOUT] [--distinct]
 */
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = fileURLToPath(new URL("..", import.meta.url));
const { values } = parseArgs({
  args: Deno.args,
  options: {
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "5" },
    root: { type: "string" },
    distinct: { type: "boolean", default: false },
  },
});
const BODY = '{"start":100,"end":150,"periods":3}';

/** wrk's script: the same body on every request. */
const SAME =
  `wrk.method = "POST"\nwrk.body = '${BODY}'\nwrk.headers["Content-Type"] = "application/json"\n`;

/** wrk's script: a body of its own on every request (each thread counts from its own start). */
const DISTINCT = `local threads = 0
function setup(thread)
  thread:set("first", threads * 100000000)
  threads = threads + 1
end
function init(args)
  n = first
end
function request()
  n = n + 1
  return wrk.format("POST", nil, { ["Content-Type"] = "application/json" },
    '{"start":' .. (100 + n) .. ',"end":150,"periods":3}')
end
`;

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

async function waitFor(port: number): Promise<string> {
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/commands/formula.cagr`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: BODY,
      });
      return await res.text();
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`nothing answers on port ${port}`);
}

function cpuTicks(pid: number): number {
  const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(f[11]) + Number(f[12]);
}

/** Requests per second, and server CPU ticks per 1,000 requests. */
async function wrk(port: number, pid: number): Promise<{ rps: number; cpu: number }> {
  const script = await Deno.makeTempFile({ suffix: ".lua" });
  await Deno.writeTextFile(script, values.distinct ? DISTINCT : SAME);
  const before = cpuTicks(pid);
  const out = await new Deno.Command("wrk", {
    args: [
      "-t2",
      "-c100",
      `-d${values.seconds}s`,
      "-s",
      script,
      `http://127.0.0.1:${port}/commands/formula.cagr`,
    ],
    stdout: "piped",
  }).output();
  const ticks = cpuTicks(pid) - before;
  await Deno.remove(script);
  const text = new TextDecoder().decode(out.stdout);
  if (/Non-2xx/.test(text)) throw new Error(`wrk saw errors:\n${text}`);
  const requests = Number(/(\d+) requests in/.exec(text)?.[1] ?? NaN);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? NaN),
    cpu: (ticks / requests) * 1000,
  };
}

function server(args: string[]): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args,
    env: { FINANCE_CACHE: "off" },
    stdout: "null",
    stderr: "null",
  }).spawn();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const adapterPort = freePort();
const checkout = values.root ? `${values.root.replace(/\/$/, "")}/` : root;
const adapter = server(["run", "-A", `${checkout}mod.ts`, "serve", "--port", String(adapterPort)]);
const barePort = freePort();
const readingPort = freePort();
const computingPort = freePort();
let bare: Deno.ChildProcess | null = null;
let reading: Deno.ChildProcess | null = null;
let computing: Deno.ChildProcess | null = null;
try {
  const answer = await waitFor(adapterPort);
  bare = server([
    "eval",
    `const body = ${JSON.stringify(answer)};
const headers = { "content-type": "application/json; charset=utf-8" };
Deno.serve({ hostname: "127.0.0.1", port: ${barePort}, onListen() {} }, () => new Response(body, { headers }));`,
  ]);
  if (await waitFor(barePort) !== answer) throw new Error("the bare server answers differently");
  reading = server([
    "eval",
    `const body = ${JSON.stringify(answer)};
const headers = { "content-type": "application/json; charset=utf-8" };
Deno.serve({ hostname: "127.0.0.1", port: ${readingPort}, onListen() {} }, async (req) => {
  const h = req.headers;
  if (!req.url.includes("/commands/") || !h.get("host") || h.get("origin") !== null) return new Response("no", { status: 400 });
  if (!String(h.get("content-type")).includes("json") || Number(h.get("content-length")) > 1e6) return new Response("no", { status: 400 });
  JSON.parse(await req.text());
  return new Response(body, { headers });
});`,
  ]);
  if (await waitFor(readingPort) !== answer) {
    throw new Error("the reading server answers differently");
  }
  // the same reading, then the calculator itself (the adapter's own module) and its envelope
  computing = server([
    "eval",
    `const { formulaCagr } = await import(${
      JSON.stringify(new URL("analysis/calculators/formula.ts", `file://${checkout}`).href)
    });
const headers = { "content-type": "application/json; charset=utf-8" };
Deno.serve({ hostname: "127.0.0.1", port: ${computingPort}, onListen() {} }, async (req) => {
  const h = req.headers;
  if (!req.url.includes("/commands/") || !h.get("host") || h.get("origin") !== null) return new Response("no", { status: 400 });
  if (!String(h.get("content-type")).includes("json") || Number(h.get("content-length")) > 1e6) return new Response("no", { status: 400 });
  const warnings = [];
  const data = formulaCagr(JSON.parse(await req.text()), { warn: (m) => warnings.push(m) });
  return new Response(JSON.stringify({ ok: true, data, error: null, warnings }), { headers });
});`,
  ]);
  if (await waitFor(computingPort) !== answer) {
    throw new Error("the computing server answers differently");
  }
  const rps: number[] = [];
  const cpu: number[] = [];
  const readRps: number[] = [];
  const readCpu: number[] = [];
  const floorRps: number[] = [];
  const floorCpu: number[] = [];
  const compRps: number[] = [];
  const compCpu: number[] = [];
  const compFloorRps: number[] = [];
  for (let r = 0; r < Number(values.rounds); r++) {
    const a = await wrk(adapterPort, adapter.pid);
    const b = await wrk(barePort, bare.pid);
    const c = await wrk(readingPort, reading.pid);
    const d = await wrk(computingPort, computing.pid);
    rps.push(a.rps / b.rps);
    cpu.push(b.cpu / a.cpu);
    readRps.push(a.rps / c.rps);
    readCpu.push(c.cpu / a.cpu);
    floorRps.push(c.rps / b.rps);
    floorCpu.push(b.cpu / c.cpu);
    compRps.push(a.rps / d.rps);
    compCpu.push(d.cpu / a.cpu);
    compFloorRps.push(d.rps / b.rps);
    console.log(
      `round ${r + 1}: adapter ${a.rps.toFixed(0)} req/s (${
        a.cpu.toFixed(1)
      } CPU ticks per 1,000), bare ${b.rps.toFixed(0)} req/s (${b.cpu.toFixed(1)}), reading ${
        c.rps.toFixed(0)
      } req/s (${c.cpu.toFixed(1)}), computing ${d.rps.toFixed(0)} req/s (${
        d.cpu.toFixed(1)
      }): throughput ${(a.rps / b.rps).toFixed(2)}x, CPU ${(b.cpu / a.cpu).toFixed(2)}x`,
    );
  }
  console.log(
    `median: throughput ${median(rps).toFixed(2)}x, CPU per request ${
      median(cpu).toFixed(2)
    }x of the bare server (goal: at least 0.5x)`,
  );
  console.log(
    `against the bare server that reads the request first: throughput ${
      median(readRps).toFixed(2)
    }x, CPU per request ${median(readCpu).toFixed(2)}x; that server itself: ${
      median(floorRps).toFixed(2)
    }x throughput, ${median(floorCpu).toFixed(2)}x CPU of the bare one`,
  );
  console.log(
    `against the bare server that reads the request and runs the same calculator: throughput ${
      median(compRps).toFixed(2)
    }x, CPU per request ${median(compCpu).toFixed(2)}x; that server itself: ${
      median(compFloorRps).toFixed(2)
    }x throughput of the bare one`,
  );
} finally {
  for (const p of [adapter, bare, reading, computing]) {
    if (!p) continue;
    p.kill("SIGTERM");
    await p.status;
  }
}
