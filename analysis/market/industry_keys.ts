/**
 * Industry pages read by key, with the closest known key named when Yahoo does not know one:
 * Yahoo renames industries ("Software—Application" became software-application; "Banks—Regional"
 * banks-regional), and a 404 alone does not say which key was meant.
 */
import type { Context } from "../../core/context.ts";
import { InputError } from "../../core/errors.ts";
import { closest } from "../../core/suggest.ts";
import type { IndustryData } from "../../providers/market_a/domain.ts";
import { normalizeKey, SECTORS } from "../../providers/market_a/domain.ts";

/** The closest of `keys` to `typed`: by spelling, else by most shared words. */
export function closestIndustryKey(typed: string, keys: string[]): string | null {
  const k = normalizeKey(typed).replace(/&/g, "");
  const near = closest(k, keys);
  if (near) return near;
  const words = k.split("-").filter((w) => w.length > 2);
  let best: string | null = null;
  let bestScore = 0;
  for (const key of keys) {
    const kw = key.split("-");
    const score = words.filter((w) => kw.some((x) => x.startsWith(w) || w.startsWith(x))).length;
    if (score > bestScore) [best, bestScore] = [key, score];
  }
  return best;
}

/** An industry page; an unknown key is an InputError naming the closest key Yahoo lists. */
export async function industryPage(ctx: Context, key: string): Promise<IndustryData> {
  const client = await ctx.provider("market_a");
  try {
    return await client.domain.industry(key);
  } catch (err) {
    if (!(err instanceof InputError) || !/not known to Yahoo/.test(err.message)) throw err;
    // read the sector pages (cached) for the keys Yahoo lists; a page that fails suggests nothing
    const pages = await Promise.all(
      Object.keys(SECTORS).map((s) => client.domain.sector(s).catch(() => null)),
    );
    const known = new Map<string, string>();
    for (const p of pages) {
      for (const i of p?.industries ?? []) if (i.key) known.set(i.key, p!.key);
    }
    const near = closestIndustryKey(key, [...known.keys()]);
    throw new InputError(
      `${err.message}${
        near ? `; did you mean '${near}' (sector ${known.get(near)})?` : ""
      } (industry.keys lists every industry key)`,
    );
  }
}
