/**
 * Bars for a backtest from the market.ohlcv command. Provider failures end the run with the
 * provider's error (never a run on empty data); symbols without bars are named.
 */
import type { Context } from "../../core/context.ts";
import { FinanceError } from "../../core/errors.ts";
import { alignBars, type LoadedPanel, readOhlcvData, shiftDate, warmupDays } from "./data.ts";

export interface LoadRequest {
  symbols: string[];
  startDate: string;
  endDate: string;
  timeframe: string;
  provider: string;
  warmupBars: number;
  dropMissing: boolean;
}

/** Loads, adjusts and aligns bars; adds warm-up history before start_date. */
export async function loadPanel(ctx: Context, req: LoadRequest): Promise<LoadedPanel> {
  if (req.startDate > req.endDate) {
    throw new FinanceError(
      `start_date ${req.startDate} is after end_date ${req.endDate}; swap them`,
    );
  }
  const from = shiftDate(req.startDate, -warmupDays(req.warmupBars, req.timeframe));
  const env = await ctx.call("market.ohlcv", {
    symbols: req.symbols.join(","),
    start_date: from,
    end_date: req.endDate,
    timeframe: req.timeframe,
    // Enough for decades of daily bars: the date range, not the limit, bounds the request.
    limit: 100000,
    provider: req.provider,
  });
  for (const w of env.warnings) ctx.warn(`market.ohlcv: ${w}`);
  if (!env.ok) {
    throw new FinanceError(`price data unavailable, backtest not run: ${env.error}`);
  }
  const loaded = alignBars(
    readOhlcvData(env.data, req.symbols),
    req.symbols,
    req.startDate,
    req.endDate,
  );
  if (loaded.missing.length) {
    const list = loaded.missing.join(", ");
    if (!req.dropMissing) {
      throw new FinanceError(
        `no price bars for ${list} from ${req.startDate} to ${req.endDate} (provider ${req.provider}); ` +
          `check the symbol, or pass drop_missing=true to run without it`,
      );
    }
    ctx.warn(
      `no price bars for ${list}; run continues without ${
        loaded.missing.length > 1 ? "them" : "it"
      } (drop_missing=true)`,
    );
  }
  const have = loaded.panel.start;
  if (have < req.warmupBars) {
    loaded.notes.push(
      `only ${have} warm-up bars exist before ${req.startDate} (the strategy wants ${req.warmupBars}); indicators are not ready on the first bars`,
    );
  }
  for (const n of loaded.notes) ctx.warn(n);
  return loaded;
}
