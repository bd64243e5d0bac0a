/**
 * audit8: local files on the served surfaces, with FINANCE_DOCUMENT_ROOTS set to one folder.
 * Paths out of it (`..`, a sibling folder sharing its name's start, a symlink to a file or a
 * folder out of it, a dangling link, /proc/self/environ directly or through a link) are refused
 * without reading; a file:// URL is the path it names. Two file URLs were wrong before: one that
 * does not parse (`file://%2Ftmp%2F…`) was an unexpected exception, answered as an internal
 * error; one naming another machine (`file://server/<root>/x`) was read from this machine as if
 * the host were not there. Both are now refused with a message that says what to give.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { adapterCall, liveSession } from "./_net.ts";

const KEY = "AVAUDIT8FILESKEY0123456";

Deno.test("audit8 local files: paths and file URLs out of the folder are refused, in words, on every reader", async () => {
  const base = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "finance-audit8-files-" }));
  const root = join(base, "docs");
  Deno.mkdirSync(root);
  Deno.mkdirSync(`${root}-private`);
  const page = (text: string) => `<html><body><p>${text}</p></body></html>`;
  Deno.writeTextFileSync(join(root, "ok.html"), page("inside the folder"));
  Deno.writeTextFileSync(join(base, "secret.html"), page("SECRET-OUTSIDE"));
  Deno.writeTextFileSync(join(`${root}-private`, "x.html"), page("SECRET-SIBLING"));
  Deno.symlinkSync(join(base, "secret.html"), join(root, "link.html"));
  Deno.symlinkSync(base, join(root, "up"));
  Deno.symlinkSync("/proc/self/environ", join(root, "env.html"));
  Deno.symlinkSync(join(base, "missing.html"), join(root, "dangling.html"));
  const session = liveSession({ FINANCE_DOCUMENT_ROOTS: root, ALPHA_VANTAGE_API_KEY: KEY });
  const outside = /outside the folders this surface may read; the operator sets them/;
  const cases: [string, RegExp][] = [
    [join(root, "..", "secret.html"), outside],
    [join(base, "secret.html"), outside],
    [join(`${root}-private`, "x.html"), outside],
    [join(root, "link.html"), outside],
    [join(root, "up", "secret.html"), outside],
    [join(root, "dangling.html"), outside],
    [join(root, "env.html"), /system paths are never read/],
    ["/proc/self/environ", outside],
    [`file://${root}/../secret.html`, outside],
    [`file://${root}/%2e%2e/secret.html`, outside],
    [`file://${root}/%2E%2E%2Fsecret.html`, outside],
    [`file://localhost${base}/secret.html`, outside],
    // these two were wrong before
    [
      `file://${encodeURIComponent(`${root}/../secret.html`)}`,
      /is not a valid file URL; give a path, or a file URL of this machine: file:\/\/\/absolute\/path/,
    ],
    [
      `file://fileserver.example${root}/ok.html`,
      /names the host fileserver\.example, and only this machine's files are read/,
    ],
    [`file://${root}/ok%00.html`, /holds a NUL character/],
  ];
  const readers: [string, (source: string) => Record<string, unknown>][] = [
    ["document.read", (source) => ({ source })],
    ["document.scan", (source) => ({ source, query: "SECRET" })],
    ["transcripts.read", (source) => ({ source })],
    ["kpi.extract", (source) => ({ symbol: "ACME", source })],
  ];
  const errors: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => errors.push(args.map(String).join(" "));
  try {
    for (const [command, args] of readers) {
      for (const [source, says] of cases) {
        const env = await adapterCall(command, args(source), session);
        const text = JSON.stringify(env);
        const what = `${command} ${source}: ${text.slice(0, 300)}`;
        assert.equal(env.ok, false, what);
        assert.match(env.error!, says, what);
        assert.ok(!/internal error|SECRET-|PATH=|HOME=/.test(text), what);
        assert.ok(!text.includes(KEY), what);
      }
      // the folder's own file is read, by path and by file URL
      for (const source of [join(root, "ok.html"), `file://${root}/ok.html`]) {
        const env = await adapterCall(command, args(source), session);
        assert.ok(!env.error || !/refused|not a valid/.test(env.error), `${command}: ${env.error}`);
      }
    }
  } finally {
    console.error = original;
    Deno.removeSync(base, { recursive: true });
  }
  assert.deepEqual(
    errors.filter((e) => e.includes("internal error")),
    [],
    "nothing was unexpected",
  );
});
