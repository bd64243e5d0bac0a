/**
 * What both network doors (the HTTP adapter, adapters/http.ts, and MCP, adapters/mcp.ts) share:
 * how an adapter's own failure is told to a caller, which values never leave the process, and
 * the request time limit's setting. Neither door imports the other for these.
 */
import { failure } from "../core/envelope.ts";
import { describeError, hideInternals } from "../core/errors.ts";
import { redactText } from "../core/redact.ts";
import { getDefaultSession, type Session } from "../core/session.ts";

/**
 * A failure of the adapter itself, as a network caller may see it. Its text stays in the log,
 * credentials taken out first as from any envelope (keys in `secrets`, URL passwords, bearer
 * tokens, key parameters): an exception's message may quote an address with its password.
 */
export function internalFailure(err: unknown, secrets: string[] = []) {
  const envelope = failure(redactText(describeError(err), secrets));
  hideInternals(envelope, "the adapter");
  return envelope;
}

/** The values an adapter keeps out of its answers and log: the session's keys and its token. */
export function adapterSecrets(session: Session | undefined, token: string | undefined): string[] {
  let keys: string[] = [];
  try {
    keys = (session ?? getDefaultSession()).secrets();
  } catch { /* no session (a bad setting): patterns still apply */ }
  return token ? [...keys, token] : keys;
}

/** FINANCE_REQUEST_TIMEOUT_MS (default 120 s), or what is wrong with it. */
export function requestTimeout(env: (name: string) => string | undefined): number | string {
  const raw = env("FINANCE_REQUEST_TIMEOUT_MS");
  const ms = Number(raw ?? 120_000);
  return Number.isInteger(ms) && ms > 0
    ? ms
    : `FINANCE_REQUEST_TIMEOUT_MS must be a positive whole number of ms, not \`${raw}\``;
}
