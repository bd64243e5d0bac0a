import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { type AccessPolicy, isPrivateAddress, urlGuardFor } from "../../core/access.ts";
import { checkLocalPath } from "../../core/local_files.ts";
import { createHandler } from "../../adapters/http.ts";
import { testSession } from "../_helpers.ts";

function sandbox() {
  const base = mkdtempSync(join(tmpdir(), "finance-access-"));
  const root = join(base, "root");
  mkdirSync(root);
  writeFileSync(join(root, "doc.html"), "<p>hello</p>");
  writeFileSync(join(base, "outside.html"), "<p>secret</p>");
  symlinkSync(join(base, "outside.html"), join(root, "link.html"));
  mkdirSync(join(root, "folder"));
  return { base, root };
}

Deno.test("access: local paths stay inside the roots", () => {
  const { root } = sandbox();
  const policy: AccessPolicy = { roots: [root], allowPrivateUrls: false };
  assert.equal(checkLocalPath(policy, join(root, "doc.html")), join(root, "doc.html"));
  assert.throws(
    () => checkLocalPath(policy, join(root, "..", "outside.html")),
    /outside the folders this surface may read/,
  );
  assert.throws(
    () => checkLocalPath(policy, join(root, "link.html")),
    /outside the folders this surface may read/,
  );
  assert.throws(
    () => checkLocalPath(policy, "/etc/passwd"),
    /outside the folders this surface may read/,
  );
  assert.throws(() => checkLocalPath(policy, "/proc/self/environ"), /system paths|outside/);
  assert.throws(() => checkLocalPath(policy, join(root, "folder")), /is a directory/);
  assert.throws(() => checkLocalPath(policy, join(root, "missing.pdf")), /file not found/);
  assert.throws(() => checkLocalPath(policy, join(root, "doc.html"), 3), /over the 3-byte limit/);
  assert.throws(
    () => checkLocalPath({ roots: [], allowPrivateUrls: false }, join(root, "doc.html")),
    /reads no local files/,
  );
});

Deno.test("access: private, loopback, link-local and metadata addresses are refused", async () => {
  for (
    const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "0.0.0.0",
      "100.64.0.1",
    ]
  ) {
    assert.equal(isPrivateAddress(a), true, a);
  }
  for (const a of ["8.8.8.8", "93.184.216.34", "2606:4700::1111"]) {
    assert.equal(isPrivateAddress(a), false, a);
  }
  const guard = urlGuardFor({ roots: [], allowPrivateUrls: false });
  await assert.rejects(
    async () => await guard(new URL("http://169.254.169.254/latest")),
    /refused/,
  );
  await assert.rejects(async () => await guard(new URL("http://localhost:8080/")), /refused/);
  await assert.rejects(async () => await guard(new URL("http://[::1]/")), /refused/);
  await guard(new URL("https://93.184.216.34/x")); // public literal: allowed
  const open = urlGuardFor({ roots: [], allowPrivateUrls: true });
  await open(new URL("http://127.0.0.1/"));
});

async function adapterCall(name: string, body: Record<string, unknown>) {
  const handler = createHandler({ session: testSession() });
  const res = await handler(
    new Request(`http://127.0.0.1/commands/${name}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
  return await res.json();
}

Deno.test("access: the adapter refuses /etc/passwd and the metadata address for documents", async () => {
  const local = await adapterCall("document.read", { source: "/etc/passwd" });
  assert.equal(local.ok, false);
  assert.match(local.error, /refused/);
  const meta = await adapterCall("document.read", { source: "http://169.254.169.254/" });
  assert.equal(meta.ok, false);
  assert.match(meta.error, /refused/);
  const ir = await adapterCall("ir.read", { url: "http://169.254.169.254/latest/meta-data/" });
  assert.equal(ir.ok, false);
  assert.match(ir.error, /refused/);
});
