/**
 * Every URL door follows the call's policy, not its surface: a library session confined like the
 * adapters (`confineLocalFiles`) and a CLI run with FINANCE_ALLOW_PRIVATE_URLS=0 refuse private
 * addresses in transcripts.read, transcripts.qa and kpi.extract as document.read does.
 */
import assert from "node:assert/strict";
import { loadConfig } from "../../core/config.ts";
import { Session } from "../../core/session.ts";
import "../../providers/clients.ts";
import { execute } from "../../core/runner.ts";
import "../../commands/registry.ts";
import { countingServer } from "./_net.ts";

const TRANSCRIPT = "<html><body><p>Operator: Good day and welcome to the call.</p></body></html>";

Deno.test("ssrf: transcripts and kpi URLs obey a closed policy on the library and CLI surfaces", async () => {
  const inside = countingServer(
    "127.0.0.1",
    () => new Response(TRANSCRIPT, { headers: { "content-type": "text/html" } }),
  );
  const session = (env: Record<string, string>, confineLocalFiles = false) =>
    new Session({
      config: loadConfig({ FINANCE_CACHE: "off", ...env }),
      backoffBaseMs: 1,
      politeness: false,
      confineLocalFiles,
    });
  try {
    const source = `http://127.0.0.1:${inside.port}/call.html`;
    const closed: [string, Session, "library" | "cli"][] = [
      ["confined library", session({}, true), "library"],
      [
        "CLI with FINANCE_ALLOW_PRIVATE_URLS=0",
        session({ FINANCE_ALLOW_PRIVATE_URLS: "0" }),
        "cli",
      ],
    ];
    const calls: [string, Record<string, unknown>][] = [
      ["document.read", { source }],
      ["transcripts.read", { source }],
      ["transcripts.qa", { source }],
      ["kpi.extract", { symbol: "ACME", url: source }],
    ];
    for (const [what, s, surface] of closed) {
      for (const [command, args] of calls) {
        const { envelope } = await execute(command, args, { session: s, surface });
        assert.equal(envelope.ok, false, `${command} on the ${what}`);
        assert.match(envelope.error ?? "", /URL refused/, `${command} on the ${what}`);
      }
    }
    assert.equal(inside.hits, 0, `a closed policy let ${inside.hits} requests through`);

    // control: the CLI as it is by default reaches the same server
    const open = await execute("transcripts.read", { source }, {
      session: session({}),
      surface: "cli",
    });
    assert.ok(inside.hits >= 1, `the control did not reach the server: ${open.envelope.error}`);
  } finally {
    await inside.close();
  }
});
