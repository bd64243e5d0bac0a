/**
 * sources.test passes a probe only on an answer that holds data: an empty answer from a
 * provider (an unknown symbol's {"Global Quote": {}}, {"bars": null}, [], GDELT's {}) is a
 * failed row with a reason, not ok (the original's weakness 5).
 */
import assert from "node:assert/strict";
import { envelope } from "../_helpers.ts";

const KEYS = {
  ALPHA_VANTAGE_API_KEY: "dummy-av",
  ALPACA_API_KEY_ID: "dummy-id",
  ALPACA_API_SECRET_KEY: "dummy-secret",
  ESTIMATES_A_API_KEY: "dummy-fmp",
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

/** Answers each probe's host with `bodies[host]`. */
function answering(bodies: Record<string, unknown>): typeof fetch {
  return (input) => {
    const host = new URL(String(input instanceof Request ? input.url : input)).host;
    if (!(host in bodies)) return Promise.resolve(new Response("not found", { status: 404 }));
    return Promise.resolve(json(bodies[host]));
  };
}

const EMPTY = {
  "www.alphavantage.co": { "Global Quote": {} },
  "data.alpaca.markets": { bars: null, symbol: "ZZZZ", next_page_token: null },
  "financialmodelingprep.com": [],
  "api.gdeltproject.org": {},
};

const FULL = {
  "www.alphavantage.co": {
    "Global Quote": {
      "01. symbol": "IBM",
      "05. price": "250.1000",
      "07. latest trading day": "2025-02-14",
    },
  },
  "data.alpaca.markets": {
    bars: [{ t: "2025-02-14T05:00:00Z", o: 241, h: 245.5, l: 240.8, c: 244.6, v: 4e7 }],
    symbol: "AAPL",
    next_page_token: null,
  },
  "financialmodelingprep.com": [{
    symbol: "AAPL",
    date: "2029-09-28",
    revenueAvg: 5.2e11,
    epsAvg: 9.1,
  }],
  "api.gdeltproject.org": {
    articles: [{
      url: "https://example.com/a",
      title: "Apple shares rise",
      seendate: "20250214T120000Z",
    }],
  },
};

type Row = { name: string; ok: boolean; status: string; error: string | null };

async function probe(source: string, bodies: Record<string, unknown>, symbol: string) {
  const env = await envelope<{ results: Row[] }>("sources.test", { source, symbol, timeout: 5 }, {
    fetch: answering(bodies),
    env: KEYS,
    now: "2025-02-16T12:00:00Z",
  });
  assert.equal(env.ok, true, env.error ?? "");
  return env.data!.results[0];
}

for (const source of ["market_b", "broker_a", "estimates_a", "news"]) {
  Deno.test(`sources.test ${source}: an empty answer is a failed row with a reason`, async () => {
    const row = await probe(source, EMPTY, "ZZZZ");
    assert.equal(row.ok, false, JSON.stringify(row));
    assert.equal(row.status, "failed");
    assert.match(row.error!, new RegExp(`^${source}: empty answer: `), row.error!);
  });

  Deno.test(`sources.test ${source}: an answer holding data passes`, async () => {
    const row = await probe(source, FULL, "AAPL");
    assert.equal(row.ok, true, JSON.stringify(row));
    assert.equal(row.status, "ok");
    assert.equal(row.error, null);
  });
}

Deno.test("sources.test broker_a: the probe asks from a start date, so a weekend still has a bar", async () => {
  const urls: string[] = [];
  const fake = answering(FULL);
  await envelope("sources.test", { source: "broker_a", timeout: 5 }, {
    fetch: (input, init) => {
      urls.push(String(input instanceof Request ? input.url : input));
      return fake(input, init);
    },
    env: KEYS,
    now: "2025-02-16T12:00:00Z",
  });
  assert.ok(urls.some((u) => u.includes("start=2025-02-06")), urls.join("\n"));
});

Deno.test("sources.test: an answer of another shape is a failed row", async () => {
  const row = await probe(
    "estimates_a",
    { "financialmodelingprep.com": [{ note: "upgrade" }] },
    "AAPL",
  );
  assert.equal(row.status, "failed");
  assert.match(row.error!, /unexpected answer/);
  const gd = await probe("news", { "api.gdeltproject.org": { articles: [{}] } }, "AAPL");
  assert.equal(gd.status, "failed");
  assert.match(gd.error!, /unexpected answer/);
});
