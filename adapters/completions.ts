/**
 * Shell completion scripts, from the generated help manifest (no command module is loaded):
 * the first word completes to a command, namespace or subcommand, later words to the command's
 * `name=` arguments and `--output`.
 */
import type { CliIO } from "../core/io.ts";
import { helpEntries, type HelpEntry, helpNamespaces } from "./help.ts";

const EXTRA = ["help", "serve", "mcp", "cache", "completions", "--list", "--help", "--version"];

function firstWords(): string[] {
  return [...helpEntries().map((e) => e.name), ...helpNamespaces().keys(), ...EXTRA];
}

/** `name=` for every argument and alias of a command. */
function argWords(entry: HelpEntry): string[] {
  return entry.args.flatMap((a) => [a.name, ...(a.aliases ?? [])]).map((a) => `${a}=`);
}

/** Prints a completion script for bash, zsh or fish. */
export function completions(shell: string | undefined, io: CliIO): number {
  const words = firstWords().join(" ");
  const entries = helpEntries();
  if (shell === "bash") {
    const cases = entries.map((e) => `    ${e.name}) args="${argWords(e).join(" ")}" ;;`);
    io.out(`_finance() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" args=""
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=( $(compgen -W "${words}" -- "$cur") )
    return
  fi
  case "\${COMP_WORDS[1]}" in
${cases.join("\n")}
  esac
  compopt -o nospace 2>/dev/null
  COMPREPLY=( $(compgen -W "$args --output --help" -- "$cur") )
}
complete -o default -F _finance finance`);
    return 0;
  }
  if (shell === "zsh") {
    const cases = entries.map((e) => `    ${e.name}) compadd -S '' -- ${argWords(e).join(" ")} ;;`);
    io.out(`#compdef finance
_finance() {
  if (( CURRENT == 2 )); then
    compadd -- ${words}
    return
  fi
  case "\${words[2]}" in
${cases.join("\n")}
  esac
  compadd -- --output --help
}
compdef _finance finance`);
    return 0;
  }
  if (shell === "fish") {
    const lines = [`complete -c finance -f -n "__fish_use_subcommand" -a "${words}"`];
    for (const e of entries) {
      const args = argWords(e);
      if (args.length) {
        lines.push(
          `complete -c finance -f -n "__fish_seen_subcommand_from ${e.name}" -a "${
            args.join(" ")
          }"`,
        );
      }
    }
    io.out(lines.join("\n"));
    return 0;
  }
  io.err("usage: finance completions bash|zsh|fish");
  return 2;
}
