/**
 * When a market answer was read, for its `retrieved_at`. A date the program does not know is
 * null, never the time of the run: under replay of a recording that carries no date the
 * request's time is null (the call warns why), and the clock stands in only when nothing was
 * read (the answer was computed now).
 */
import type { Context } from "../../core/context.ts";

/** The newest request of `provider` in this call: its time, null when undated; else now. */
export function answeredAt(ctx: Context, provider = "market_a"): string | null {
  const reads = ctx.requested().filter((r) => r.provider === provider);
  return reads.length ? reads[reads.length - 1].retrieved_at : ctx.clock.now().toISOString();
}
