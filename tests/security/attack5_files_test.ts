/**
 * attack5: files that are not documents, inside the allowed folder. A FIFO (reading it would
 * wait for a writer for ever), links to /dev/zero (endless), /proc/self/environ (the process's
 * keys) and /proc/self/fd/0, and a folder of /dev given as a root itself: each is refused by
 * every reader on the adapter before a byte is read, and the call answers at once.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { adapterCall, liveSession } from "./_net.ts";

const KEY = "AVATTACK5FILESKEY987654";

/** Every reader of a local file a network caller can name, with the path given to it. */
const readers = (path: string): [string, Record<string, unknown>][] => [
  ["document.read", { source: path }],
  ["document.tables", { source: path }],
  ["transcripts.read", { url: path }],
];

Deno.test("attack5 files: a FIFO and links to device and /proc files in the folder are refused unread", async () => {
  const root = Deno.realPathSync(Deno.makeTempDirSync({ prefix: "finance-attack5-files-" }));
  try {
    const made = new Deno.Command("mkfifo", { args: [join(root, "pipe.html")] }).outputSync();
    assert.ok(made.success, "mkfifo is needed to make the FIFO");
    Deno.symlinkSync("/dev/zero", join(root, "zero.html"));
    Deno.symlinkSync("/dev/urandom", join(root, "random.pdf"));
    Deno.symlinkSync("/proc/self/environ", join(root, "environ.html"));
    Deno.symlinkSync("/proc/self/fd/0", join(root, "stdin.html"));
    Deno.symlinkSync("/dev", join(root, "devices"));
    const session = liveSession({ FINANCE_DOCUMENT_ROOTS: root, ALPHA_VANTAGE_API_KEY: KEY });
    const cases: [string, RegExp][] = [
      [join(root, "pipe.html"), /is not a regular file/],
      [`file://${root}/pipe.html`, /is not a regular file/],
      [join(root, "zero.html"), /system paths are never read/],
      [join(root, "random.pdf"), /system paths are never read/],
      [join(root, "environ.html"), /system paths are never read/],
      [join(root, "stdin.html"), /system paths are never read/],
      [join(root, "devices", "zero"), /system paths are never read/],
      [`file://${root}/devices/%7a%65%72%6f`, /system paths are never read/],
    ];
    for (const [path, why] of cases) {
      for (const [command, args] of readers(path)) {
        const env = await adapterCall(command, args, session);
        assert.equal(env.ok, false, `${command} ${path}`);
        assert.equal(env.data, null);
        assert.match(env.error!, why, `${command} ${path}: ${env.error}`);
        assert.ok(!env.error!.includes(KEY));
      }
    }
  } finally {
    Deno.removeSync(root, { recursive: true });
  }
});

Deno.test("attack5 files: an operator's root of /dev or /proc still reads no device or process file", async () => {
  for (const [root, path] of [["/dev", "/dev/zero"], ["/proc", "/proc/self/environ"]]) {
    const session = liveSession({ FINANCE_DOCUMENT_ROOTS: root });
    for (const [command, args] of readers(path)) {
      const env = await adapterCall(command, args, session);
      assert.equal(env.ok, false, `${command} ${path}`);
      assert.match(env.error!, /system paths are never read/, `${command}: ${env.error}`);
    }
  }
});
