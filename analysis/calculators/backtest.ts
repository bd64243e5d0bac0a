/**
 * The pure backtest commands that only describe the engine. Modules under analysis/calculators/
 * import no npm package, so the CLI can run them from commands/pure.json without loading schemas
 * (adapters/pure.ts).
 */
import {
  customInfo,
  ENGINE,
  listStrategies,
  requireStrategy,
  strategyInfo,
} from "../backtest/catalog.ts";

/** backtest.strategies: the built-in strategies and the custom-module contract. */
export function backtestStrategies() {
  const strategies = listStrategies();
  return {
    engine: { ...ENGINE },
    strategies,
    custom: customInfo(),
    count: strategies.length,
  };
}

/** Arguments of backtest.describe. */
export interface BacktestDescribeArgs {
  strategy: string;
}

/** backtest.describe: one strategy's rule and parameters (or the custom contract). */
export function backtestDescribe(args: BacktestDescribeArgs) {
  const name = args.strategy.toLowerCase();
  const info = name === "custom" ? customInfo() : strategyInfo(requireStrategy(name));
  return { ...info, engine: { ...ENGINE } };
}
