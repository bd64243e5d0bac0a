/**
 * Where a command-line entry writes: standard output and standard error, passed in so a test or
 * an embedding program can take the lines. Shared by the CLI and the servers it starts.
 */
export interface CliIO {
  /** A line of the answer (standard output). */
  out(text: string): void;
  /** A line of diagnostics (standard error). */
  err(text: string): void;
}
