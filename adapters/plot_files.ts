/**
 * The cap on chart files network callers may have a server process write (backtest.run's
 * `plot_path`): how many and how many bytes, counted per process, from FINANCE_MAX_PLOT_FILES and
 * FINANCE_MAX_PLOT_BYTES.
 */

/** Default chart files (`plot_path`) network callers may have a server process write. */
export const DEFAULT_MAX_PLOT_FILES = 1000;
/** Default bytes of chart files network callers may have a server process write (256 MiB). */
export const DEFAULT_MAX_PLOT_BYTES = 256 * 1024 * 1024;

/**
 * The chart files network callers had this server process write (backtest.run's `plot_path`):
 * each call writes a new file (never replacing one), so without a cap a caller could fill the
 * allowed folders' disk with new names. Past `maxFiles` files, or `maxBytes` bytes, a call that
 * asks for a chart is refused before it runs (the cap is per process: a restart resets it, and
 * files deleted meanwhile are still counted). Calls in progress hold a place, so callers at once
 * cannot pass the count together.
 */
export class PlotFiles {
  readonly maxFiles: number;
  readonly maxBytes: number;
  #files = 0;
  #bytes = 0;
  #pending = 0;

  constructor(maxFiles = DEFAULT_MAX_PLOT_FILES, maxBytes = DEFAULT_MAX_PLOT_BYTES) {
    this.maxFiles = maxFiles;
    this.maxBytes = maxBytes;
  }

  /** Files and bytes written so far. */
  get written(): { files: number; bytes: number } {
    return { files: this.#files, bytes: this.#bytes };
  }

  /**
   * For a call whose arguments ask for a chart file: a refusal when the cap is reached, else a
   * place held until `settle` (call it with the call's envelope). Null when none is asked for.
   */
  claim(
    args: unknown,
  ): { refused: string } | { settle: (envelope: unknown) => Promise<void> } | null {
    const asked = args !== null && typeof args === "object" &&
      typeof (args as Record<string, unknown>).plot_path === "string" &&
      (args as Record<string, unknown>).plot_path !== "";
    if (!asked) return null;
    if (this.#files + this.#pending >= this.maxFiles || this.#bytes >= this.maxBytes) {
      const what = this.#bytes >= this.maxBytes
        ? `its cap of ${this.maxBytes} bytes of chart files (FINANCE_MAX_PLOT_BYTES)`
        : `its cap of ${this.maxFiles} chart files (FINANCE_MAX_PLOT_FILES)`;
      return {
        refused:
          `plot_path refused: this server has reached ${what} written for callers since it started; call again without plot_path (the result carries the equity curve), or ask the operator to raise the setting`,
      };
    }
    this.#pending++;
    let open = true;
    return {
      settle: async (envelope: unknown) => {
        if (!open) return;
        open = false;
        this.#pending--;
        const path = (envelope as { ok?: boolean; data?: { plot_path?: unknown } } | null)
          ?.data?.plot_path;
        if (typeof path !== "string") return;
        this.#files++;
        try {
          this.#bytes += (await Deno.stat(path)).size;
        } catch { /* removed already: counted as a file alone */ }
      },
    };
  }
}

/** The chart-file cap of servers built without settings (the library's handler). */
export const processPlotFiles = new PlotFiles();

/** The chart-file cap from FINANCE_MAX_PLOT_FILES and FINANCE_MAX_PLOT_BYTES, or what is wrong. */
export function plotFilesFromEnv(env: (name: string) => string | undefined): PlotFiles | string {
  const limits: number[] = [];
  for (
    const [name, fallback] of [
      ["FINANCE_MAX_PLOT_FILES", DEFAULT_MAX_PLOT_FILES],
      ["FINANCE_MAX_PLOT_BYTES", DEFAULT_MAX_PLOT_BYTES],
    ] as const
  ) {
    const raw = env(name);
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isSafeInteger(n) || n <= 0) {
      return `${name} must be a positive whole number, not ${raw}`;
    }
    limits.push(n);
  }
  return new PlotFiles(limits[0], limits[1]);
}
