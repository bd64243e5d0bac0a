/**
 * The library's sessions: a few are kept for distinct options and the others closed; a setting
 * changed between calls (Deno.env.set in a later notebook cell) takes effect and is said once;
 * and whatever a caller passes, finance() answers an envelope with a clear message.
 */
import assert from "node:assert/strict";
import { PAGE, pageCassette } from "./_page_cassette.ts";
import { closeSessions, finance } from "../../mod.ts";
import { Session } from "../../core/session.ts";

/** A one-entry cassette answering {@link PAGE} with `text`. */
const cassette = (text: string) => pageCassette(text, "finance_sessions_");

Deno.test("library: sessions for distinct options are bounded; the ones let go are closed", async () => {
  const replay = await cassette("Revenue was 42 million.");
  const close = Session.prototype.close;
  let closed = 0;
  Session.prototype.close = function (this: Session) {
    closed++;
    return close.call(this);
  };
  try {
    for (let i = 0; i < 12; i++) {
      const now = new Date(Date.UTC(2024, 0, 1 + i)).toISOString();
      const r = await finance("document.read", { source: PAGE }, { replay, now });
      assert.equal(r.ok, true, r.ok ? "" : r.error);
    }
    assert.ok(closed >= 8, `12 sessions, at most 4 kept: ${closed} closed`);
    closeSessions();
    assert.equal(closed, 12, "closeSessions closes the rest");
    const again = await finance("document.read", { source: PAGE }, { replay });
    assert.equal(again.ok, true, "a call after closeSessions makes a new session");
    closeSessions();
  } finally {
    Session.prototype.close = close;
    await Deno.remove(replay, { recursive: true });
  }
});

Deno.test("library: a setting changed between calls takes effect, and is said once", async () => {
  const first = await cassette("Revenue was 42 million.");
  const second = await cassette("Revenue was 43 million.");
  // the settings change in a child process: under `deno test --parallel` the other test files
  // share this process's environment, and a process they start meanwhile would inherit them
  const probe = `
    const { finance } = await import(${
    JSON.stringify(new URL("../../mod.ts", import.meta.url).href)
  });
    const read = () => finance("document.read", { source: ${JSON.stringify(PAGE)} });
    Deno.env.set("FINANCE_CACHE", "off");
    Deno.env.set("FINANCE_REPLAY", ${JSON.stringify(first)});
    const a = await read();
    Deno.env.set("FINANCE_REPLAY", ${JSON.stringify(second)});
    const b = await read();
    const c = await read();
    console.log(JSON.stringify([a, b, c]));`;
  try {
    const env = Object.fromEntries(
      Object.entries(Deno.env.toObject()).filter(([k]) => !k.startsWith("FINANCE_")),
    );
    const res = await new Deno.Command(Deno.execPath(), {
      args: ["eval", "--config", new URL("../../deno.json", import.meta.url).pathname, probe],
      clearEnv: true,
      env,
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.ok(res.success, new TextDecoder().decode(res.stderr));
    const [a, b, c] = JSON.parse(new TextDecoder().decode(res.stdout).trim().split("\n").at(-1)!);
    assert.ok(a.ok && /42 million/.test(a.data.text as string), JSON.stringify(a));
    assert.ok(b.ok && /43 million/.test(b.data.text as string), JSON.stringify(b));
    assert.ok(
      b.warnings.some((w: string) => /FINANCE_REPLAY/.test(w) && /changed/.test(w)),
      JSON.stringify(b.warnings),
    );
    assert.ok(c.ok && /43 million/.test(c.data.text as string));
    assert.ok(!c.warnings.some((w: string) => /changed/.test(w)), "said once");
  } finally {
    await Deno.remove(first, { recursive: true });
    await Deno.remove(second, { recursive: true });
  }
});

Deno.test("library: odd calls answer an envelope with a clear message", async () => {
  const call = finance as (...args: unknown[]) => Promise<{ ok: boolean; error: string | null }>;
  const cases: [string, unknown[], RegExp][] = [
    ["no command", [undefined], /command name/],
    ["a number for a command", [42], /command name/],
    [
      "a getter that throws",
      [
        "formula.cagr",
        Object.defineProperty({ end: 2, periods: 1 }, "start", {
          enumerable: true,
          get() {
            throw new Error("boom");
          },
        }),
      ],
      /argument `start` could not be read \(boom\)/,
    ],
    [
      "a negative time limit",
      ["formula.cagr", { start: 1, end: 2, periods: 1 }, { timeoutMs: -1 }],
      /timeoutMs must be a number of milliseconds above 0/,
    ],
    [
      "options that are not an object",
      ["formula.cagr", { start: 1, end: 2, periods: 1 }, "fast"],
      /options must be an object/,
    ],
  ];
  const warned: unknown[] = [];
  const warn = console.warn;
  const error = console.error;
  console.warn = console.error = (...a: unknown[]) => warned.push(a);
  try {
    for (const [what, args, expected] of cases) {
      const r = await call(...args);
      assert.equal(r.ok, false, what);
      assert.match(r.error ?? "", expected, what);
      assert.doesNotMatch(r.error ?? "", /internal error|TypeError/, what);
    }
  } finally {
    console.warn = warn;
    console.error = error;
  }
  assert.deepEqual(warned, [], "nothing printed (no TimeoutNegativeWarning)");
  const ok = await finance("formula.cagr", { start: 100, end: 150, periods: 3 }, {
    timeoutMs: 5_000,
  });
  assert.equal(ok.ok, true);
});
