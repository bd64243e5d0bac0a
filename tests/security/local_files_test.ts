/**
 * Local files: the CLI and the library read any file the user can read; FINANCE_DOCUMENT_ROOTS
 * binds the network adapter (and MCP), and the library only when the caller opts in.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { loadConfig } from "../../core/config.ts";
import { Session } from "../../core/session.ts";
import { runCommand } from "../../core/runner.ts";
import { ROOT } from "../_helpers.ts";
import { adapterCall } from "./_net.ts";

function documentOutsideCwd(): { dir: string; file: string } {
  const dir = Deno.makeTempDirSync({ prefix: "finance-local-" });
  const file = join(dir, "memo.html");
  Deno.writeTextFileSync(file, "<html><body><p>Quarterly memo: revenue grew.</p></body></html>");
  return { dir, file };
}

Deno.test("local files: the CLI reads a path outside the working folder", async () => {
  const { dir, file } = documentOutsideCwd();
  const elsewhere = Deno.makeTempDirSync({ prefix: "finance-cwd-" });
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", join(ROOT, "mod.ts"), "document.read", file, "--output", "json"],
      cwd: elsewhere,
      env: { FINANCE_CACHE: "off" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(out.stdout);
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr) + text);
    assert.match(text, /revenue grew/);
  } finally {
    Deno.removeSync(dir, { recursive: true });
    Deno.removeSync(elsewhere, { recursive: true });
  }
});

Deno.test("local files: the library reads anywhere unless the caller confines it", async () => {
  const { dir, file } = documentOutsideCwd();
  try {
    const config = loadConfig({ FINANCE_CACHE: "off", FINANCE_DOCUMENT_ROOTS: "/nonexistent" });
    const open = await runCommand("document.read", { source: file }, {
      session: new Session({ config }),
    });
    assert.equal(open.ok, true, open.error ?? "");
    const confined = await runCommand("document.read", { source: file }, {
      session: new Session({ config, confineLocalFiles: true }),
    });
    assert.equal(confined.ok, false);
    assert.match(
      confined.error ?? "",
      /outside the folders this surface may read.*FINANCE_DOCUMENT_ROOTS/,
    );
    const none = await runCommand("document.read", { source: file }, {
      session: new Session({
        config: loadConfig({ FINANCE_CACHE: "off" }),
        confineLocalFiles: true,
      }),
    });
    assert.match(none.error ?? "", /reads no local files; set FINANCE_DOCUMENT_ROOTS/);
    const url = await runCommand("document.read", { source: "http://[::ffff:7f00:1]:9/" }, {
      session: new Session({ config, confineLocalFiles: true }),
    });
    assert.match(url.error ?? "", /URL refused/, "a confined library session guards URLs too");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("local files: the adapter reads a path only under FINANCE_DOCUMENT_ROOTS", async () => {
  const { dir, file } = documentOutsideCwd();
  try {
    const closed = await adapterCall(
      "document.read",
      { source: file },
      new Session({
        config: loadConfig({ FINANCE_CACHE: "off" }),
      }),
    );
    assert.equal(closed.ok, false);
    assert.match(closed.error ?? "", /refused.*FINANCE_DOCUMENT_ROOTS/);
    const opened = await adapterCall(
      "document.read",
      { source: file },
      new Session({
        config: loadConfig({ FINANCE_CACHE: "off", FINANCE_DOCUMENT_ROOTS: dir }),
      }),
    );
    assert.equal(opened.ok, true, opened.error ?? "");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("attack: outside the folders, a missing and an existing file get the same answer, and the folders are not named", async () => {
  const { checkLocalPath } = await import("../../core/local_files.ts");
  const root = await Deno.makeTempDir({ prefix: "finance-roots-" });
  const policy = { roots: [root], readAnywhere: false } as unknown as Parameters<
    typeof checkLocalPath
  >[0];
  const answer = (p: string) => {
    try {
      checkLocalPath(policy, p);
      return "read";
    } catch (e) {
      return (e as Error).message.replace(p, "<path>");
    }
  };
  const existing = answer("/etc/hostname");
  const missing = answer("/etc/no-such-file-here");
  assert.equal(existing, missing);
  assert.ok(!existing.includes(root), existing);
  // through a link inside the folder that points out of it, the same: existing or not, outside
  await Deno.symlink("/etc", `${root}/linked`);
  assert.equal(answer(`${root}/linked/hostname`), existing);
  assert.equal(answer(`${root}/linked/no-such-file-here`), existing);
  await Deno.symlink("/etc/no-such-file-here", `${root}/dangling`);
  assert.equal(answer(`${root}/dangling`), existing);
  // a missing file inside the folder is simply not found
  assert.match(answer(`${root}/absent.pdf`), /^file not found/);
  await Deno.remove(root, { recursive: true });
});
