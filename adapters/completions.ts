/** Shell completion scripts generated from the registry. */
import { commandNames } from "../core/registry.ts";
import type { CliIO } from "./cli.ts";

/** Prints a completion script for bash, zsh or fish. */
export function completions(shell: string | undefined, io: CliIO): number {
  const words = [...commandNames(), "help", "serve", "mcp", "completions", "--list", "--version"]
    .join(" ");
  if (shell === "bash") {
    io.out(`_finance() {
  local cur="\${COMP_WORDS[COMP_CWORD]}"
  if [ "$COMP_CWORD" -eq 1 ]; then COMPREPLY=( $(compgen -W "${words}" -- "$cur") ); fi
}
complete -F _finance finance`);
    return 0;
  }
  if (shell === "zsh") {
    io.out(`#compdef finance
_finance() { _arguments '1:command:(${words})' '*::arg:_default' }
compdef _finance finance`);
    return 0;
  }
  if (shell === "fish") {
    io.out(
      `complete -c finance -f -n "__fish_use_subcommand" -a "${words}"`,
    );
    return 0;
  }
  io.err("usage: finance completions bash|zsh|fish");
  return 2;
}
