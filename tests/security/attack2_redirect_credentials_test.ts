/**
 * A provider (or a mirror, or a proxy in front of one) answering with a redirect to another
 * origin must not take the caller's credentials there: the broker's key headers, a cookie, a
 * body holding a key. Attacked through a real `finance serve`, with the provider's base URL
 * pointed at a loopback server that redirects to another loopback origin, which records what
 * it received. Only loopback is used.
 */
import assert from "node:assert/strict";
import { headersForHop, HttpClient } from "../../core/http.ts";
import { envelopeOf, rawRequest, spawnFinance } from "./_spawn.ts";

const KEY_ID = "IDKEYabcdef123456";
const SECRET = "SECRETabcdef123456";

function recorder() {
  const seen: { headers: Record<string, string>; method: string; body: string }[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    seen.push({
      headers: Object.fromEntries(req.headers),
      method: req.method,
      body: await req.text(),
    });
    return Response.json({ bars: [], next_page_token: null });
  });
  return { seen, port: server.addr.port, close: () => server.shutdown() };
}

Deno.test("attack2: a provider redirect to another origin does not carry the broker's keys (finance serve)", async () => {
  const target = recorder();
  // the "provider": every request is sent on to another origin (localhost, another port)
  const provider = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const u = new URL(req.url);
    return new Response(null, {
      status: 302,
      headers: { location: `http://localhost:${target.port}${u.pathname}${u.search}` },
    });
  });
  const s = await spawnFinance(["serve"], {
    ALPACA_API_KEY_ID: KEY_ID,
    ALPACA_API_SECRET_KEY: SECRET,
    ALPACA_DATA_BASE_URL: `http://127.0.0.1:${provider.addr.port}`,
  });
  try {
    const res = await rawRequest(
      s.port,
      "POST /commands/market.ohlcv HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json",
      JSON.stringify({
        symbols: "AAPL",
        provider: "broker_a",
        start_date: "2024-01-02",
        end_date: "2024-01-05",
      }),
    );
    assert.equal(res.status, 200);
    envelopeOf(res);
    assert.ok(target.seen.length >= 1, "the redirect was followed");
    for (const hop of target.seen) {
      const text = JSON.stringify(hop.headers);
      assert.doesNotMatch(text, /apca-api/i, text);
      assert.ok(!text.includes(KEY_ID) && !text.includes(SECRET), text);
    }
    assert.ok(!res.body.includes(KEY_ID) && !res.body.includes(SECRET));
    assert.ok(s.alive());
  } finally {
    await s.stop();
    await provider.shutdown();
    await target.close();
  }
});

Deno.test("attack2: redirected hops: same origin keeps credentials, other origins and downgrades lose them", () => {
  const headers = {
    authorization: "Bearer abcdefgh12345678",
    "APCA-API-KEY-ID": KEY_ID,
    "x-custom": `k=${SECRET}`,
    cookie: "A1=session",
    accept: "application/json",
  };
  const from = new URL("https://query1.finance.yahoo.com/v7/x");
  assert.deepEqual(
    headersForHop(headers, from, new URL("https://query1.finance.yahoo.com/v8/y"), [SECRET]),
    headers,
  );
  // a sibling host of the same site keeps the cookie only
  assert.deepEqual(
    headersForHop(headers, from, new URL("https://guce.yahoo.com/consent"), [SECRET]),
    { cookie: "A1=session", accept: "application/json" },
  );
  // another site, or https down to http on the same host: nothing secret goes along
  for (const to of ["https://attacker.example/", "http://query1.finance.yahoo.com/v8/y"]) {
    assert.deepEqual(headersForHop(headers, from, new URL(to), [SECRET]), {
      accept: "application/json",
    }, to);
  }
});

Deno.test("attack2: a 303 drops the body; a 307 taking a key-holding body to another origin is refused", async () => {
  const target = recorder();
  const origin = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const status = Number(new URL(req.url).searchParams.get("status"));
    return new Response(null, {
      status,
      headers: { location: `http://localhost:${target.port}/next` },
    });
  });
  const client = new HttpClient({ politeness: false });
  const base = `http://127.0.0.1:${origin.addr.port}/?status=`;
  try {
    const after303 = await client.request({
      provider: "test",
      url: `${base}303`,
      method: "POST",
      body: `apikey=${SECRET}`,
      secrets: [SECRET],
      retries: 0,
    });
    assert.equal(after303.status, 200);
    assert.equal(target.seen.at(-1)!.method, "GET");
    assert.equal(target.seen.at(-1)!.body, "");
    const before = target.seen.length;
    await assert.rejects(
      client.request({
        provider: "test",
        url: `${base}307`,
        method: "POST",
        body: `apikey=${SECRET}`,
        secrets: [SECRET],
        retries: 0,
      }),
      (err: Error) => /another origin/.test(err.message) && !err.message.includes(SECRET),
    );
    assert.equal(target.seen.length, before, "the key-holding body was not re-sent");
    // a body without a key still follows a 307 to another origin
    const plain = await client.request({
      provider: "test",
      url: `${base}307`,
      method: "POST",
      body: "q=1",
      retries: 0,
    });
    assert.equal(plain.status, 200);
    assert.equal(target.seen.at(-1)!.body, "q=1");
  } finally {
    await origin.shutdown();
    await target.close();
  }
});
