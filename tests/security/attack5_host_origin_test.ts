/**
 * attack5: Host and Origin spellings on both servers (`finance serve`, `finance mcp --http`),
 * for `/commands` and `/mcp`. Two Host headers (a rebinding name beside a good one, in either
 * order) are refused before any handler runs; an Origin that only looks like a listed one (another
 * scheme, a longer host, userinfo, a path, a fragment, a zero-padded port), or two Origin
 * headers of which one is listed, is refused 403 with no CORS header; the listed origin passes.
 */
import assert from "node:assert/strict";
import { countingServer } from "./_net.ts";
import { rawRequest, spawnFinance } from "./_spawn.ts";

const APP = "http://localhost:3000";
const SERVERS: [string, string[]][] = [["serve", ["serve"]], ["mcp --http", ["mcp", "--http"]]];

for (const [name, args] of SERVERS) {
  Deno.test(`attack5: two Host headers are refused and run nothing (${name})`, async () => {
    const upstream = countingServer("127.0.0.1");
    const s = await spawnFinance(args, { FINANCE_ALLOW_PRIVATE_URLS: "1" });
    try {
      const body = JSON.stringify({ source: `http://127.0.0.1:${upstream.port}/` });
      for (
        const hosts of [
          ["127.0.0.1", "rebind.evil.example"],
          ["rebind.evil.example", "127.0.0.1"],
          ["127.0.0.1", "127.0.0.1"],
        ]
      ) {
        const res = await rawRequest(
          s.port,
          [
            "POST /commands/document.read HTTP/1.1",
            ...hosts.map((h) => `Host: ${h}`),
            "Content-Type: application/json",
          ].join("\r\n"),
          body,
        );
        // refused by the HTTP layer itself (RFC 9112 3.2: 400), before the handler
        assert.equal(res.status, 400, hosts.join(" + "));
      }
      assert.equal(upstream.hits, 0, "a request with two Host headers ran its command");
      // control: one good Host runs the same call, which reaches the upstream
      const one = await rawRequest(
        s.port,
        "POST /commands/document.read HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json",
        body,
      );
      assert.equal(one.status, 200, one.body);
      assert.ok(upstream.hits >= 1);
    } finally {
      await s.stop();
      await upstream.close();
    }
  });

  Deno.test(`attack5: origins that only look like the listed one are refused (${name})`, async () => {
    const s = await spawnFinance(args, { FINANCE_ALLOWED_ORIGINS: APP });
    const call = (path: string, origins: string[]) =>
      rawRequest(
        s.port,
        [
          `POST ${path} HTTP/1.1`,
          "Host: 127.0.0.1",
          ...origins.map((o) => `Origin: ${o}`),
          "Content-Type: application/json",
          "Accept: application/json, text/event-stream",
        ].join("\r\n"),
        path === "/mcp"
          ? '{"jsonrpc":"2.0","id":1,"method":"ping"}'
          : '{"start":100,"end":150,"periods":3}',
      );
    try {
      const lookalikes = [
        ["https://localhost:3000"],
        ["http://localhost:3000.evil.example"],
        ["http://localhost:3000@evil.example"],
        ["http://evil.example#http://localhost:3000"],
        ["http://localhost:3000/evil"],
        ["http://localhost:03000"],
        ["http://localhost"],
        ["null"],
        [APP, "http://evil.example"],
        ["http://evil.example", APP],
      ];
      // `finance serve` has no /mcp; `finance mcp --http` serves both doors
      const paths = name === "serve"
        ? ["/commands/formula.cagr"]
        : ["/commands/formula.cagr", "/mcp"];
      for (const path of paths) {
        for (const origins of lookalikes) {
          const res = await call(path, origins);
          assert.equal(res.status, 403, `${path} ${origins.join(" + ")}: ${res.body}`);
          assert.equal(res.headers["access-control-allow-origin"], undefined);
          assert.match(JSON.parse(res.body).error, /requests from web pages are refused/);
        }
        const ok = await call(path, [APP]);
        assert.equal(ok.status, 200, ok.body);
        assert.equal(ok.headers["access-control-allow-origin"], APP);
      }
    } finally {
      await s.stop();
    }
  });
}
