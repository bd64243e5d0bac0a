/**
 * What sector and industry commands say of the page Yahoo answered: the page's own key beside
 * the one asked for, so a page answered for another key (a renamed industry, a redirect) is
 * never passed silently as the one asked.
 */
import type { Context } from "../../core/context.ts";
import { normalizeKey } from "../../providers/market_a/domain.ts";

/** Warns when the page's key is not the key requested (both as Yahoo spells keys). */
export function warnOtherKey(
  ctx: Context,
  kind: "sector" | "industry",
  asked: string,
  answered: string,
): void {
  if (normalizeKey(asked) === normalizeKey(answered)) return;
  ctx.warn(
    `Yahoo answered the ${kind} page for '${asked}' with the page of '${answered}': the figures ` +
      `are that ${kind}'s (key shows it); check it is the ${kind} meant`,
  );
}
