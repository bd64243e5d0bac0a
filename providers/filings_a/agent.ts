import type { ProviderEnv } from "../../core/provider.ts";

/** User-Agent sent when FINANCE_FILINGS_USER_AGENT is not set. SEC may refuse it (403). */
export const FALLBACK_SEC_AGENT = "finance-research-toolkit/0.1.0 (contact not configured)";

/**
 * SEC asks every client to declare a contact in its User-Agent; without one it answers 403.
 * Warns once per call when the variable is missing.
 */
export function secHeaders(env: ProviderEnv): Record<string, string> {
  const agent = env.env("FINANCE_FILINGS_USER_AGENT");
  // Under replay nothing reaches SEC, so the missing contact is not worth a warning.
  if (!agent && !env.http.replaying) {
    env.warn(
      "filings_a: FINANCE_FILINGS_USER_AGENT is not set; SEC asks for a real contact (e.g. 'Jane Doe jane@example.com') and may answer 403 without one",
    );
  }
  return { "user-agent": agent ?? FALLBACK_SEC_AGENT, accept: "application/json, text/html, */*" };
}
