// Generated from the command schemas by `deno task docs` (adapters/command_map.ts); do not
// edit. A test fails when this file is stale.

/**
 * Every command by name: `args` is what a caller may pass (defaults optional, amounts and
 * rates also as text such as `2.5B` or `8%`), `data` is what a successful envelope carries.
 *
 * @module
 */

/** Command name → its arguments and the `data` of its successful envelope. */
export interface CommandMap {
  /** Show a built-in strategy's parameters, defaults and rules. */
  "backtest.describe": {
    args: {
      /** Strategy name, e.g. sma_cross, momentum_top_n, or custom for the module contract. */
      strategy: string;
    };
    data: {
      name: string;
      summary: string;
      rule: string;
      parameters: Record<string, {
        type: string;
        [key: string]: unknown;
      }>;
      warmup_bars: number;
      engine: {
        name: string;
        version: string;
      };
      [key: string]: unknown;
    };
  };
  /** Score symbols on a factor from real bars and form long/short baskets. */
  "backtest.factor.payload": {
    args: {
      /** Factor to compute: momentum, reversal, volatility, low_volatility. */
      factor_name: string;
      /** Comma-separated tickers forming the universe. */
      symbols: string[] | string;
      /** First rebalance window date, YYYY-MM-DD. */
      start_date: string;
      /** Last date, YYYY-MM-DD. */
      end_date: string;
      /** Bar interval; only 1d, since factor lookbacks are defined in trading days. */
      timeframe?: "1d";
      /** Fraction of symbols in the long basket (0–1]. */
      top_pct?: number;
      /** Fraction of symbols in the short basket (0–1]. */
      bottom_pct?: number;
      /** long_short (default) or long_only. */
      direction?: "long_short" | "long_only";
      /** Rebalance dates: last bar of each month (default), of each week, or every bar. */
      rebalance?: "monthly" | "weekly" | "daily";
      /** market.ohlcv provider (default auto). */
      provider?: string;
      /** Continue without symbols that have no bars (named in warnings) instead of failing. */
      drop_missing?: boolean;
      /** Another name of `start_date` (give one of the two). */
      start?: string;
      /** Another name of `end_date` (give one of the two). */
      end?: string;
    };
    data: {
      run_type: "factor_scores";
      engine: {
        name: string;
        version: string;
      };
      factor: {
        name: string;
        summary: string;
        lookback: number;
      };
      config: {
        symbols: string[];
        start_date: string;
        end_date: string;
        timeframe: string;
        top_pct: number;
        bottom_pct: number;
        direction: "long_short" | "long_only";
        rebalance: string;
        provider: string;
      };
      data: {
        symbols: string[];
        missing_symbols: string[];
        bars: number;
        warmup_bars_loaded: number;
        first_date: string;
        last_date: string;
        sources: Record<string, {
          provider: string | null;
          source: string | null;
          currency: string | null;
          rows: number;
          first_date: string | null;
          last_date: string | null;
          price_adjustment: "total_return" | "splits_only" | "none";
          provider_price_basis: string | null;
          source_urls: string[];
        }>;
      };
      rebalances: {
        date: string;
        scores: Record<string, number | null>;
        long: {
          symbol: string;
          weight: number;
          score: number;
        }[];
        short: {
          symbol: string;
          weight: number;
          score: number;
        }[];
        weights: Record<string, number>;
        gross_exposure: number;
        net_exposure: number;
        unscored: string[];
      }[];
      count: number;
      latest: {
        date: string;
        scores: Record<string, number | null>;
        long: {
          symbol: string;
          weight: number;
          score: number;
        }[];
        short: {
          symbol: string;
          weight: number;
          score: number;
        }[];
        weights: Record<string, number>;
        gross_exposure: number;
        net_exposure: number;
        unscored: string[];
      } | null;
    };
  };
  /** Turn factor scores into long/short basket weights. */
  "backtest.factor.weights": {
    args: {
      /** Label of the factor the scores come from. */
      factor_name: string;
      /** Symbol → score as a JSON object, e.g. {"AAPL":1.2,"MSFT":0.4}; higher = long side. */
      scores: Record<string, unknown> | string;
      /** Fraction of symbols in the long basket (0–1]. */
      top_pct?: number;
      /** Fraction of symbols in the short basket (0–1]. */
      bottom_pct?: number;
      /** long_short (default) or long_only. */
      direction?: "long_short" | "long_only";
      /** Date the scores refer to, echoed in the result. */
      timestamp?: string;
    };
    data: {
      run_type: "factor_weights";
      factor_name: string;
      timestamp: string | null;
      config: {
        top_pct: number;
        bottom_pct: number;
        direction: "long_short" | "long_only";
      };
      long: {
        symbol: string;
        weight: number;
        score: number;
      }[];
      short: {
        symbol: string;
        weight: number;
        score: number;
      }[];
      weights: Record<string, number>;
      gross_exposure: number;
      net_exposure: number;
      symbols: string[];
      skipped: string[];
    };
  };
  /** Backtest a strategy over symbols and dates with costs and no look-ahead. */
  "backtest.run": {
    args: {
      /** Built-in strategy (see backtest.strategies) or custom with strategy_file. */
      strategy: string;
      /** One ticker or a comma-separated list, e.g. AAPL,MSFT. */
      symbols: string[] | string;
      /** First evaluated bar, YYYY-MM-DD (warm-up bars come before). */
      start_date: string;
      /** Last bar included, YYYY-MM-DD. */
      end_date: string;
      /** Strategy parameters as a JSON object; bare key=value arguments that are not run options are added here. Unknown names are an error listing the strategy's parameters. */
      params?: Record<string, unknown> | string;
      /** Path of a .ts/.js strategy module, required with strategy=custom (Python is not supported). */
      strategy_file?: string;
      /** Bar interval passed to market.ohlcv: 1d (default), 1wk, 1mo, 1h… Annualisation follows it (252 bars a year for 1d; 365 when the bars include weekends, as crypto's do). */
      timeframe?: string;
      /** Starting cash, e.g. 100000 or 1M. */
      initial_cash?: number | string;
      /** Proportional fee per order as a fraction of its value (0.001 = 0.1%, the default). */
      fees?: number | string;
      /** Flat fee per order in cash units (default 0). */
      fixed_fees?: number | string;
      /** Price concession per fill: buys pay price × (1 + slippage), sells get price × (1 − slippage). Default 0. */
      slippage?: number | string;
      /** When a signal made on bar t's close is filled: at bar t+1's open (default) or close. */
      fill?: "next_open" | "next_close";
      /** Gross exposure allowed as a multiple of equity. 1 (default) means cash never goes negative. */
      leverage?: number;
      /** market.ohlcv provider for the bars (default auto). */
      provider?: string;
      /** Bars loaded before start_date so indicators are ready on the first day. Default: what the strategy needs (e.g. slow for sma_cross); custom strategies default to 0. */
      warmup_bars?: number;
      /** When a symbol has no bars: false (default) fails naming it; true continues without it and says so in warnings and data.missing_symbols. */
      drop_missing?: boolean;
      /** Write an SVG chart (equity vs benchmark, with drawdown) to this path (over HTTP and MCP: a new file inside FINANCE_DOCUMENT_ROOTS; an existing file is never replaced). */
      plot_path?: string;
      /** Equity curve points returned, evenly thinned (extremes kept); 0 = every bar. */
      max_points?: number;
      /** Most trades, orders and target-weight rows returned (first ones); 0 = all. Counts are exact. */
      max_records?: number;
      /** Time limit for a custom strategy module, in seconds. */
      timeout_s?: number;
      /** Another name of `start_date` (give one of the two). */
      start?: string;
      /** Another name of `end_date` (give one of the two). */
      end?: string;
      [key: string]: unknown;
    };
    data: {
      run_type: "backtest";
      engine: {
        name: string;
        version: string;
      };
      config: {
        strategy: string;
        symbols: string[];
        start_date: string;
        end_date: string;
        params: Record<string, unknown>;
        strategy_file: string | null;
        timeframe: string;
        initial_cash: number;
        fees: number;
        fixed_fees: number;
        slippage: number;
        fill: "next_open" | "next_close";
        leverage: number;
        provider: string;
        signal_timing: string;
        warmup_bars: number;
        price_basis: string;
        benchmark: string;
        isolation: string | null;
        engine: {
          name: string;
          version: string;
        };
      };
      data: {
        symbols: string[];
        missing_symbols: string[];
        bars: number;
        warmup_bars_loaded: number;
        first_date: string;
        last_date: string;
        sources: Record<string, {
          provider: string | null;
          source: string | null;
          currency: string | null;
          rows: number;
          first_date: string | null;
          last_date: string | null;
          price_adjustment: "total_return" | "splits_only" | "none";
          provider_price_basis: string | null;
          source_urls: string[];
        }>;
      };
      metrics: {
        start_value: number;
        end_value: number;
        total_return_pct: number;
        cagr_pct: number | null;
        benchmark_return_pct: number;
        excess_return_pct: number;
        max_drawdown_pct: number;
        max_drawdown_peak_date: string | null;
        max_drawdown_trough_date: string | null;
        max_drawdown_recovery_date: string | null;
        volatility_pct: number | null;
        sharpe_ratio: number | null;
        sortino_ratio: number | null;
        calmar_ratio: number | null;
        omega_ratio: number | null;
        total_trades: number;
        closed_trades: number;
        win_rate_pct: number | null;
        profit_factor: number | null;
        expectancy: number | null;
        exposure_pct: number;
        total_fees_paid: number;
        bars: number;
        periods_per_year: number;
      };
      counts: {
        trades: number;
        orders: number;
        target_rows: number;
        cash_limited_orders: number;
        equity_points: number;
      };
      truncated: {
        trades: boolean;
        orders: boolean;
        target_weights: boolean;
      };
      equity_curve: {
        date: string;
        equity: number;
        benchmark: number;
        drawdown_pct: number;
      }[];
      trades: {
        symbol: string;
        direction: "long" | "short";
        status: "closed" | "open";
        entry_date: string;
        last_entry_date: string;
        entry_fills: number;
        entry_price: number;
        first_exit_date: string | null;
        exit_date: string | null;
        exit_fills: number;
        exit_price: number | null;
        size: number;
        pnl: number;
        return_pct: number;
        fees: number;
        bars_held: number;
      }[];
      orders: {
        date: string;
        symbol: string;
        side: "buy" | "sell";
        size: number;
        price: number;
        value: number;
        fees: number;
        cash_limited: boolean;
      }[];
      target_weights: {
        signal_date: string;
        fill_date: string | null;
        weights: Record<string, number>;
      }[];
      plot_path: string | null;
    };
  };
  /** List the built-in backtest strategies. */
  "backtest.strategies": {
    args: Record<string, never>;
    data: {
      engine: {
        name: string;
        version: string;
      };
      strategies: {
        name: string;
        summary: string;
        rule: string;
        parameters: Record<string, {
          type: string;
          default?: number | string;
          description: string;
          [key: string]: unknown;
        }>;
        warmup_bars: number;
        [key: string]: unknown;
      }[];
      custom: {
        name: "custom";
        contract: Record<string, string>;
        [key: string]: unknown;
      };
      count: number;
    };
  };
  /** Build a validated, self-contained backtest run description. */
  "backtest.strategy.payload": {
    args: {
      /** Built-in strategy (see backtest.strategies) or custom with strategy_file. */
      strategy_id: string;
      /** First evaluated bar, YYYY-MM-DD. */
      start_date: string;
      /** Last bar included, YYYY-MM-DD. */
      end_date: string;
      /** Starting cash, e.g. 100000 or 1M. */
      initial_cash?: number | string;
      /** Strategy parameters as a JSON object; missing ones take the strategy's defaults. */
      parameters?: Record<string, unknown> | string;
      /** Tickers to run on (comma-separated); without them the payload is marked incomplete. */
      symbols?: string[] | string;
      /** Module path, for strategy_id=custom. */
      strategy_file?: string;
      /** Bar interval passed to market.ohlcv: 1d (default), 1wk, 1mo, 1h… Annualisation follows it (252 bars a year for 1d; 365 when the bars include weekends, as crypto's do). */
      timeframe?: string;
      /** Proportional fee per order as a fraction of its value (0.001 = 0.1%, the default). */
      fees?: number | string;
      /** Flat fee per order in cash units (default 0). */
      fixed_fees?: number | string;
      /** Price concession per fill: buys pay price × (1 + slippage), sells get price × (1 − slippage). Default 0. */
      slippage?: number | string;
      /** When a signal made on bar t's close is filled: at bar t+1's open (default) or close. */
      fill?: "next_open" | "next_close";
      /** Gross exposure allowed as a multiple of equity. 1 (default) means cash never goes negative. */
      leverage?: number;
      /** market.ohlcv provider for the bars (default auto). */
      provider?: string;
      /** Bars loaded before start_date so indicators are ready on the first day. Default: what the strategy needs (e.g. slow for sma_cross); custom strategies default to 0. */
      warmup_bars?: number;
      /** When a symbol has no bars: false (default) fails naming it; true continues without it and says so in warnings and data.missing_symbols. */
      drop_missing?: boolean;
      /** Another name of `start_date` (give one of the two). */
      start?: string;
      /** Another name of `end_date` (give one of the two). */
      end?: string;
    };
    data: {
      payload_type: "backtest.run";
      complete: boolean;
      missing: string[];
      strategy: {
        name: string;
        summary: string;
        warmup_bars: number;
      };
      run_args: Record<string, unknown>;
      cli: string;
    };
  };
  /** Grid-search strategy parameters and rank runs by a metric. */
  "backtest.tune": {
    args: {
      /** Built-in strategy to tune (see backtest.strategies). */
      strategy: string;
      /** One ticker or a comma-separated list. */
      symbols: string[] | string;
      /** First evaluated bar, YYYY-MM-DD. */
      start_date: string;
      /** Last bar included, YYYY-MM-DD. */
      end_date: string;
      /** Candidate values per parameter as a JSON object, e.g. {"fast":[5,10,20],"slow":[100,200]}. */
      grid: Record<string, unknown> | string;
      /** Ranking metric: end_value, total_return_pct, cagr_pct, excess_return_pct, max_drawdown_pct, volatility_pct, sharpe_ratio, sortino_ratio, calmar_ratio, omega_ratio, total_trades, win_rate_pct, profit_factor, expectancy, exposure_pct, total_fees_paid. */
      metric?: string;
      /** Most combinations evaluated; a larger grid is refused, not cut. */
      max_runs?: number;
      /** Bar interval passed to market.ohlcv: 1d (default), 1wk, 1mo, 1h… Annualisation follows it (252 bars a year for 1d; 365 when the bars include weekends, as crypto's do). */
      timeframe?: string;
      /** Starting cash, e.g. 100000 or 1M. */
      initial_cash?: number | string;
      /** Proportional fee per order as a fraction of its value (0.001 = 0.1%, the default). */
      fees?: number | string;
      /** Flat fee per order in cash units (default 0). */
      fixed_fees?: number | string;
      /** Price concession per fill: buys pay price × (1 + slippage), sells get price × (1 − slippage). Default 0. */
      slippage?: number | string;
      /** When a signal made on bar t's close is filled: at bar t+1's open (default) or close. */
      fill?: "next_open" | "next_close";
      /** Gross exposure allowed as a multiple of equity. 1 (default) means cash never goes negative. */
      leverage?: number;
      /** market.ohlcv provider for the bars (default auto). */
      provider?: string;
      /** Bars loaded before start_date so indicators are ready on the first day. Default: what the strategy needs (e.g. slow for sma_cross); custom strategies default to 0. */
      warmup_bars?: number;
      /** When a symbol has no bars: false (default) fails naming it; true continues without it and says so in warnings and data.missing_symbols. */
      drop_missing?: boolean;
      /** Leaderboard rows returned (0 = all runs). */
      top?: number;
      /** Another name of `start_date` (give one of the two). */
      start?: string;
      /** Another name of `end_date` (give one of the two). */
      end?: string;
    };
    data: {
      run_type: "tune";
      engine: {
        name: string;
        version: string;
      };
      config: {
        strategy: string;
        symbols: string[];
        start_date: string;
        end_date: string;
        grid: Record<string, unknown>;
        metric: string;
        direction: "higher" | "lower";
        max_runs: number;
        timeframe: string;
        initial_cash: number;
        fees: number;
        fixed_fees: number;
        slippage: number;
        fill: "next_open" | "next_close";
        leverage: number;
        provider: string;
        signal_timing: string;
        warmup_bars: number;
        benchmark: string;
      };
      data: {
        symbols: string[];
        missing_symbols: string[];
        bars: number;
        warmup_bars_loaded: number;
        first_date: string;
        last_date: string;
        sources: Record<string, {
          provider: string | null;
          source: string | null;
          currency: string | null;
          rows: number;
          first_date: string | null;
          last_date: string | null;
          price_adjustment: "total_return" | "splits_only" | "none";
          provider_price_basis: string | null;
          source_urls: string[];
        }>;
      };
      combinations: number;
      runs: number;
      skipped: {
        params: Record<string, unknown>;
        reason: string;
      }[];
      best: {
        rank: number;
        params: Record<string, number | string>;
        score: number | null;
        metrics: {
          start_value: number;
          end_value: number;
          total_return_pct: number;
          cagr_pct: number | null;
          benchmark_return_pct: number;
          excess_return_pct: number;
          max_drawdown_pct: number;
          max_drawdown_peak_date: string | null;
          max_drawdown_trough_date: string | null;
          max_drawdown_recovery_date: string | null;
          volatility_pct: number | null;
          sharpe_ratio: number | null;
          sortino_ratio: number | null;
          calmar_ratio: number | null;
          omega_ratio: number | null;
          total_trades: number;
          closed_trades: number;
          win_rate_pct: number | null;
          profit_factor: number | null;
          expectancy: number | null;
          exposure_pct: number;
          total_fees_paid: number;
          bars: number;
          periods_per_year: number;
        };
      } | null;
      leaderboard: {
        rank: number;
        params: Record<string, number | string>;
        score: number | null;
        metrics: {
          start_value: number;
          end_value: number;
          total_return_pct: number;
          cagr_pct: number | null;
          benchmark_return_pct: number;
          excess_return_pct: number;
          max_drawdown_pct: number;
          max_drawdown_peak_date: string | null;
          max_drawdown_trough_date: string | null;
          max_drawdown_recovery_date: string | null;
          volatility_pct: number | null;
          sharpe_ratio: number | null;
          sortino_ratio: number | null;
          calmar_ratio: number | null;
          omega_ratio: number | null;
          total_trades: number;
          closed_trades: number;
          win_rate_pct: number | null;
          profit_factor: number | null;
          expectancy: number | null;
          exposure_pct: number;
          total_fees_paid: number;
          bars: number;
          periods_per_year: number;
        };
      }[];
    };
  };
  /** Upcoming earnings and dividend dates for a company. */
  "calendar.company": {
    args: {
      /** Ticker as the exchange lists it. */
      symbol: string;
    };
    data: {
      symbol: string;
      earnings_dates: string[];
      earnings_date_is_estimate: boolean | null;
      earnings_status: "reported" | "date_passed" | "upcoming" | "unconfirmed" | null;
      as_of: string;
      earnings_call_times: string[];
      eps_estimate: {
        average: number | null;
        low: number | null;
        high: number | null;
        currency: string | null;
      };
      eps_actual: number | null;
      revenue_estimate: {
        average: number | null;
        low: number | null;
        high: number | null;
        currency: string | null;
      };
      ex_dividend_date: string | null;
      dividend_date: string | null;
      provider: string;
      source: string;
      source_urls: string[];
      retrieved_at: string | null;
    };
  };
  /** Past and upcoming earnings dates with estimates and surprises. */
  "calendar.earnings": {
    args: {
      /** Ticker as the exchange lists it. */
      symbol: string;
      /** Most rows to return (1-100). */
      limit?: number;
    };
    data: {
      symbol: string;
      as_of: string;
      rows: {
        quarter_end: string | null;
        earnings_date: string | null;
        earnings_date_end: string | null;
        status: "reported" | "date_passed" | "upcoming" | "unconfirmed";
        date_is_estimate: boolean | null;
        eps_estimate: number | null;
        eps_actual: number | null;
        eps_difference: number | null;
        surprise_pct: number | null;
        currency: string | null;
      }[];
      count: number;
      provider: string;
      source: string;
      source_urls: string[];
      retrieved_at: string | null;
    };
  };
  /** Recognise text on PDF pages offline (for scanned documents). */
  "document.ocr": {
    args: {
      /** Local file path or http(s) URL of the PDF. */
      source: string;
      /** Characters of recognised text to return (0 = all). */
      max_chars?: number;
      /** Pages to recognise from the start (0 = every page). */
      max_pages?: number;
      /** @deprecated Use `source`. */
      path?: string;
      /** @deprecated Use `source`. */
      url?: string;
    };
    data: {
      source: string;
      url: string | null;
      path: string | null;
      format: "pdf" | "html";
      engine: string;
      page_count: number;
      warnings: string[];
      text: string;
      char_count: number;
      returned_chars: number;
      truncated: boolean;
      pages_read: number;
      mean_confidence: number | null;
      uncertain_figures: {
        page: number;
        text: string;
        confidence: number;
        start_char: number;
        end_char: number;
      }[];
      pages: {
        page: number;
        start_char: number;
        end_char: number;
        char_count: number;
        returned_chars: number;
        truncated: boolean;
        ocr: boolean;
        ocr_confidence: number | null;
        text: string;
      }[];
      provider: "pdf_text_a" | null;
      source_urls: string[];
      retrieved_at: string | null;
    };
  };
  /** Read a PDF or HTML document as text with page offsets. */
  "document.read": {
    args: {
      /** Local file path or http(s) URL of the PDF or HTML document. */
      source: string;
      /** Treat the document as this format instead of detecting it from its first bytes. */
      format?: "pdf" | "html";
      /** Characters of text to return (0 returns the whole text read). */
      max_chars?: number;
      /** PDF pages to read from the start (0 = every page). */
      max_pages?: number;
      /** @deprecated Use `source`. */
      path?: string;
      /** @deprecated Use `source`. */
      url?: string;
    };
    data: {
      source: string;
      url: string | null;
      path: string | null;
      format: "pdf" | "html";
      engine: string;
      page_count: number;
      warnings: string[];
      text: string;
      char_count: number;
      returned_chars: number;
      truncated: boolean;
      pages_read: number;
      pages: {
        page: number;
        start_char: number;
        end_char: number;
        char_count: number;
        returned_chars: number;
        truncated: boolean;
        ocr: boolean;
        ocr_confidence: number | null;
      }[];
      provider: "pdf_text_a" | null;
      source_urls: string[];
      retrieved_at: string | null;
    };
  };
  /** Find a phrase, table text or topics in a document with stable offsets. */
  "document.scan": {
    args: {
      /** Local file path or http(s) URL of the PDF or HTML document. */
      source: string;
      /** Phrase or row of table text to look for. */
      query?: string;
      /** Topic groups (disclosure, risk, financial_reporting, portfolio, guidance) or literal phrases; used when query is absent (neither: all five groups). */
      topics?: string[] | string;
      /** Treat the document as this format instead of detecting it from its first bytes. */
      format?: "pdf" | "html";
      /** fuzzy: the phrase with small differences; all_terms: all its words close together, any order. */
      match?: "fuzzy" | "all_terms";
      /** Lowest score (0-100) a hit needs to be returned. */
      threshold?: number;
      /** Only scan the first N characters of the text (0 = no limit). */
      max_chars?: number;
      /** Only scan the first N PDF pages (0 = every page). */
      max_pages?: number;
      /** Most matches to return, best first. */
      limit?: number;
      /** Context characters around each hit (0 = about 240). */
      window?: number;
      /** Scan only from this offset on. */
      start_char?: number;
      /** Scan only up to this offset. */
      end_char?: number;
      /** @deprecated Use `source`. */
      path?: string;
      /** @deprecated Use `source`. */
      url?: string;
      /** @deprecated Use `topics`. */
      topic?: string[] | string;
    };
    data: {
      source: string;
      url: string | null;
      path: string | null;
      format: "pdf" | "html";
      engine: string;
      page_count: number;
      warnings: string[];
      topics: string[];
      match_mode: "fuzzy" | "all_terms";
      threshold: number;
      start_char: number;
      end_char: number;
      matches: {
        match_id: string;
        start_char: number;
        end_char: number;
        page: number | null;
        score: number;
        method: string;
        topic: string;
        query: string;
        text: string;
        context: string;
        context_start_char: number;
        context_end_char: number;
        source: string;
        url: string | null;
        path: string | null;
      }[];
      count: number;
      total_matches: number;
      pages_scanned: number;
      char_count: number;
      provider: "pdf_text_a" | null;
      source_urls: string[];
      retrieved_at: string | null;
    };
  };
  /** Extract tables from a PDF or HTML document with parsed numbers. */
  "document.tables": {
    args: {
      /** Local file path or http(s) URL of the PDF or HTML document. */
      source: string;
      /** PDF pages to search: 1-end, 2, 1,3-5 or all. */
      pages?: string;
      /** Only search the first N PDF pages (0 = every page), as in the other document commands; applies within pages=. */
      max_pages?: number;
      /** stream: columns from text alignment; lattice: cells from ruling lines (default: both, per page). */
      flavor?: "stream" | "lattice";
      /** Most tables to return. */
      max_tables?: number;
      /** Most rows per table (0 = all rows). */
      max_rows?: number;
      /** @deprecated Use `source`. */
      path?: string;
      /** @deprecated Use `source`. */
      url?: string;
    };
    data: {
      source: string;
      url: string | null;
      path: string | null;
      format: "pdf" | "html";
      engine: string;
      pages: number[];
      flavor: "stream" | "lattice" | "auto";
      tables: {
        table: number;
        page: number;
        bbox: number[] | null;
        flavor: "stream" | "lattice" | "html";
        header: string[];
        rows: string[][];
        values: ((number | null)[])[];
        scale: {
          multiplier: number;
          text: string;
          where: "header" | "above";
        } | null;
        scales: ((number | null)[])[];
        row_scales: (number | null)[];
        offsets: ((number[] | null)[])[] | null;
        shape: number[];
        returned_rows: number;
        truncated: boolean;
      }[];
      count: number;
      total_detected: number;
      warnings: string[];
      provider: "pdf_text_a" | null;
      source_urls: string[];
      retrieved_at: string | null;
    };
  };
  /** Read the text around an offset or a scan match id. */
  "document.window": {
    args: {
      /** Local file path or http(s) URL of the PDF or HTML document. */
      source: string;
      /** Treat the document as this format instead of detecting it from its first bytes. */
      format?: "pdf" | "html";
      /** Offset to open at (ignored when match_id is given). */
      start_char?: number;
      /** A match_id from document.scan, e.g. char_1200_1218. */
      match_id?: string;
      /** Approximate window length in characters (1 to 1,000,000). */
      chars?: number;
      /** around: centred on the offset or match; next: from its end on; previous: up to its start. */
      direction?: "around" | "next" | "previous";
      /** @deprecated Use `source`. */
      path?: string;
      /** @deprecated Use `source`. */
      url?: string;
      /** @deprecated Use `start_char`. */
      start?: number;
    };
    data: {
      source: string;
      url: string | null;
      path: string | null;
      format: "pdf" | "html";
      engine: string;
      page_count: number;
      warnings: string[];
      start_char: number;
      end_char: number;
      match_id: string;
      page: number | null;
      end_page: number | null;
      direction: "around" | "next" | "previous";
      text: string;
      returned_chars: number;
      char_count: number;
      at_start: boolean;
      at_end: boolean;
      next_start_char: number | null;
      previous_end_char: number | null;
      provider: "pdf_text_a" | null;
      source_urls: string[];
      retrieved_at: string | null;
    };
  };
  /** Compare your revenue/EPS assumptions with consensus figures. */
  "estimates.compare": {
    args:
      & {
        /** Ticker the figures belong to (optional; only echoed back). */
        symbol?: string;
        /** Your own figure for revenue (e.g. 2.2B). */
        revenue?: number | string;
        /** Consensus revenue to compare revenue with (e.g. from estimates.consensus). */
        consensus_revenue?: number | string;
        /** Your own figure for earnings per share (e.g. 0.50). */
        eps?: number | string;
        /** Consensus earnings per share to compare eps with (e.g. from estimates.consensus). */
        consensus_eps?: number | string;
        /** Your own figure for EBITDA (e.g. 2.2B). */
        ebitda?: number | string;
        /** Consensus EBITDA to compare ebitda with (e.g. from estimates.consensus). */
        consensus_ebitda?: number | string;
        /** Your own figure for EBIT (e.g. 2.2B). */
        ebit?: number | string;
        /** Consensus EBIT to compare ebit with (e.g. from estimates.consensus). */
        consensus_ebit?: number | string;
        /** Your own figure for net income (e.g. 2.2B). */
        net_income?: number | string;
        /** Consensus net income to compare net_income with (e.g. from estimates.consensus). */
        consensus_net_income?: number | string;
        /** Your own figure for free cash flow (e.g. 2.2B). */
        fcf?: number | string;
        /** Consensus free cash flow to compare fcf with (e.g. from estimates.consensus). */
        consensus_fcf?: number | string;
        /** Your own figure for free cash flow (e.g. 2.2B). */
        free_cash_flow?: number | string;
        /** Consensus free cash flow to compare free_cash_flow with (e.g. from estimates.consensus). */
        consensus_free_cash_flow?: number | string;
        /** Your own figure for operating income (e.g. 2.2B). */
        operating_income?: number | string;
        /** Consensus operating income to compare operating_income with (e.g. from estimates.consensus). */
        consensus_operating_income?: number | string;
        /** Fiscal year the figures are for, e.g. 2027 or FY2027 (echoed back). */
        fiscal_year?: number | string;
        /** Period the figures are for, e.g. annual or Q3 (echoed back). */
        period?: string;
        /** Currency your figures are in, as the provider states it (fundamentals.statement's unit, a profile's financialCurrency, FMP's reportedCurrency): USD, CNY, EUR; GBp for pence. Compared with the other side's, never guessed. */
        currency?: string;
        /** Currency the consensus figures are in, as the provider states it (fundamentals.statement's unit, a profile's financialCurrency, FMP's reportedCurrency): USD, CNY, EUR; GBp for pence. Compared with the other side's, never guessed. */
        consensus_currency?: string;
        /** What your EPS is per: share (an ordinary share) or ads (a depositary share, ADS/ADR, often several ordinary shares). */
        eps_basis?: "share" | "ads";
        /** What the consensus EPS is per: share (an ordinary share) or ads (a depositary share, ADS/ADR, often several ordinary shares). */
        consensus_eps_basis?: "share" | "ads";
      }
      & (
        | { revenue: number | string; consensus_revenue: number | string }
        | { eps: number | string; consensus_eps: number | string }
        | { ebitda: number | string; consensus_ebitda: number | string }
        | { ebit: number | string; consensus_ebit: number | string }
        | { net_income: number | string; consensus_net_income: number | string }
        | { fcf: number | string; consensus_fcf: number | string }
        | { free_cash_flow: number | string; consensus_free_cash_flow: number | string }
        | { operating_income: number | string; consensus_operating_income: number | string }
      );
    data: {
      symbol: string | null;
      fiscal_year: string | null;
      period: string | null;
      currency: string | null;
      consensus_currency: string | null;
      currency_check: "same" | "assumed" | "unchecked";
      eps_basis: "share" | "ads" | null;
      consensus_eps_basis: "share" | "ads" | null;
      comparisons: {
        metric:
          | "revenue"
          | "eps"
          | "ebitda"
          | "ebit"
          | "net_income"
          | "fcf"
          | "free_cash_flow"
          | "operating_income";
        user_value: number;
        consensus_value: number;
        absolute_gap: number;
        percent_gap: number | null;
        percent_gap_pct: number | null;
        direction: "above_consensus" | "below_consensus" | "in_line";
      }[];
      count: number;
      method: string;
    };
  };
  /** Analyst consensus estimates (annual or quarterly). */
  "estimates.consensus": {
    args: {
      /** Ticker as the exchange lists it. */
      symbol: string;
      /** annual or quarter (quarterly accepted). */
      period?: "annual" | "quarter";
      /** Most periods to return (1-100). */
      limit?: number;
      /** Page of results, from 0. */
      page?: number;
    };
    data: {
      symbol: string;
      period: string;
      provider: string;
      estimates: {
        symbol: string;
        date: string;
        period: string;
        fiscal_year: string;
        revenue: {
          avg: number | null;
          low: number | null;
          high: number | null;
        };
        eps: {
          avg: number | null;
          low: number | null;
          high: number | null;
        };
        ebitda: {
          avg: number | null;
          low: number | null;
          high: number | null;
        };
        ebit: {
          avg: number | null;
          low: number | null;
          high: number | null;
        };
        net_income: {
          avg: number | null;
          low: number | null;
          high: number | null;
        };
        sga_expense: {
          avg: number | null;
          low: number | null;
          high: number | null;
        };
        analyst_count: {
          revenue: number | null;
          eps: number | null;
        };
        provider: string;
        source_url: string;
      }[];
      count: number;
      source_urls: string[];
      retrieved_at: string | null;
    };
  };
  /** Every reported value of one XBRL concept over time, first and last reported. */
  "filings.facts": {
    args: {
      /** Ticker of the company, resolved to its CIK through SEC's ticker list, or the company's SEC CIK (320193, CIK0000320193), which also names a filer no longer listed. */
      symbol: string;
      /** XBRL tag (e.g. Revenues, NetIncomeLoss) or friendly name (revenue, net_income, eps_diluted, total_assets, ...). */
      concept: string;
      /** Taxonomy of the tag; default: the first of us-gaap, ifrs-full, dei, srt that has it. */
      taxonomy?: "us-gaap" | "ifrs-full" | "dei" | "srt" | "invest";
      /** Unit as SEC writes it (USD, EUR, USD/shares, shares, pure); default: the statements' currency or its per-share form, whichever the tag is mostly reported in (a count or ratio mostly in shares or pure stays so), else the most used unit; several units are warned. */
      unit?: string;
      /** Keep only values reported on this form, or these forms comma-separated (10-K, 10-Q, 10-K,10-K/A); default all forms. Amendments are separate forms: a kept value a left-out amendment (10-K/A) later corrected is warned. */
      form?: string[] | string;
      /** annual: fiscal-year durations and year-end balances; quarterly: three-month durations (and the 16-week quarter of a 16-12-12-12 or 12-12-12-16-week year, warned) and quarter-end balances (the fourth quarter's is the year-end balance, fiscal_period FY), as reported: quarters the company reports only year to date or within the year are said missing, not derived (filings.history derives them); all: every period including year-to-date. */
      period?: "annual" | "quarterly" | "all";
      /** Point in time: only values filed on or before this date (YYYY-MM-DD). */
      as_of?: string;
    };
    data: {
      symbol: string;
      cik: string;
      company: string;
      concept: string;
      alias: string | null;
      taxonomy: string;
      tags: string[];
      unit: string;
      label: string | null;
      description: string | null;
      period: string;
      as_of: string | null;
      fiscal_year_rule: string | null;
      rows: {
        start: string | null;
        end: string;
        duration_days: number | null;
        period_kind: "annual" | "quarter" | "half" | "nine_months" | "instant" | "other";
        fiscal_year: number | null;
        fiscal_period: string | null;
        frame: string | null;
        tag: string;
        first_reported: {
          value: number;
          accession_no: string;
          form: string;
          filed: string;
          url: string;
          tag?: string;
        };
        last_reported: {
          value: number;
          accession_no: string;
          form: string;
          filed: string;
          url: string;
          tag?: string;
        };
        restated: boolean;
        reports: number;
        last_reported_values: number[] | null;
        first_reported_values: number[] | null;
        split_adjusted: number | null;
      }[];
      count: number;
      restated_count: number;
      source: "sec_companyfacts";
      url: string;
      provider: "filings_a";
      source_urls: string[];
      retrieved_at: string | null;
    };
  };
  /** One XBRL concept across all SEC filers for one calendar period, ranked. */
  "filings.frames": {
    args: {
      /** XBRL tag (e.g. Revenues, Assets, or with its prefix us-gaap:Revenues) or friendly name (revenue, total_assets, ...). */
      concept: string;
      /** Calendar period: CY2023, CY2023Q4, or CY2023Q4I for instants. */
      period: string;
      /** Taxonomy of the tag. */
      taxonomy?: "us-gaap" | "ifrs-full" | "dei" | "srt";
      /** Unit as SEC writes it: USD (default), USD/shares for per-share items (default for EPS names), shares, EUR, ... */
      unit?: string;
      /** How many companies to return. */
      limit?: number;
    };
    data: {
      concept: string;
      alias: string | null;
      taxonomy: string;
      tags: string[];
      unit: string;
      period: string;
      label: string | null;
      companies: number;
      rows: {
        rank: number;
        cik: string;
        company: string;
        location: string | null;
        value: number;
        start: string | null;
        end: string;
        tag: string;
        accession_no: string;
        url: string;
      }[];
      count: number;
      source: "sec_frames";
      urls: string[];
      provider: "filings_a";
      retrieved_at: string | null;
    };
  };
  /** A standardized multi-year income, balance or cash-flow statement from XBRL facts. */
  "filings.history": {
    args: {
      /** Ticker of the company, resolved to its CIK through SEC's ticker list, or the company's SEC CIK (320193, CIK0000320193), which also names a filer no longer listed. */
      symbol: string;
      /** Which statement: income, balance or cashflow. */
      statement?: "income" | "balance" | "cashflow";
      /** annual (fiscal years), quarterly (discrete quarters) or ttm (trailing twelve months as of the latest quarter). */
      period?: "annual" | "quarterly" | "ttm";
      /** How many fiscal years of columns (quarterly: four columns a year); ignored for ttm. */
      years?: number;
      /** latest: values as last reported (restatements applied); first_reported: as originally filed. */
      basis?: "latest" | "first_reported";
      /** Point in time: only values filed on or before this date (YYYY-MM-DD). */
      as_of?: string;
    };
    data: {
      symbol: string;
      cik: string;
      company: string;
      statement: string;
      period: string;
      basis: string;
      as_of: string | null;
      taxonomy: string;
      currency: string;
      fiscal_year_rule: string | null;
      columns: {
        label: string;
        start: string | null;
        end: string;
        fiscal_year: number | null;
        fiscal_period: string | null;
      }[];
      rows: {
        key: string;
        label: string;
        kind: "flow" | "instant" | "per_share" | "shares";
        unit: string;
        level: number;
        total: boolean;
        cells: {
          value: number | null;
          tag: string | null;
          accession_no: string | null;
          form: string | null;
          filed: string | null;
          url: string | null;
          restated: boolean;
          first_reported: number | null;
          restated_from: {
            value: number;
            accession_no: string;
            form: string;
            filed: string;
            url: string;
          } | null;
          derived: string | null;
          sources: {
            item: string;
            period: string;
            start: string | null;
            end: string;
            value: number;
            tag: string | null;
            accession_no: string | null;
            form: string | null;
            filed: string | null;
            url: string | null;
            derived: string | null;
            sources: {
              item: string;
              period: string;
              start: string | null;
              end: string;
              value: number;
              tag: string | null;
              accession_no: string | null;
              form: string | null;
              filed: string | null;
              url: string | null;
              derived: string | null;
            }[] | null;
          }[] | null;
          note: string | null;
        }[];
      }[];
      missing_items: string[];
      source: "sec_companyfacts";
      url: string;
      provider: "filings_a";
      source_urls: string[];
      retrieved_at: string | null;
    };
  };
  /** Read a narrative section (business, risk factors, MD&A...) of a filing. */
  "filings.read": {
    args: {
      /** Ticker, or SEC CIK (320193) for a delisted filer. Alone, it picks the latest filing of `form`; with accession it says whose filing it is. */
      symbol?: string;
      /** Accession number of the filing (0001045810-24-000029 or its 18 digits); alias accession_no. */
      accession?: string;
      /** URL of any file in the filing's EDGAR archive folder (www.sec.gov/Archives/edgar/data/...). */
      url?: string;
      /** Form picking a bare symbol's latest filing (exact: 10-K, 10-Q, 10-K/A; default 10-K); beside accession/url, that filing's form. */
      form?: string;
      /** Section to read: business, risk_factors, mda, financial_statements or segments (md&a and similar aliases accepted), or the item number as the form numbers it: item 7 is mda in a 10-K, item 2 in a 10-Q, item 5 in a 20-F. With its part ("Part I, Item 2", or the item id filings.sections lists, part_i_item_2) the item is that part's: a 10-Q's Part II Items 1 and 2 (legal proceedings, share sales) are refused by name, never read as Part I's. */
      section?: string;
      /** Most characters of text to return; 0 means the whole section. */
      max_chars?: number;
      /** When the section is incorporated by reference to an exhibit of the filing (EX-13 annual report, a 40-F's EX-99), read the referenced part of that exhibit. */
      follow?: boolean;
      /** Another name of `accession` (give one of the two). */
      accession_no?: string;
    } & ({ symbol: string } | { accession: string } | { accession_no: string } | { url: string });
    data: {
      filing: {
        company: string;
        cik: string;
        form: string;
        filing_date: string;
        period_of_report: string;
        accession_no: string;
        filing_url: string;
        homepage_url: string;
        text_url: string;
      };
      section: {
        key: string;
        title: string;
        edgar_section: string | null;
      };
      form_item: string | null;
      found_as: string | null;
      text: string;
      char_count: number;
      returned_chars: number;
      truncated: boolean;
      start_char: number;
      end_char: number;
      document_url: string;
      cross_reference: string | null;
      incorporated_by_reference: boolean;
      reference: {
        document: string | null;
        exhibit: string | null;
        pages: string | null;
        caption: string | null;
        item: string | null;
      } | null;
      followed: {
        document: string;
        type: string;
        description: string;
        url: string;
        located_by: string;
      } | null;
      source: "filings_lib";
      provider: "filings_a";
      source_urls: string[];
      retrieved_at: string | null;
    };
  };
  /** List a company's recent SEC filings, latest first (10-K, 10-Q, 8-K, 20-F ...). */
  "filings.recent": {
    args: {
      /** Ticker of the company, resolved to its CIK through SEC's ticker list, or the company's SEC CIK (320193, CIK0000320193), which also names a filer no longer listed. */
      symbol: string;
      /** Form types to keep, comma-separated (e.g. 10-K,10-Q,8-K); exact match, case-insensitive (10k is 10-K). Omit for all forms. */
      forms?: string[] | string;
      /** Most filings to return, newest first. */
      limit?: number;
      /** Add an event classification to each row (8-K item codes to named events). */
      classify?: boolean;
      /** Another name of `forms` (give one of the two). */
      form?: string[] | string;
    };
    data: {
      symbol: string;
      company_name: string;
      cik: string;
      filings: {
        form: string;
        accession_no: string;
        filed_at: string;
        report_date: string;
        acceptance_datetime: string;
        acceptance_datetime_eastern: string | null;
        accepted_at_utc: string | null;
        acceptance_clock: "eastern" | "utc" | null;
        items: string[];
        url: string;
        primary_document: string;
        events?: {
          event_type: string;
          title: string;
          importance: number;
          item: string | null;
        }[];
        event_type?: string;
      }[];
      count: number;
      source: "filings_archive";
      provider: "filings_a";
      source_urls: string[];
      retrieved_at: string | null;
    };
  };
  /** Read one financial report page (R file) of a filing as text and structured rows. */
  "filings.report": {
    args: {
      /** Ticker, or SEC CIK (320193) for a delisted filer. Alone, it picks the latest filing of `form`; with accession it says whose filing it is. */
      symbol?: string;
      /** Accession number of the filing (0001045810-24-000029 or its 18 digits); alias accession_no. */
      accession?: string;
      /** URL of any file in the filing's EDGAR archive folder (www.sec.gov/Archives/edgar/data/...). */
      url?: string;
      /** Form picking a bare symbol's latest filing (exact: 10-K, 10-Q, 10-K/A; default 10-K); beside accession/url, that filing's form. */
      form?: string;
      /** The report: its R number as listed by filings.reports (R4, R4.htm or 4), or its short name. */
      report: string | number;
      /** Keep rows whose label, concept, context or cells contain this text, or all of its words. */
      query?: string;
      /** Most rows to return; 0 means all. */
      max_rows?: number;
      /** Most text characters to return; 0 means all. */
      max_chars?: number;
      /** Another name of `accession` (give one of the two). */
      accession_no?: string;
      /** Another name of `report` (give one of the two). */
      name?: string | number;
    } & ({ symbol: string } | { accession: string } | { accession_no: string } | { url: string });
    data: {
      filing: {
        company: string;
        cik: string;
        form: string;
        filing_date: string;
        period_of_report: string;
        accession_no: string;
        filing_url: string;
        homepage_url: string;
        text_url: string;
      };
      report: {
        short_name: string;
        long_name: string;
        category: string;
        file_name: string;
        url: string;
      };
      text: string;
      tables: {
        table: string;
        columns: string[];
        scale: string;
        caption: string | null;
      }[];
      rows: {
        table: string;
        context: string[];
        label: string;
        concept: string | null;
        abstract: boolean;
        values: {
          column: string;
          text: string;
          number: number | null;
          scaled: number | null;
          unit: string | null;
        }[];
      }[];
      row_count: number;
      row_query: string | null;
      rows_truncated: boolean;
      char_count: number;
      returned_chars: number;
      truncated: boolean;
      source: "filings_lib";
      provider: "filings_a";
      source_urls: string[];
      retrieved_at: string | null;
    };
  };
  /** List the financial report pages (statements, notes, details) of a filing. */
  "filings.reports": {
    args: {
      /** Ticker, or SEC CIK (320193) for a delisted filer. Alone, it picks the latest filing of `form`; with accession it says whose filing it is. */
      symbol?: string;
      /** Accession number of the filing (0001045810-24-000029 or its 18 digits); alias accession_no. */
      accession?: string;
      /** URL of any file in the filing's EDGAR archive folder (www.sec.gov/Archives/edgar/data/...). */
      url?: string;
      /** Form picking a bare symbol's latest filing (exact: 10-K, 10-Q, 10-K/A; default 10-K); beside accession/url, that filing's form. */
      form?: string;
      /** Keep reports whose short name, long name or category contains this text (case-insensitive). */
      query?: string;
      /** Another name of `accession` (give one of the two). */
      accession_no?: string;
    } & ({ symbol: string } | { accession: string } | { accession_no: string } | { url: string });
    data: {
      filing: {
        company: string;
        cik: string;
        form: string;
        filing_date: string;
        period_of_report: string;
        accession_no: string;
        filing_url: string;
        homepage_url: string;
        text_url: string;
      };
      reports: {
        short_name: string;
        long_name: string;
        category: string;
        file_name: string;
        url: string;
      }[];
      count: number;
      query: string | null;
      source: "filings_lib";
      provider: "filings_a";
      source_urls: string[];
      retrieved_at: string | null;
    };
  };
  /** Which narrative sections a 10-K, 10-Q, 20-F or 40-F has, and how large they are. */
  "filings.sections": {
    args: {
      /** Ticker, or SEC CIK (320193) for a delisted filer. Alone, it picks the latest filing of `form`; with accession it says whose filing it is. */
      symbol?: string;
      /** Accession number of the filing (0001045810-24-000029 or its 18 digits); alias accession_no. */
      accession?: string;
      /** URL of any file in the filing's EDGAR archive folder (www.sec.gov/Archives/edgar/data/...). */
      url?: string;
      /** Form picking a bare symbol's latest filing (exact: 10-K, 10-Q, 10-K/A; default 10-K); beside accession/url, that filing's form. */
      form?: string;
      /** Another name of `accession` (give one of the two). */
      accession_no?: string;
    } & ({ symbol: string } | { accession: string } | { accession_no: string } | { url: string });
    data: {
      filing: {
        company: string;
        cik: string;
        form: string;
        filing_date: string;
        period_of_report: string;
        accession_no: string;
        filing_url: string;
        homepage_url: string;
        text_url: string;
      };
      supported_sections: {
        key: string;
        title: string;
        edgar_section: string | null;
        form_item: string | null;
        part: string | null;
        available: boolean;
        char_count: number | null;
        found_as: string | null;
        start_char: number | null;
        end_char: number | null;
        method: string | null;
        cross_reference: string | null;
        incorporated_by_reference: boolean;
        reference: {
          document: string | null;
          exhibit: string | null;
          pages: string | null;
          caption: string | null;
          item: string | null;
        } | null;
        referenced: {
          document: string;
          type: string;
          url: string;
          char_count: number;
          located_by: string;
        } | null;
      }[];
      items: {
        id: string;
        part: string;
        item: string;
        title: string;
        found_as: string;
        start_char: number;
        end_char: number;
        char_count: number;
        incorporated_by_reference: boolean;
      }[];
      item_ids: string[];
      document_chars: number;
      source: "filings_lib";
      provider: "filings_a";
      source_urls: string[];
      retrieved_at: string | null;
    };
  };
  /** Income, balance sheet or cash flow statement from a filing's XBRL. */
  "filings.statement": {
    args: {
      /** Ticker, or SEC CIK (320193) for a delisted filer. Alone, it picks the latest filing of `form`; with accession it says whose filing it is. */
      symbol?: string;
      /** Accession number of the filing (0001045810-24-000029 or its 18 digits); alias accession_no. */
      accession?: string;
      /** URL of any file in the filing's EDGAR archive folder (www.sec.gov/Archives/edgar/data/...). */
      url?: string;
      /** Form picking a bare symbol's latest filing (exact: 10-K, 10-Q, 10-K/A; default 10-K); beside accession/url, that filing's form. */
      form?: string;
      /** Statement family: income, balance or cashflow. */
      statement?: "income" | "balance" | "cashflow";
      /** Keep only rows whose concept, label, parent, calculation parent or member holds this text or all its words, tags' words included (per share basic finds EarningsPerShareBasic); any case. */
      query?: string;
      /** Include header (abstract) rows that carry no values. */
      include_abstract?: boolean;
      /** Most rows to return after filtering; 0 means all. */
      max_rows?: number;
      /** Another name of `accession` (give one of the two). */
      accession_no?: string;
    } & ({ symbol: string } | { accession: string } | { accession_no: string } | { url: string });
    data: {
      filing: {
        company: string;
        cik: string;
        form: string;
        filing_date: string;
        period_of_report: string;
        accession_no: string;
        filing_url: string;
        homepage_url: string;
        text_url: string;
      };
      statement: string;
      role: string;
      role_definition: string;
      periods: string[];
      rows: {
        concept: string;
        label: string;
        level: number;
        abstract: boolean;
        balance: string | null;
        parent: string | null;
        calculation_parent: string | null;
        axis: string | null;
        member: string | null;
        dimensions?: {
          axis: string;
          member: string;
        }[];
        values: Record<string, {
          raw: number | null;
          reported: number | null;
          unit: string | null;
          decimals: number | null;
          period_type: "instant" | "duration";
          preferred_sign: number;
        }>;
      }[];
      count: number;
      truncated: boolean;
      instance_file: string;
      xbrl_files: string[];
      source: "filings_lib";
      provider: "filings_a";
      source_urls: string[];
      retrieved_at: string | null;
    };
  };
  /** EBIT plus D&A plus add-backs. */
  "formula.adjusted_ebitda": {
    args: {
      /** Operating profit (EBIT) for the period. */
      ebit: number | string;
      /** Depreciation and amortization for the same period. */
      d_and_a: number | string;
      /** Adjustments to add, as a JSON array or comma-separated amounts ([284,163] or 1.2M,-50K); none by default. */
      addbacks?: (number | string)[] | string;
    };
    data: {
      adjusted_ebitda: number;
      ebitda: number;
      addbacks_total: number;
      inputs: {
        ebit: number;
        d_and_a: number;
        addbacks: number[];
      };
      method: string;
    };
  };
  /** Compound annual growth rate between two values. */
  "formula.cagr": {
    args: {
      /** Value at the beginning (must be above 0), e.g. revenue 3 years ago. */
      start: number | string;
      /** Value at the end (0 or more). */
      end: number | string;
      /** Number of periods between start and end, e.g. 3 years; may be fractional. */
      periods: number | string;
    };
    data: {
      cagr: number;
      cagr_pct: number;
      inputs: {
        start: number;
        end: number;
        periods: number;
      };
      method: string;
    };
  };
  /** Cost of equity by the capital asset pricing model. */
  "formula.capm": {
    args: {
      /** Risk-free rate, e.g. a 10-year Treasury yield: 4.6% or 0.046. */
      risk_free: number | string;
      /** Equity beta against the market (a plain number such as 0.79). */
      beta: number | string;
      /** Expected market return: 11% or 0.11. */
      market_return: number | string;
    };
    data: {
      cost_of_equity: number;
      market_risk_premium: number;
      inputs: {
        risk_free: number;
        beta: number;
        market_return: number;
      };
      method: string;
    };
  };
  /** Days outstanding from an average balance (DSO, DIO, DPO). */
  "formula.days": {
    args: {
      /** Balance at the end of the period (e.g. receivables this year). */
      current: number | string;
      /** Balance at the start of the period (e.g. receivables last year). */
      prior: number | string;
      /** The period's flow the balance is measured against (revenue or cost of revenue). */
      denominator: number | string;
      /** Days in the period: 365 for a year (default), about 91 for a quarter. */
      days?: number | string;
    };
    data: {
      days: number | null;
      average_balance: number;
      inputs: {
        current: number;
        prior: number;
        denominator: number;
        days: number;
      };
      method: string;
    };
  };
  /** EBITDA from EBIT and depreciation & amortization. */
  "formula.ebitda": {
    args: {
      /** Operating profit (EBIT) for the period; accepts 9285, 9,285 or 9.3B. */
      ebit: number | string;
      /** Depreciation and amortization for the same period, usually from the cash-flow statement. */
      d_and_a: number | string;
    };
    data: {
      ebitda: number;
      inputs: {
        ebit: number;
        d_and_a: number;
      };
      method: string;
    };
  };
  /** Enterprise value from equity value, debt and excess cash. */
  "formula.enterprise_value": {
    args: {
      /** Market value of equity (market capitalization). */
      market_equity: number | string;
      /** Interest-bearing debt to add; left out it counts as 0 with a warning (pass 0 for none). */
      debt?: number | string;
      /** Cash, equivalents and short-term investments; left out it counts as 0 with a warning (pass 0 for none). */
      cash?: number | string;
      /** Part of the cash needed to run the business, kept out of excess cash (default 0). */
      operating_cash?: number | string;
    };
    data: {
      enterprise_value: number;
      excess_cash: number;
      inputs: {
        market_equity: number;
        debt: number;
        cash: number;
        operating_cash: number;
      };
      method: string;
    };
  };
  /** Debt-like amount for variable lease costs, scaled from a base lease liability. */
  "formula.lease_equivalent": {
    args: {
      /** Lease liability on the balance sheet (the base to scale). */
      base_liability: number | string;
      /** Variable lease cost for the period (from the lease note). */
      variable_cost: number | string;
      /** Fixed operating lease cost for the same period (from the lease note). */
      operating_cost: number | string;
    };
    data: {
      lease_equivalent: number | null;
      ratio: number | null;
      inputs: {
        base_liability: number;
        variable_cost: number;
        operating_cost: number;
      };
      method: string;
    };
  };
  /** A ratio of two amounts, as a fraction and a percent. */
  "formula.margin": {
    args: {
      /** The part, e.g. operating income; accepts suffixes such as 12B. */
      numerator: number | string;
      /** The whole it is measured against, e.g. revenue. */
      denominator: number | string;
    };
    data: {
      margin: number | null;
      margin_pct: number | null;
      inputs: {
        numerator: number;
        denominator: number;
      };
      method: string;
    };
  };
  /** Debt minus excess cash. */
  "formula.net_debt": {
    args: {
      /** Interest-bearing debt (short- and long-term borrowings). */
      debt: number | string;
      /** Cash, equivalents and short-term investments. */
      cash: number | string;
      /** Cash needed for operations, not netted against debt (default 0; see formula.operating_cash). */
      operating_cash?: number | string;
    };
    data: {
      net_debt: number;
      excess_cash: number;
      inputs: {
        debt: number;
        cash: number;
        operating_cash: number;
      };
      method: string;
    };
  };
  /** Operating cash as a share of revenue, capped by cash held. */
  "formula.operating_cash": {
    args: {
      /** Revenue for the period; accepts 254453 or 2.5B. */
      revenue: number | string;
      /** Cash, equivalents and short-term investments held, which cap the result. */
      cash_like_assets: number | string;
      /** Share of revenue treated as operating cash: 2% or 0.02 (default 2%). */
      percent_revenue?: number | string;
    };
    data: {
      operating_cash: number;
      revenue_cap: number;
      cash_like_assets: number;
      capped_by: "revenue_share" | "cash_like_assets";
      inputs: {
        revenue: number;
        cash_like_assets: number;
        percent_revenue: number;
      };
      method: string;
    };
  };
  /** Current assets without cash-like assets, plus operating cash. */
  "formula.operating_current_assets": {
    args: {
      /** Total current assets from the balance sheet. */
      current_assets: number | string;
      /** Cash, equivalents and short-term investments to take out (default 0). */
      cash_like_assets?: number | string;
      /** Cash needed for operations to put back in (default 0; see formula.operating_cash). */
      operating_cash?: number | string;
    };
    data: {
      operating_current_assets: number;
      inputs: {
        current_assets: number;
        cash_like_assets: number;
        operating_cash: number;
      };
      method: string;
    };
  };
  /** Current liabilities without interest-bearing debt. */
  "formula.operating_current_liabilities": {
    args: {
      /** Total current liabilities from the balance sheet. */
      current_liabilities: number | string;
      /** Short-term borrowings and current portion of long-term debt to remove (default 0). */
      interest_bearing_current_debt?: number | string;
    };
    data: {
      operating_current_liabilities: number;
      inputs: {
        current_liabilities: number;
        interest_bearing_current_debt: number;
      };
      method: string;
    };
  };
  /** Return on invested capital. */
  "formula.roic": {
    args: {
      /** Net operating profit after tax for the period. */
      nopat: number | string;
      /** Capital invested in operations (average or period-end, as you choose). */
      invested_capital: number | string;
    };
    data: {
      roic: number | null;
      roic_pct: number | null;
      inputs: {
        nopat: number;
        invested_capital: number;
      };
      method: string;
    };
  };
  /** Turnover of an average balance (e.g. inventory or asset turnover). */
  "formula.turnover": {
    args: {
      /** The period's flow, e.g. cost of revenue or revenue. */
      numerator: number | string;
      /** Balance at the end of the period. */
      current: number | string;
      /** Balance at the start of the period. */
      prior: number | string;
    };
    data: {
      turnover: number | null;
      average_balance: number;
      inputs: {
        numerator: number;
        current: number;
        prior: number;
      };
      method: string;
    };
  };
  /** Weighted average cost of capital (pre- or after-tax debt). */
  "formula.wacc": {
    args: {
      /** Market value of equity (market capitalization), e.g. 418.9B. */
      equity_value: number | string;
      /** Value of interest-bearing debt, e.g. 11.4B. */
      debt_value: number | string;
      /** Required return on equity: 9.66% or 0.0966 (see formula.capm). */
      cost_of_equity: number | string;
      /** Pre-tax interest cost of the debt: 6% or 0.06. */
      cost_of_debt: number | string;
      /** Marginal tax rate for the debt tax shield, between 0% and 100% (default 0, said in a warning when there is debt and debt_tax=after_tax). */
      tax_rate?: number | string;
      /** after_tax (default) applies the shield Rd × (1 − tax_rate); pretax uses cost_of_debt as given. */
      debt_tax?: "pretax" | "after_tax";
    };
    data: {
      wacc: number;
      wacc_pct: number;
      weights: {
        equity: number;
        debt: number;
      };
      cost_of_debt_used: number;
      inputs: {
        equity_value: number;
        debt_value: number;
        cost_of_equity: number;
        cost_of_debt: number;
        tax_rate: number;
        debt_tax: "pretax" | "after_tax";
      };
      method: string;
    };
  };
  /** Operating working capital. */
  "formula.working_capital": {
    args: {
      /** Current assets excluding excess cash (from formula.operating_current_assets). */
      operating_current_assets: number | string;
      /** Current liabilities excluding interest-bearing debt (from formula.operating_current_liabilities). */
      operating_current_liabilities: number | string;
    };
    data: {
      working_capital: number;
      inputs: {
        operating_current_assets: number;
        operating_current_liabilities: number;
      };
      method: string;
    };
  };
  /** Financial statement line items per period from the market provider. */
  "fundamentals.statement": {
    args: {
      /** Ticker as the exchange lists it. */
      symbol: string;
      /** income, balance (balance sheet) or cashflow. */
      statement?: "income" | "balance" | "cashflow";
      /** annual or quarterly (quarter and q accepted). */
      period?: "annual" | "quarterly";
    };
    data: {
      symbol: string;
      statement: string;
      period: string;
      periods: string[];
      period_types: Record<string, string>;
      rows: {
        field: string;
        key: string;
        unit: string | null;
        units?: Record<string, string>;
        values: Record<string, number | null>;
      }[];
      count: number;
      provider: string;
      source: string;
      source_urls: string[];
      retrieved_at: string | null;
    };
  };
  /** List industry keys, optionally within a sector. */
  "industry.keys": {
    args: {
      /** Sector key or name (technology or Technology). */
      sector?: string;
    };
    data: {
      industries: {
        key: string;
        name: string;
        sector_key: string;
        sector_name: string;
      }[];
      count: number;
      provider: string;
      source: string;
      source_urls: string[];
      retrieved_at: string | null;
    };
  };
  /** Overview figures of an industry. */
  "industry.overview": {
    args: {
      /** Industry key from industry.keys, e.g. semiconductors. */
      key: string;
    };
    data: {
      key: string;
      name: string;
      sector_key: string | null;
      sector_name: string | null;
      symbol: string | null;
      overview: {
        companies_count: number | null;
        market_cap: number | null;
        market_weight: number | null;
        employee_count: number | null;
        industries_count: number | null;
        description: string | null;
        message_board_id: string | null;
      };
      performance: {
        day_change_pct: number | null;
        ytd_change_pct: number | null;
        one_year_change_pct: number | null;
        three_year_change_pct: number | null;
        five_year_change_pct: number | null;
      } | null;
      benchmark: {
        name: string | null;
        day_change_pct: number | null;
        ytd_change_pct: number | null;
        one_year_change_pct: number | null;
        three_year_change_pct: number | null;
        five_year_change_pct: number | null;
      } | null;
      provider: string;
      source: string;
      url: string;
      retrieved_at: string | null;
    };
  };
  /** Top companies, growth, performers or research reports of an industry. */
  "industry.table": {
    args: {
      /** Industry key from industry.keys, e.g. semiconductors. */
      key: string;
      /** Which table of the industry page to return. */
      table?:
        | "top_companies"
        | "top_growth_companies"
        | "top_performing_companies"
        | "research_reports";
      /** Most rows to return (1-100; 25 when not given). A limit past the rows Yahoo's page lists is warned. */
      limit?: number;
    };
    data: {
      key: string;
      name: string;
      sector_key: string | null;
      sector_name: string | null;
      table: string;
      rows: Record<string, unknown>[];
      count: number;
      provider: string;
      source: string;
      url: string;
      retrieved_at: string | null;
    };
  };
  /** Investor presentations and press releases from 8-K exhibits and IR pages. */
  "ir.presentations": {
    args: {
      /** Company ticker, e.g. NVDA. */
      symbol: string;
      /** Most documents returned (and most 8-K filings scanned). */
      limit?: number;
      /** Where to look: auto, filings_a (SEC 8-K exhibits), company_ir or all. */
      source?: "auto" | "filings_a" | "company_ir" | "all";
    };
    data: {
      symbol: string;
      presentations: {
        title: string;
        date: string | null;
        url: string;
        kind: string;
        confidence: "high" | "medium" | "low";
        why_matched: string;
        source: "filings_a" | "company_ir";
        provider?: "filings_a" | "company_ir";
        filing_url: string | null;
        accession_no: string | null;
        form: string | null;
        items: string[];
        exhibit: string | null;
        page_url: string | null;
        period: string | null;
        date_source: "filing_date" | "link_text" | "url" | null;
        warnings: string[];
      }[];
      count: number;
      source: string;
      sources_used: string[];
      notes: string[];
      retrieved_at?: string | null;
      source_urls?: string[];
    };
  };
  /** Read an investor-relations PDF or HTML document. */
  "ir.read": {
    args: {
      /** http(s) address of the PDF or HTML document. */
      source: string;
      /** Characters of text to return (0 = all). */
      max_chars?: number;
      /** PDF pages read (0 = as many as max_chars needs), as in document.read. */
      max_pages?: number;
      /** off: text layer only; auto: OCR pages without text; force: OCR every page read. */
      ocr?: "off" | "auto" | "force";
      /** Another name of `source` (give one of the two). */
      url?: string;
    };
    data: {
      source: string;
      url: string;
      format: "pdf" | "html";
      engine: string;
      page_count: number;
      text: string;
      char_count: number;
      returned_chars: number;
      truncated: boolean;
      pages: {
        page: number;
        start_char: number;
        end_char: number;
        char_count: number;
        returned_chars: number;
        truncated: boolean;
        ocr: boolean;
        ocr_confidence: number | null;
      }[];
      ocr: {
        mode: "off" | "auto" | "force";
        pages: number[];
      };
      warnings: string[];
      provider: "filings_a" | "company_ir";
      retrieved_at: string | null;
      source_urls: string[];
    };
  };
  /** Find KPI mentions (ARR, NRR, growth, margins...) with numbers and citations. */
  "kpi.extract": {
    args: {
      /** Company ticker, e.g. SNOW. */
      symbol: string;
      /** Where to look: transcripts (default), filings or both. */
      from?: "transcripts" | "transcript" | "filings" | "filing" | "both";
      /** Comma-separated metric keys (default all): arr, net_new_arr, large_customers, nrr, revenue, revenue_growth, gross_margin, operating_margin, fcf_margin, free_cash_flow, rpo, eps. */
      metrics?: string[] | string;
      /** Most KPI rows returned. */
      limit?: number;
      /** Transcript to read: latest, Q4, Q4 2024 or 2024Q4 (a filing is picked by form= or accession=). */
      quarter?: string;
      /** Filing form read for from=filings or both: 10-K (default) or 10-Q, its latest filing. */
      form?: string;
      /** The filing to read for from=filings or both, by accession number (filings.recent lists them). */
      accession?: string;
      /** A transcript page, local file or file:// URL to read instead of searching. */
      source?: string;
      /** @deprecated Use `source`. */
      url?: string;
    };
    data: {
      symbol: string;
      source: string;
      metrics: string[];
      documents: {
        doc_ref: number;
        kind: "transcript" | "filing_section";
        title: string | null;
        period: string | null;
        published_at: string | null;
        url: string | null;
        accession_no: string | null;
        section: string | null;
        source: string;
        provider?: string | null;
        retrieved_at?: string | null;
      }[];
      kpis: {
        metric: string;
        label: string;
        qualifier: string | null;
        value: {
          raw: string;
          number: number;
          unit: string;
          high?: number;
          bound?: "at_least" | "at_most";
        };
        period: string | null;
        comparison: "yoy" | "qoq" | null;
        forward_looking: boolean;
        note: string | null;
        sentence: string;
        start_char: number;
        end_char: number;
        value_start_char?: number;
        value_end_char?: number;
        matched_term: string;
        confidence: "high" | "medium" | "low";
        doc_ref: number;
        url: string | null;
        accession_no: string | null;
        section: string | null;
        speaker: string | null;
        part: string | null;
      }[];
      count: number;
      total_count: number;
      truncated: boolean;
      missing_metrics: string[];
    };
  };
  /** Line up KPI mentions across a company's recent transcripts or filings. */
  "kpi.history": {
    args: {
      /** Company ticker, e.g. SNOW. */
      symbol: string;
      /** Documents to compare: transcripts or filings (10-Q and 10-K). */
      from?: "transcripts" | "filings";
      /** Comma-separated metric keys (default all). */
      metrics?: string[] | string;
      /** How many recent documents to read. */
      limit?: number;
      /** Most KPI rows kept per document. */
      per_document_limit?: number;
      /** Another name of `from` (give one of the two). */
      source?: "transcripts" | "filings";
    };
    data: {
      symbol: string;
      source: string;
      metrics: string[];
      documents: {
        doc_ref: number;
        kind: "transcript" | "filing_section";
        title: string | null;
        period: string | null;
        published_at: string | null;
        url: string | null;
        accession_no: string | null;
        section: string | null;
        source: string;
        provider?: string | null;
        retrieved_at?: string | null;
      }[];
      history: {
        doc_ref: number;
        kpis: {
          metric: string;
          label: string;
          qualifier: string | null;
          value: {
            raw: string;
            number: number;
            unit: string;
            high?: number;
            bound?: "at_least" | "at_most";
          };
          period: string | null;
          comparison: "yoy" | "qoq" | null;
          forward_looking: boolean;
          note: string | null;
          sentence: string;
          start_char: number;
          end_char: number;
          value_start_char?: number;
          value_end_char?: number;
          matched_term: string;
          confidence: "high" | "medium" | "low";
          doc_ref: number;
          url: string | null;
          accession_no: string | null;
          section: string | null;
          speaker: string | null;
          part: string | null;
        }[];
        count: number;
      }[];
      series: {
        metric: string;
        points: {
          period: string | null;
          published_at: string | null;
          qualifier: string | null;
          note: string | null;
          value: {
            raw: string;
            number: number;
            unit: string;
            high?: number;
            bound?: "at_least" | "at_most";
          };
          comparison: "yoy" | "qoq" | null;
          confidence: "high" | "medium" | "low";
          doc_ref: number;
          url: string | null;
          accession_no: string | null;
          sentence: string;
          start_char: number;
          end_char: number;
        }[];
      }[];
      count: number;
    };
  };
  /** Historical price bars for one or more symbols. */
  "market.ohlcv": {
    args: {
      /** Ticker, or several separated by commas (AAPL,MSFT). Any common form: BRK.B or BRK-B, SHEL.L, 0700.HK, ^GSPC, EURUSD=X, GC=F, BTC-USD; each provider's spelling is shown as provider_symbol. */
      symbols: string[] | string;
      /** Bar size: minutes (1m-30m), 1h, 1d, 1wk or 1mo. */
      timeframe?: "1m" | "5m" | "15m" | "30m" | "1h" | "1d" | "1wk" | "1mo";
      /** First date to include (YYYY-MM-DD; for intraday bars a day in the exchange's time zone). Without it the window is sized to hold `limit` bars. */
      start_date?: string;
      /** Last date to include (YYYY-MM-DD; for intraday bars a day in the exchange's time zone); default today (the exchange's today, when it is ahead of UTC). */
      end_date?: string;
      /** Years of bars up to end_date, instead of start_date (years=3: the same date 3 years back). */
      years?: number;
      /** Most recent bars to keep (default 200); with start_date or years, the window's last ones. */
      limit?: number;
      /** auto, market_a (Yahoo), stooq, broker_a (Alpaca) or market_b (Alpha Vantage). */
      provider?: string;
      /** Add each provider attempt (provider, duration_ms, rows, success, error) to the result. */
      include_attempts?: boolean;
      /** Another name of `start_date` (give one of the two). */
      start?: string;
      /** Another name of `end_date` (give one of the two). */
      end?: string;
    };
    data: {
      symbol: string;
      provider_symbol: string;
      timeframe: string;
      provider: string;
      source: string;
      currency: string | null;
      market_currency?: string | null;
      price_basis: string;
      retrieved_at: string | null;
      start_date: string;
      end_date: string;
      rows: {
        date: string;
        open: number | null;
        high: number | null;
        low: number | null;
        close: number | null;
        adj_close: number | null;
        volume: number | null;
      }[];
      count: number;
      splits: {
        date: string;
        ratio: number;
        numerator: number;
        denominator: number;
      }[] | null;
      dividends: {
        date: string;
        amount: number;
      }[] | null;
      capital_gains?: {
        date: string;
        amount: number;
      }[] | null;
      attempts?: {
        provider: string;
        duration_ms: number;
        rows: number;
        success: boolean;
        error: string | null;
      }[];
      source_urls: string[];
    } | {
      timeframe: string;
      symbols: Record<string, {
        symbol: string;
        provider_symbol: string;
        timeframe: string;
        provider: string;
        source: string;
        currency: string | null;
        market_currency?: string | null;
        price_basis: string;
        retrieved_at: string | null;
        start_date: string;
        end_date: string;
        rows: {
          date: string;
          open: number | null;
          high: number | null;
          low: number | null;
          close: number | null;
          adj_close: number | null;
          volume: number | null;
        }[];
        count: number;
        splits: {
          date: string;
          ratio: number;
          numerator: number;
          denominator: number;
        }[] | null;
        dividends: {
          date: string;
          amount: number;
        }[] | null;
        capital_gains?: {
          date: string;
          amount: number;
        }[] | null;
        attempts?: {
          provider: string;
          duration_ms: number;
          rows: number;
          success: boolean;
          error: string | null;
        }[];
        source_urls: string[];
      }>;
      count: number;
      missing?: {
        symbol: string;
        error: string;
      }[];
    };
  };
  /** Latest quote of a symbol with its source and time. */
  "market.quote": {
    args: {
      /** Ticker in any common form (AAPL, BRK.B, SAP.DE, ^GSPC, EURUSD=X, GC=F, BTC-USD). */
      symbol: string;
    };
    data: {
      symbol: string;
      provider_symbol: string;
      company_name: string | null;
      quote_type: string | null;
      exchange: string | null;
      currency: string | null;
      price: number | null;
      change: number | null;
      change_pct: number | null;
      previous_close: number | null;
      open: number | null;
      day_high: number | null;
      day_low: number | null;
      volume: number | null;
      market_cap: number | null;
      market_cap_currency: string | null;
      shares_outstanding: number | null;
      fifty_two_week_high: number | null;
      fifty_two_week_low: number | null;
      market_state: string | null;
      as_of: string | null;
      extended_hours?: {
        session: "pre" | "post";
        price: number;
        change: number | null;
        change_pct: number | null;
        as_of: string;
      };
      provider: string;
      source: string;
      fallback_reason?: string;
      source_urls: string[];
    };
  };
  /** Classify the market regime from index trend, breadth and volatility. */
  "market.regime": {
    args: {
      /** Market to classify; only US is configured. */
      market?: string;
      /** Return lookback: short 20, swing 60, long 120 trading days. */
      timeframe?: "short" | "swing" | "long";
    };
    data: {
      market: string;
      timeframe: string;
      lookback_bars: number;
      regime: "risk_on" | "mixed" | "risk_off" | "bear_trend";
      confidence: number;
      signals: {
        name: string;
        value: string;
        direction: string;
        [key: string]: unknown;
      }[];
      rules: string;
      source: string;
      source_urls: string[];
      as_of: string;
    };
  };
  /** Rank sector ETFs by recent return. */
  "market.sector_heat": {
    args: {
      /** Market to rank; only US is configured. */
      market?: string;
      /** Return window in trading days (bars). */
      lookback_days?: number;
      /** Grouping; sector is the only one. */
      group_by?: "sector";
    };
    data: {
      market: string;
      group_by: string;
      lookback_days: number;
      leaders: {
        name: string;
        symbol: string;
        heat_score: number;
        return_pct: number;
        lookback_bars: number;
        last_close: number;
        currency: string | null;
        last_date: string;
        provider: string;
        source_urls: string[];
      }[];
      laggards: {
        name: string;
        symbol: string;
        heat_score: number;
        return_pct: number;
        lookback_bars: number;
        last_close: number;
        currency: string | null;
        last_date: string;
        provider: string;
        source_urls: string[];
      }[];
      all: {
        name: string;
        symbol: string;
        heat_score: number;
        return_pct: number;
        lookback_bars: number;
        last_close: number;
        currency: string | null;
        last_date: string;
        provider: string;
        source_urls: string[];
      }[];
      count: number;
      source: string;
      source_urls: string[];
      retrieved_at: string | null;
    };
  };
  /** Whether the exchange is open, with its hours. */
  "market.status": {
    args: {
      /** Two-letter region code (US, GB, DE, JP, ...). */
      market?: string;
    };
    data: {
      market: string;
      exchange: string | null;
      state: string | null;
      message: string | null;
      open: string | null;
      close: string | null;
      timezone: string | null;
      local_date: string | null;
      local_time: string | null;
      weekday: string | null;
      closed_reason: "weekend" | "holiday" | "outside_hours" | null;
      session_open_local: string | null;
      session_close_local: string | null;
      session_hours: number | null;
      regular_session_hours: number | null;
      early_close: boolean | null;
      lunch_break_local: string | null;
      in_lunch_break: boolean | null;
      as_of: string | null;
      provider: string;
      source: string;
      source_urls: string[];
    };
  };
  /** News volume, tone, context snippets or places over time (GDELT). */
  "news.analyze": {
    args: {
      /** What to compute: timeline, tone, context, geo or doc (raw DOC mode). */
      analysis?: "timeline" | "tone" | "context" | "geo" | "doc";
      /** GDELT query text, e.g. "rate cut" or (chip OR semiconductor), at most 1,000 characters. Give one of query, symbol or sector. */
      query?: string;
      /** Company ticker, searched by the company's name from SEC's ticker list. A name that is a common word (Target, Visa) is searched beside its legal form, its ticker or a word such as shares or stock, with a warning (Apple, mostly meant as the company, as it is). */
      symbol?: string;
      /** Sector: technology, finance, energy, healthcare or politics expand to a keyword set; other text is searched as given. */
      sector?: string;
      /** Source language filter added as sourcelang:<language>: the language's English name (english, spanish), its three-letter code (spa) or its two-letter code (es); `any` searches every language. */
      language?: string;
      /** Records to ask for; clamped to what the API accepts (DOC 250, Context 200, GEO 1000). */
      max_records?: number;
      /** Look back from now: 24H, 7D, 1W, 1M or 15min (GDELT's minimum); 15m is refused (minutes or months?). Article lists reach back 3 months at most (longer is cut, with a warning). Ignored, with a warning, beside a date. */
      timespan?: string;
      /** One whole UTC day, YYYY-MM-DD. */
      date?: string;
      /** Start day (UTC), YYYY-MM-DD; without an end the window runs to now (said in a warning). */
      start_date?: string;
      /** End day (UTC, inclusive), YYYY-MM-DD; needs a start (start_date or start_datetime). */
      end_date?: string;
      /** Start time: YYYYMMDDHHMMSS (UTC) or ISO 8601 with an offset, which is converted to UTC; without an end the window runs to now. */
      start_datetime?: string;
      /** End time: YYYYMMDDHHMMSS (UTC) or ISO 8601 with an offset, which is converted to UTC; needs a start. */
      end_datetime?: string;
      /** GDELT mode: a DOC mode such as timelinevolraw, timelinetone, tonechart, timelinesourcecountry (timeline, tone, doc), or a GEO mode such as PointData or PointHeatmap (geo). */
      mode?: string;
      /** @deprecated Use `analysis`. */
      type?: "timeline" | "tone" | "context" | "geo" | "doc";
      /** Another name of `start_date` (give one of the two). */
      start?: string;
      /** Another name of `end_date` (give one of the two). */
      end?: string;
    } & ({ query: string } | { symbol: string } | { sector: string });
    data: {
      analysis: string;
      scope: {
        type: "query" | "symbol" | "sector";
        value: string;
        company_name?: string | null;
      };
      query: string;
      mode: string;
      series: {
        series: string;
        unit: string | null;
        data: {
          date: string | null;
          value: number | null;
          norm?: number | null;
        }[];
      }[];
      bins: {
        bin: number | null;
        count: number | null;
      }[];
      points: Record<string, unknown>[];
      articles: {
        url: string;
        [key: string]: unknown;
      }[];
      count: number;
      article_total: number | null;
      payload: unknown;
      request_url: string;
      provider: "news";
      source_urls: string[];
      retrieved_at: string | null;
      source: "gdelt_doc" | "gdelt_context" | "gdelt_geo";
    };
  };
  /** Search recent news articles (GDELT). */
  "news.search": {
    args: {
      /** GDELT query text, e.g. "rate cut" or (chip OR semiconductor), at most 1,000 characters. Give one of query, symbol or sector. */
      query?: string;
      /** Company ticker, searched by the company's name from SEC's ticker list. A name that is a common word (Target, Visa) is searched beside its legal form, its ticker or a word such as shares or stock, with a warning (Apple, mostly meant as the company, as it is). */
      symbol?: string;
      /** Sector: technology, finance, energy, healthcare or politics expand to a keyword set; other text is searched as given. */
      sector?: string;
      /** Source language filter added as sourcelang:<language>: the language's English name (english, spanish), its three-letter code (spa) or its two-letter code (es); `any` searches every language. */
      language?: string;
      /** Records to ask for; clamped to what the API accepts (DOC 250, Context 200, GEO 1000). */
      max_records?: number;
      /** Look back from now: 24H, 7D, 1W, 1M or 15min (GDELT's minimum); 15m is refused (minutes or months?). Article lists reach back 3 months at most (longer is cut, with a warning). Ignored, with a warning, beside a date. */
      timespan?: string;
      /** One whole UTC day, YYYY-MM-DD. */
      date?: string;
      /** Start day (UTC), YYYY-MM-DD; without an end the window runs to now (said in a warning). */
      start_date?: string;
      /** End day (UTC, inclusive), YYYY-MM-DD; needs a start (start_date or start_datetime). */
      end_date?: string;
      /** Start time: YYYYMMDDHHMMSS (UTC) or ISO 8601 with an offset, which is converted to UTC; without an end the window runs to now. */
      start_datetime?: string;
      /** End time: YYYYMMDDHHMMSS (UTC) or ISO 8601 with an offset, which is converted to UTC; needs a start. */
      end_datetime?: string;
      /** Another name of `start_date` (give one of the two). */
      start?: string;
      /** Another name of `end_date` (give one of the two). */
      end?: string;
    } & ({ query: string } | { symbol: string } | { sector: string });
    data: {
      scope: {
        type: "query" | "symbol" | "sector";
        value: string;
        company_name?: string | null;
      };
      query: string;
      window: {
        timespan: string | null;
        start: string | null;
        end: string | null;
      };
      articles: {
        url: string;
        title: string | null;
        domain: string | null;
        language: string | null;
        source_country: string | null;
        first_seen_at: string | null;
        published_at: string | null;
        seendate: string | null;
        url_mobile: string | null;
        social_image: string | null;
        company_in_title?: boolean;
        other_company_in_title?: string;
        same_story_as?: string;
      }[];
      count: number;
      merged_duplicates: number;
      same_story_repeats: number;
      request_url: string;
      provider: "news";
      source_urls: string[];
      retrieved_at: string | null;
      source: "gdelt_doc";
    };
  };
  /** Dated filings, news and transcripts around a price move. */
  "price.context": {
    args: {
      /** Ticker whose move is examined, e.g. AAPL. */
      symbol: string;
      /** Move date, YYYY-MM-DD (for a multi-day move, its end date). */
      date: string;
      /** Calendar days searched on each side of the date: 3D, 1W (7 days) or 1M (30 days). */
      lookback?: string;
      /** Most news articles included. */
      news_limit?: number;
      /** Recent filings scanned for dates in the window. */
      filing_limit?: number;
      /** Recent transcripts scanned for dates in the window. */
      transcript_limit?: number;
      /** @deprecated Use `date`. */
      target_date?: string;
    };
    data: {
      symbol: string;
      target_date: string;
      lookback: string;
      lookback_days: number;
      start_date: string;
      end_date: string;
      timeline: {
        date: string;
        relative_day: number;
        evidence_role: "before_move" | "same_day" | "after_move";
        source_type: "filing" | "news" | "transcript";
        title: string;
        url: string | null;
        citation: Record<string, string | null>;
        metadata: Record<string, unknown>;
      }[];
      count: number;
      sources: {
        source: string;
        ok: boolean;
        count: number;
        error: string | null;
        provider: string;
        source_urls: string[];
        retrieved_at: string | null;
      }[];
      notes: string[];
      exchange_clock?: {
        time_zone: string | null;
        market: string | null;
        suffix: string | null;
        regular_session_local: string | null;
        placement: "session" | "local_days" | "new_york_assumed";
      };
    };
  };
  /** Find large price moves with volume and volatility context. */
  "price.moves": {
    args: {
      /** Ticker whose daily bars are scanned, e.g. AAPL. */
      symbol: string;
      /** Length of each close-to-close window in trading sessions: 1d, 3d, 1w (5 sessions) or 1m (21). */
      window?: string;
      /** Years of daily history to scan, up to end_date (default 3 when start_date is not given). */
      years?: number;
      /** First day scanned, YYYY-MM-DD (instead of years). */
      start_date?: string;
      /** Last day scanned, YYYY-MM-DD (default today). */
      end_date?: string;
      /** Smallest absolute move reported: 8% or 8 (percent points), or 0.08 (a fraction). */
      threshold?: string | number;
      /** Largest moves to return. */
      limit?: number;
      /** Market-data provider handed to market.ohlcv (auto tries its usual order). */
      provider?: string;
      /** Another name of `start_date` (give one of the two). */
      start?: string;
      /** Another name of `end_date` (give one of the two). */
      end?: string;
    };
    data: {
      symbol: string;
      currency: string | null;
      window: string;
      trading_window_days: number;
      years: number | null;
      threshold_pct: number;
      start_date: string;
      end_date: string;
      requested: {
        start_date: string;
        end_date: string;
      };
      bars: number;
      moves: {
        symbol: string;
        start_date: string;
        end_date: string;
        window: string;
        trading_days: number;
        start_close: number;
        end_close: number;
        currency: string | null;
        return_pct: number;
        direction: "up" | "down";
        volume: number | null;
        volume_vs_20d: number | null;
        avg_abs_return_20d_pct: number | null;
        move_vs_20d_avg_abs_return: number | null;
        overlapping_windows: number;
        baseline_sessions: number;
        calendar_days: number;
        weekdays_without_bar: number;
        longest_gap_weekdays: number;
        source: string | null;
      }[];
      count: number;
      total_count: number;
      source: string | null;
      provider: string | null;
      source_urls: string[];
      retrieved_at: string | null;
      notes: string[];
    };
  };
  /** A step-by-step command checklist for researching a company. */
  "research.plan": {
    args: {
      /** Ticker of the company to research, e.g. CRWD. */
      symbol: string;
      /** Kind of checklist; only fundamental (the default) exists. */
      style?: "fundamental";
      /** The annual report the company files: 10-K (US filers), 20-F (foreign private issuers), 40-F (some Canadian issuers); the filing steps use it. */
      annual_form?: "10-K" | "20-F" | "40-F";
    };
    data: {
      symbol: string;
      style: "fundamental";
      plan_type: "deterministic_cli_checklist";
      steps: {
        id: string;
        status: "supported" | "partially_supported";
        objective: string;
        commands: string[];
        placeholders: string[];
        missing?: string[];
      }[];
      count: number;
      placeholders: {
        name: string;
        meaning: string;
      }[];
      notes: string[];
    };
  };
  /** List predefined stock screens. */
  "screen.predefined": {
    args: Record<string, never>;
    data: {
      queries: {
        key: string;
        name: string;
        description: string;
      }[];
      count: number;
      provider: string;
      source: string;
    };
  };
  /** Run a predefined screen (top gainers, losers, most active) or a query over the market screener. */
  "screen.run": {
    args: {
      /** A predefined screen id, or clauses like region=us AND intradaymarketcap>10B. */
      query: string;
      /** How many rows to return (1-250). */
      count?: number;
      /** Rows to skip, for paging (at most 10,000: Yahoo pages a screen no further). */
      offset?: number;
      /** Field to sort a query's results by (e.g. intradaymarketcap); default percentchange. */
      sort_field?: string;
      /** Sort ascending instead of descending. */
      sort_asc?: boolean;
    };
    data: {
      query: string;
      kind: "predefined" | "query";
      title: string | null;
      description: string | null;
      quotes: {
        symbol: string;
        name: string | null;
        price: number | null;
        change_pct: number | null;
        market_cap: number | null;
        volume: number | null;
        currency: string | null;
        market_cap_currency: string | null;
        exchange: string | null;
        as_of: string | null;
      }[];
      count: number;
      total: number | null;
      provider: string;
      source: string;
      source_urls: string[];
      retrieved_at: string | null;
    };
  };
  /** Industries within a sector. */
  "sector.industries": {
    args: {
      /** Sector key from sector.keys, e.g. technology. */
      key: string;
    };
    data: {
      key: string;
      name: string;
      industries: {
        key: string;
        name: string;
        symbol: string | null;
        market_weight: number | null;
        ytd_return_pct: number | null;
      }[];
      count: number;
      provider: string;
      source: string;
      source_urls: string[];
      retrieved_at: string | null;
    };
  };
  /** List sector keys. */
  "sector.keys": {
    args: Record<string, never>;
    data: {
      sectors: {
        key: string;
        name: string;
      }[];
      count: number;
      provider: string;
      source: string;
    };
  };
  /** Overview figures of a sector. */
  "sector.overview": {
    args: {
      /** Sector key from sector.keys, e.g. technology. */
      key: string;
    };
    data: {
      key: string;
      name: string;
      symbol: string | null;
      overview: {
        companies_count: number | null;
        market_cap: number | null;
        market_weight: number | null;
        employee_count: number | null;
        industries_count: number | null;
        description: string | null;
        message_board_id: string | null;
      };
      performance: {
        day_change_pct: number | null;
        ytd_change_pct: number | null;
        one_year_change_pct: number | null;
        three_year_change_pct: number | null;
        five_year_change_pct: number | null;
      } | null;
      benchmark: {
        name: string | null;
        day_change_pct: number | null;
        ytd_change_pct: number | null;
        one_year_change_pct: number | null;
        three_year_change_pct: number | null;
        five_year_change_pct: number | null;
      } | null;
      provider: string;
      source: string;
      url: string;
      retrieved_at: string | null;
    };
  };
  /** Top companies, ETFs, funds or research reports of a sector. */
  "sector.table": {
    args: {
      /** Sector key from sector.keys, e.g. technology. */
      key: string;
      /** Which table of the sector page to return. */
      table?: "top_companies" | "top_etfs" | "top_mutual_funds" | "research_reports";
      /** Most rows to return (1-100; 25 when not given). A limit past the rows Yahoo's page lists is warned. */
      limit?: number;
    };
    data: {
      key: string;
      name: string;
      table: string;
      rows: Record<string, unknown>[];
      count: number;
      provider: string;
      source: string;
      url: string;
      retrieved_at: string | null;
    };
  };
  /** List data providers and what each needs. */
  "sources.list": {
    args: Record<string, never>;
    data: {
      sources: {
        name: string;
        label: string;
        aliases: string[];
        capabilities: string[];
        required_env: string[];
        optional_env: string[];
        package: string | null;
        package_installed: boolean;
        notes: string;
      }[];
      count: number;
    };
  };
  /** Show which providers are configured (no network). */
  "sources.status": {
    args: Record<string, never>;
    data: {
      sources: {
        name: string;
        label: string;
        configured: boolean;
        status: "configured" | "missing_config";
        package: string | null;
        package_installed: boolean;
        required_env: {
          name: string;
          present: boolean;
        }[];
        optional_env: {
          name: string;
          present: boolean;
        }[];
        capabilities: string[];
        notes: string;
      }[];
      count: number;
      summary: {
        total: number;
        configured: number;
        ok: number;
        failed: number;
        missing_config: number;
      };
      cache: {
        backend: string;
        shared: {
          backend: string;
          url: string;
          connected: boolean;
          latency_ms: number | null;
          version: string | null;
          error: string | null;
          paused: Record<string, number>;
        } | null;
      };
    };
  };
  /** Probe providers with a live minimal request. */
  "sources.test": {
    args: {
      /** Provider key (market_a, filings_a, …), a real service name such as sec or yahoo, or all. Default: all. */
      source?: string;
      /** Ticker the probes ask about. */
      symbol?: string;
      /** Seconds each probe may take. */
      timeout?: number;
    };
    data: {
      symbol: string;
      results: {
        name: string;
        configured: boolean;
        ok: boolean;
        status: "ok" | "failed" | "missing_config";
        latency_ms: number | null;
        error: string | null;
        required_env: {
          name: string;
          present: boolean;
        }[];
        optional_env: {
          name: string;
          present: boolean;
        }[];
        capabilities: string[];
        source_urls: string[];
        retrieved_at: string | null;
      }[];
      count: number;
      summary: {
        total: number;
        configured: number;
        ok: number;
        failed: number;
        missing_config: number;
      };
    };
  };
  /** Company profile: name, sector, industry, website, CIK. */
  "symbol.profile": {
    args: {
      /** Ticker as the exchange lists it (AAPL, BRK-B, SAP.DE). */
      symbol: string;
    };
    data: {
      symbol: string;
      provider_symbol: string;
      company_name: string | null;
      sector: string | null;
      sector_key: string | null;
      industry: string | null;
      industry_key: string | null;
      website: string | null;
      ir_website: string | null;
      country: string | null;
      city: string | null;
      address: string | null;
      phone: string | null;
      employees: number | null;
      description: string | null;
      cik: string | null;
      provider: string;
      source: string;
      source_urls: string[];
      retrieved_at: string | null;
    };
  };
  /** Price, market cap, valuation and profile of a symbol in one call. */
  "symbol.snapshot": {
    args: {
      /** Ticker in any common form (AAPL, BRK.B, SAP.DE, 0700.HK). */
      symbol: string;
    };
    data: {
      symbol: string;
      provider_symbol: string;
      company_name: string | null;
      sector: string | null;
      sector_key: string | null;
      industry: string | null;
      industry_key: string | null;
      website: string | null;
      ir_website: string | null;
      country: string | null;
      cik: string | null;
      price: number | null;
      change_pct: number | null;
      currency: string | null;
      exchange: string | null;
      market_state: string | null;
      market_cap: number | null;
      enterprise_value: number | null;
      shares_outstanding: number | null;
      total_revenue_ttm: number | null;
      ebitda_ttm: number | null;
      cash: number | null;
      debt: number | null;
      net_debt: number | null;
      financial_currency: string | null;
      figure_currencies: {
        price: string | null;
        market_cap: string | null;
        enterprise_value: string | null;
        total_revenue_ttm: string | null;
        ebitda_ttm: string | null;
        cash: string | null;
        debt: string | null;
        net_debt: string | null;
        per_share: string | null;
      };
      fx: {
        rate: number;
        from: string;
        to: string;
        symbol: string;
        as_of: string | null;
        provider: string;
        source: string;
      } | null;
      valuation: {
        trailing_pe: number | null;
        forward_pe: number | null;
        price_to_sales_ttm: number | null;
        price_to_book: number | null;
        ev_to_revenue: number | null;
        ev_to_ebitda: number | null;
        dividend_yield: number | null;
        beta: number | null;
      };
      fund: {
        net_assets: number | null;
        nav_price: number | null;
        yield: number | null;
        beta_3y: number | null;
        fund_family: string | null;
        legal_type: string | null;
        currency: string | null;
      } | null;
      not_computed: Record<string, string>;
      as_of: string | null;
      retrieved_at: string | null;
      provider: string;
      sources: {
        fields: string;
        source: string;
        urls: string[];
      }[];
    };
  };
  /** Pair analyst questions with management answers from an earnings call. */
  "transcripts.qa": {
    args: {
      /** Ticker to find the transcript for (ignored when source is given). */
      symbol?: string;
      /** Transcript page URL, local file path or file:// URL. */
      source?: string;
      /** Which call when searching by ticker: latest, Q4, Q4 2024 or 2024Q4. */
      quarter?: string;
      /** Most question/answer pairs returned. */
      limit?: number;
      /** Another name of `source` (give one of the two). */
      url?: string;
    } & ({ symbol: string } | { source: string } | { url: string });
    data: {
      symbol: string | null;
      transcript: {
        title: string | null;
        quarter: string | null;
        published_at: string | null;
        url: string;
        source: string;
        provider: string | null;
        retrieved_at: string | null;
      };
      qa_pairs: {
        questioner: string;
        questioner_title: string | null;
        read_out?: boolean;
        question: {
          text: string;
          start_char: number;
          end_char: number;
        }[];
        answers: {
          text: string;
          start_char: number;
          end_char: number;
          speaker: string;
          speaker_title: string | null;
        }[];
      }[];
      count: number;
      total_count: number;
      unanswered_count: number;
      appears_cut?: boolean;
      source: string;
    };
  };
  /** Read an earnings-call transcript split into prepared remarks and Q&A. */
  "transcripts.read": {
    args: {
      /** Ticker to find the transcript for (ignored when source is given). */
      symbol?: string;
      /** Transcript page URL, local file path or file:// URL (HTML, plain text, or a saved EarningsCall/FMP transcript JSON). */
      source?: string;
      /** Which call when searching by ticker: latest, Q4, Q4 2024 or 2024Q4. */
      quarter?: string;
      /** Characters of transcript text returned (0 = all); turns are never cut. */
      max_chars?: number;
      /** Add prepared_remarks and qa_turns with speaker, role and offsets. */
      include_turns?: boolean;
      /** Another name of `source` (give one of the two). */
      url?: string;
    } & ({ symbol: string } | { source: string } | { url: string });
    data: {
      symbol: string | null;
      transcript: {
        title: string | null;
        quarter: string | null;
        published_at: string | null;
        url: string;
        source: string;
        provider: string | null;
        retrieved_at: string | null;
      };
      text: string;
      char_count: number;
      returned_chars: number;
      truncated: boolean;
      summary: string | null;
      speakers: {
        name: string;
        title: string | null;
        company: string | null;
        role: "operator" | "management" | "analyst" | "interpreter" | "unknown";
        turns: number;
      }[];
      prepared_speakers: string[];
      prepared_turn_count: number;
      qa_turn_count: number;
      qa_start_char: number | null;
      qa_marker: string | null;
      qa_rule: "heading" | "operator_first_question" | "qa_phrase" | "first_analyst" | null;
      prepared_remarks?: {
        speaker: string;
        speaker_title: string | null;
        speaker_company: string | null;
        role: "operator" | "management" | "analyst" | "interpreter" | "unknown";
        role_source: string;
        text: string;
        start_char: number;
        end_char: number;
      }[];
      qa_turns?: {
        speaker: string;
        speaker_title: string | null;
        speaker_company: string | null;
        role: "operator" | "management" | "analyst" | "interpreter" | "unknown";
        role_source: string;
        text: string;
        start_char: number;
        end_char: number;
      }[];
      unsplit_turn_count?: number;
      unsplit_turns?: {
        speaker: string;
        speaker_title: string | null;
        speaker_company: string | null;
        role: "operator" | "management" | "analyst" | "interpreter" | "unknown";
        role_source: string;
        text: string;
        start_char: number;
        end_char: number;
      }[];
      appears_cut?: boolean;
      cut_evidence?: string;
      source: string;
    };
  };
  /** Find earnings-call transcript pages for a ticker. */
  "transcripts.search": {
    args: {
      /** Ticker whose transcripts are listed, e.g. NVDA. */
      symbol: string;
      /** Most transcripts to list. */
      limit?: number;
      /** Add the quote pages tried and what each gave (attempts). */
      debug?: boolean;
    };
    data: {
      symbol: string;
      transcripts: {
        symbol: string;
        title: string;
        quarter: string | null;
        published_at: string | null;
        url: string;
        source: "motley_fool";
      }[];
      count: number;
      source: "motley_fool";
      provider: "transcripts_a";
      retrieved_at: string | null;
      source_urls: string[];
      attempts?: {
        url: string;
        ok: boolean;
        found: number;
        error: string | null;
      }[];
    };
  };
  /** Discounted cash flow value with a terminal value. */
  "valuation.dcf": {
    args: {
      /** Forecast free cash flows for years 1 … n, as a JSON array or comma-separated amounts (100M,120M,140M). */
      cashflows: (number | string)[] | string;
      /** Discount rate per year, usually the WACC: 10% or 0.10. */
      discount_rate: number | string;
      /** Perpetual growth after the last year for a Gordon-growth terminal value: 3% or 0.03; must be below discount_rate. */
      terminal_growth?: number | string;
      /** Terminal value as a multiple of the last forecast cash flow, e.g. 15 (instead of terminal_growth). */
      exit_multiple?: number | string;
    };
    data: {
      enterprise_value: number;
      pv_cashflows: number;
      pv_terminal_value: number | null;
      terminal_value: number | null;
      terminal_method: "gordon_growth" | "exit_multiple" | "none";
      terminal_share: number | null;
      discounted_cashflows: {
        t: number;
        cashflow: number;
        discount_factor: number;
        present_value: number;
      }[];
      inputs: {
        cashflows: number[];
        discount_rate: number;
        terminal_growth: number | null;
        exit_multiple: number | null;
      };
      method: string;
    };
  };
  /** Internal rate of return of cash flows. */
  "valuation.irr": {
    args: {
      /** Cash flows in period order starting at t = 0, as a JSON array or comma-separated amounts (-100M,30M,40M,50M). */
      cashflows: (number | string)[] | string;
    };
    data: {
      irr: number | null;
      irr_pct: number | null;
      irr_candidates: number[];
      npv_at_irr: number | null;
      sign_changes: number;
      solver: "brent_bracketed";
      iterations: number;
      inputs: {
        cashflows: number[];
      };
      method: string;
    };
  };
  /** Price-to-sales and EV-to-sales from live market data. */
  "valuation.multiples": {
    args: {
      /** Ticker as the exchange lists it. */
      symbol: string;
    };
    data: {
      symbol: string;
      provider_symbol: string;
      price: number | null;
      currency: string | null;
      market_cap: number | null;
      market_cap_currency: string | null;
      enterprise_value: number | null;
      cash: number | null;
      debt: number | null;
      net_debt: number | null;
      financial_currency: string | null;
      revenue: number | null;
      revenue_currency: string | null;
      revenue_in_market_currency: number | null;
      revenue_period: string | null;
      revenue_period_type: "FY" | "TTM" | null;
      figure_currencies: Record<string, string | null>;
      fx: {
        rate: number;
        from: string;
        to: string;
        symbol: string;
        as_of: string | null;
        provider: string;
        source: string;
      } | null;
      multiples: Record<string, number | null>;
      as_of: string | null;
      sources: string[];
      warnings: string[];
      provider: string;
      retrieved_at: string | null;
      source_urls: string[];
      citations: {
        fields: string;
        provider: string;
        source: string;
        urls: string[];
      }[];
      method: Record<string, string>;
    };
  };
  /** Net present value of cash flows. */
  "valuation.npv": {
    args: {
      /** Cash flows in period order starting at t = 0, as a JSON array or comma-separated amounts (-100M,30M,40M). */
      cashflows: (number | string)[] | string;
      /** Discount rate per period: 10% or 0.10. */
      discount_rate: number | string;
    };
    data: {
      npv: number;
      discounted_cashflows: {
        t: number;
        cashflow: number;
        discount_factor: number;
        present_value: number;
      }[];
      inputs: {
        cashflows: number[];
        discount_rate: number;
      };
      method: string;
    };
  };
  /** Bear/base/bull implied prices from revenue multiples. */
  "valuation.scenario": {
    args: {
      /** Ticker as the exchange lists it. */
      symbol: string;
      /** Revenue to value in whole currency units, e.g. 2.2B or 2200M, not 2200 meaning millions (your assumption or a cited figure). */
      revenue: number | string;
      /** Price-to-sales multiple of the bear case. */
      bear_multiple: number | string;
      /** Price-to-sales multiple of the base case. */
      base_multiple: number | string;
      /** Price-to-sales multiple of the bull case. */
      bull_multiple: number | string;
      /** Shares outstanding; default Yahoo's count. */
      shares?: number | string;
    };
    data: {
      symbol: string;
      currency: string | null;
      current_price: number | null;
      market_cap: number | null;
      market_cap_currency: string | null;
      revenue_currency: string | null;
      shares: number | null;
      shares_source: Record<string, string | null> | null;
      assumptions: {
        revenue: number;
        multiple_basis: string;
      };
      cases: {
        case: string;
        revenue: number;
        multiple: number;
        implied_market_cap: number;
        implied_price: number | null;
        upside_pct: number | null;
      }[];
      as_of: string | null;
      warnings: string[];
      provider: string;
      retrieved_at: string | null;
      source_urls: string[];
      citations: {
        fields: string;
        provider: string;
        source: string;
        urls: string[];
      }[];
      method: Record<string, string>;
    };
  };
  /** Weighted average cost of capital (after-tax debt). */
  "valuation.wacc": {
    args: {
      /** Market value of equity (market capitalization), e.g. 10B. */
      equity_value: number | string;
      /** Value of interest-bearing debt, e.g. 1B. */
      debt_value: number | string;
      /** Required return on equity: 10% or 0.10 (see formula.capm). */
      cost_of_equity: number | string;
      /** Pre-tax interest cost of the debt: 5% or 0.05. */
      cost_of_debt: number | string;
      /** Marginal tax rate for the debt tax shield, between 0% and 100%; when left out 0 is used and a warning says the debt cost is then untaxed. */
      tax_rate?: number | string;
    };
    data: {
      wacc: number;
      wacc_pct: number;
      weights: {
        equity: number;
        debt: number;
      };
      cost_of_debt_after_tax: number;
      inputs: {
        equity_value: number;
        debt_value: number;
        cost_of_equity: number;
        cost_of_debt: number;
        tax_rate: number;
      };
      method: string;
    };
  };
}
