/**
 * audit8: the keys of a served process, looked for in every text that leaves it. A real
 * `finance mcp --http` (both doors: /commands and /mcp) runs with Alpha Vantage, FMP and Alpaca
 * keys and an adapter token in its environment, records its exchanges (FINANCE_RECORD), and
 * reaches a fake Alpaca on loopback (ALPACA_DATA_BASE_URL) that echoes the keys it was sent in
 * every spelling: as sent, URL-encoded, lower case, base64 alone and base64 inside a longer
 * encoded text (as `Basic id:secret` carries them), in its body, a header and a redirect. No
 * answer, header, log line or recorded file may hold any of them. Before, the cassette kept the
 * base64 spellings: redaction knew the value and its percent-encodings only.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { rawRequest, spawnFinance } from "./_spawn.ts";
import { countingServer } from "./_net.ts";

const ID = "PKAUDIT8KEYID0123456";
const SECRET = "s3cr3t/Audit8+Alpaca=Key~xyz";
const AV = "AVAUDIT8KEY987654321";
const FMP = "fmpAudit8Key_abcdef0123";
const TOKEN = "audit8-token-abcdefghijkl";

const b64 = (s: string) => btoa(s);
const urlSafe = (s: string) => s.replace(/\+/g, "-").replace(/\//g, "_");

/** Every spelling of a value the fake echoes, and the test looks for. */
function forms(s: string): string[] {
  return [
    s,
    encodeURIComponent(s),
    new URLSearchParams({ k: s }).toString().slice(2),
    s.toLowerCase(),
    b64(s),
    b64(s).replace(/=+$/, ""),
    urlSafe(b64(s)),
    // the value inside a longer base64 text, after one or two other bytes
    inner(s, 1),
    inner(s, 2),
  ];
}

/**
 * The characters of base64(`k bytes` + s + more) made of the bits of `s` alone: character j
 * holds bits [6j, 6j + 6), and s holds bits [8k, 8(k + length)).
 */
function inner(s: string, k: number): string {
  const encoded = b64("x".repeat(k) + s + "yz");
  return encoded.slice(Math.ceil((8 * k) / 6), Math.floor((8 * (k + s.length)) / 6));
}

const ALL = [ID, SECRET, AV, FMP, TOKEN].flatMap(forms);

function echoText(req: Request): string {
  const id = req.headers.get("apca-api-key-id") ?? "";
  const secret = req.headers.get("apca-api-secret-key") ?? "";
  const extra = [b64(`${id}:${secret}`), b64(`x${secret}`), b64(`xy${secret}`)];
  return [...[id, secret].flatMap(forms), ...extra].join(" | ");
}

function readTree(dir: string): string {
  let out = "";
  for (const e of Deno.readDirSync(dir)) {
    const p = join(dir, e.name);
    out += e.isDirectory ? readTree(p) : new TextDecoder("latin1").decode(Deno.readFileSync(p));
  }
  return out;
}

Deno.test("audit8 keys: no key in any spelling leaves a served process (answers, headers, log, cassette)", async () => {
  const upstream = countingServer("127.0.0.1", (req) => {
    const path = new URL(req.url).pathname;
    const text = echoText(req);
    const secret = req.headers.get("apca-api-secret-key") ?? "";
    const headers = {
      "content-type": "application/json",
      "x-echo": b64(secret),
      "x-basic": `Basic ${b64(`id:${secret}`)}`,
    };
    if (path.includes("/REDIR/")) {
      return new Response(null, {
        status: 302,
        headers: {
          ...headers,
          location: `/v2/stocks/AAPL/bars?token=${secret}&b=${encodeURIComponent(b64(secret))}`,
        },
      });
    }
    if (path.includes("/BAD/")) {
      return new Response(JSON.stringify({ message: `forbidden: ${text}` }), {
        status: 403,
        headers,
      });
    }
    return new Response(
      JSON.stringify({
        bars: [{ t: "2024-01-02T05:00:00Z", o: 1, h: 1, l: 1, c: 1, v: 1, n: text }],
        next_page_token: null,
        symbol: text,
      }),
      { headers },
    );
  });
  const record = Deno.makeTempDirSync({ prefix: "finance-audit8-keys-" });
  const s = await spawnFinance(["mcp", "--http"], {
    ALPACA_API_KEY_ID: ID,
    ALPACA_API_SECRET_KEY: SECRET,
    ALPHA_VANTAGE_API_KEY: AV,
    ESTIMATES_A_API_KEY: FMP,
    FINANCE_ADAPTER_TOKEN: TOKEN,
    ALPACA_DATA_BASE_URL: `http://127.0.0.1:${upstream.port}`,
    FINANCE_RECORD: record,
  });
  const head = [
    `Host: 127.0.0.1:${s.port}`,
    `Authorization: Bearer ${TOKEN}`,
    "Content-Type: application/json",
    "Accept: application/json, text/event-stream",
  ].join("\r\n");
  const answers: string[] = [];
  const call = async (path: string, body?: unknown) => {
    const res = await rawRequest(
      s.port,
      `${body === undefined ? "GET" : "POST"} ${path} HTTP/1.1\r\n${head}`,
      body === undefined ? "" : JSON.stringify(body),
    );
    answers.push(`${path} ${res.status} ${JSON.stringify(res.headers)}\n${res.body}`);
    return res;
  };
  try {
    const bars = { provider: "broker_a", start_date: "2024-01-02", end_date: "2024-01-03" };
    const ok = await call("/commands/market.ohlcv", { symbols: "AAPL", ...bars });
    assert.equal(JSON.parse(ok.body).ok, true, ok.body);
    await call("/commands/market.ohlcv", { symbols: "BAD", include_attempts: true, ...bars });
    await call("/commands/market.ohlcv", { symbols: "REDIR", ...bars });
    await call("/commands/market.ohlcv", { symbols: "AAPL", provider: "market_b" });
    await call("/commands/estimates.consensus", { symbol: "AAPL" });
    for (const c of ["sources.status", "sources.test", "sources.list"]) {
      await call(`/commands/${c}`, {});
    }
    for (const path of ["/openapi.json", "/health", "/docs"]) await call(path);
    const rpc = (id: number, method: string, params: unknown) => ({
      jsonrpc: "2.0",
      id,
      method,
      params,
    });
    await call("/mcp", [
      rpc(1, "tools/list", {}),
      rpc(2, "resources/read", { uri: "finance://openapi.json" }),
      rpc(3, "tools/call", {
        name: "finance_run",
        arguments: { command: "market.ohlcv", arguments: { symbols: "BAD", ...bars } },
      }),
      rpc(4, "tools/call", { name: "no.such.tool", arguments: { key: SECRET } }),
    ]);
  } finally {
    await s.stop();
    await upstream.close();
  }
  assert.ok(upstream.hits >= 3, "the fake Alpaca was reached");
  const cassette = readTree(record);
  assert.ok(cassette.length > 0, "the cassette was written");
  const texts = { answers: answers.join("\n"), "stderr log": s.stderr(), cassette };
  for (const [where, text] of Object.entries(texts)) {
    for (const f of ALL) {
      const at = text.indexOf(f);
      assert.equal(
        at,
        -1,
        `${where} holds ${f}: …${text.slice(Math.max(0, at - 120), at + f.length + 20)}…`,
      );
    }
  }
});
