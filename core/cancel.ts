/**
 * Cancellation that reaches into long loops. The runner starts every command inside a call scope
 * that carries its AbortSignal and its deadline; parsing, OCR, table detection and backtests call
 * `checkpoint()` inside their loops. A synchronous loop never lets the runner's timer fire, so the
 * deadline is compared with the clock as well: the work stops at the limit instead of running on
 * after the caller has been answered.
 */
import { FinanceError } from "./errors.ts";

/** What a call scope carries (core/call_scope.ts starts them). */
export interface CallScope {
  signal: AbortSignal;
  /** performance.now() after which the call is over; Infinity without a limit. */
  deadline: number;
  timeoutMs?: number;
  name: string;
}

/**
 * The current call's scope. Scopes live in core/call_scope.ts, whose AsyncLocalStorage loads
 * Deno's Node layer (several ms of a cold start); it installs its reader when it loads, and
 * before that no scope can exist.
 */
let currentScope: () => CallScope | undefined = () => undefined;

/** Installed once by core/call_scope.ts. */
export function readScopesWith(reader: () => CallScope | undefined): void {
  currentScope = reader;
}

/**
 * The error of a call stopped at its time limit: which limit, what sets it, and what to try, so
 * a caller does not simply repeat the same call into the same wall.
 */
export function timeLimitMessage(name: string, timeoutMs: number | undefined): string {
  const limit = timeoutMs === undefined ? "its time limit" : `${timeoutMs} ms`;
  return `${name} did not finish within ${limit} and was stopped: the limit is the caller's ` +
    `time limit (on \`finance serve\` and \`finance mcp\`, FINANCE_REQUEST_TIMEOUT_MS; ` +
    `default 120000); try a narrower call (fewer symbols, a shorter date range, one filing, ` +
    `section or page range) or raise the limit`;
}

/** Thrown by `checkpoint()` once the call was stopped. */
export class StoppedError extends FinanceError {
  constructor(name: string, why: string) {
    super(`${name} was stopped: ${why}`);
    this.name = "StoppedError";
  }
}

/**
 * Throws StoppedError when the current call was aborted or is past its deadline; does nothing
 * outside a call. Cheap enough for every few hundred iterations of a loop.
 */
export function checkpoint(signal?: AbortSignal): void {
  if (signal?.aborted) throw new StoppedError("the call", "it was cancelled");
  const scope = currentScope();
  if (!scope) return;
  if (scope.signal.aborted) throw new StoppedError(scope.name, "it was cancelled or timed out");
  if (performance.now() > scope.deadline) {
    throw new FinanceError(timeLimitMessage(scope.name, scope.timeoutMs));
  }
}

/** The current call's signal, for work that takes one (subprocesses, fetches); or undefined. */
export function callSignal(): AbortSignal | undefined {
  return currentScope()?.signal;
}
