import type { CliIO } from "./cli.ts";

/** `finance mcp`: not built yet. */
export function mcpFromCli(_argv: string[], io: CliIO): Promise<number> {
  io.err("finance mcp is not implemented yet");
  return Promise.resolve(1);
}
