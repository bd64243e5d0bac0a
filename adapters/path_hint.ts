/**
 * Run by `deno task install` after `deno install --global`: says where the `finance` launcher
 * went and, when that folder is not on PATH, the line to add to the shell's start-up file.
 */

/** The folder `deno install --global` writes launchers to. */
export function installBin(env: { get(name: string): string | undefined }): string {
  const root = env.get("DENO_INSTALL_ROOT");
  if (root) return `${root.replace(/\/+$/, "")}/bin`;
  return `${env.get("HOME") ?? "~"}/.deno/bin`;
}

/** The lines to print: nothing to do when `bin` is on PATH, else the export line. */
export function pathHint(bin: string, path: string, shell = ""): string[] {
  if (path.split(":").some((p) => p.replace(/\/+$/, "") === bin)) {
    return [`finance is installed in ${bin}, which is on your PATH: run \`finance --list\`.`];
  }
  const rc = shell.endsWith("zsh") ? "~/.zshrc" : shell.endsWith("fish") ? null : "~/.bashrc";
  const line = rc ? `export PATH="${bin}:$PATH"` : `fish_add_path ${bin}`;
  return [
    `finance is installed in ${bin}, which is not on your PATH.`,
    rc ? `Add this line to ${rc} (and run it once in this shell):` : "Run once (fish keeps it):",
    "",
    `    ${line}`,
  ];
}

if (import.meta.main) {
  const env = { get: (n: string) => Deno.env.get(n) };
  console.log(pathHint(installBin(env), env.get("PATH") ?? "", env.get("SHELL") ?? "").join("\n"));
}
