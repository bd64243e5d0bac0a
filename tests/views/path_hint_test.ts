import assert from "node:assert/strict";
import { installBin, pathHint } from "../../adapters/path_hint.ts";

Deno.test("install: the PATH line is printed only when the launcher's folder is missing from PATH", () => {
  const env = (vars: Record<string, string>) => ({ get: (n: string) => vars[n] });
  assert.equal(installBin(env({ HOME: "/home/ana" })), "/home/ana/.deno/bin");
  assert.equal(installBin(env({ HOME: "/h", DENO_INSTALL_ROOT: "/opt/deno/" })), "/opt/deno/bin");
  const missing = pathHint("/home/ana/.deno/bin", "/usr/bin:/bin", "/bin/bash").join("\n");
  assert.match(missing, /export PATH="\/home\/ana\/\.deno\/bin:\$PATH"/);
  assert.match(missing, /Add this line to ~\/\.bashrc/);
  assert.match(
    pathHint("/h/.deno/bin", "/usr/bin", "/usr/bin/fish").join("\n"),
    /Run once \(fish keeps it\):\n\n {4}fish_add_path/,
  );
  const present = pathHint("/home/ana/.deno/bin", "/usr/bin:/home/ana/.deno/bin/", "").join("\n");
  assert.doesNotMatch(present, /export PATH/);
});
