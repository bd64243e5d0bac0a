/**
 * Yahoo's sector keys and names as a user may type them: Yahoo's own key or name in any case,
 * or another classification's name (GICS "Financials", "Health Care") that Yahoo spells its own
 * way. Only Yahoo's own spellings are accepted; anything else is an error naming the closest
 * Yahoo key, so a renamed or mistyped sector is never an empty answer or a silent stand-in.
 */
import { InputError } from "../../core/errors.ts";
import { closest } from "../../core/suggest.ts";
import { normalizeKey, SECTORS } from "../../providers/market_a/domain.ts";

/** Names other classifications (GICS, SPDR funds, older Yahoo pages) give Yahoo's sectors. */
export const SECTOR_ALIASES: Record<string, string> = {
  "financials": "financial-services",
  "financial": "financial-services",
  "finance": "financial-services",
  "health-care": "healthcare",
  "materials": "basic-materials",
  "consumer-discretionary": "consumer-cyclical",
  "consumer-staples": "consumer-defensive",
  "information-technology": "technology",
  "tech": "technology",
  "communication": "communication-services",
  "communications": "communication-services",
  "telecommunication-services": "communication-services",
  "telecommunications": "communication-services",
  "realestate": "real-estate",
};

/** The Yahoo key closest to what was typed: an alias's target, else the nearest spelling. */
export function closestSectorKey(typed: string): string | null {
  const k = normalizeKey(typed);
  if (Object.hasOwn(SECTOR_ALIASES, k)) return SECTOR_ALIASES[k];
  const byKey = closest(k, Object.keys(SECTORS));
  if (byKey) return byKey;
  // a word of a key ("services", "defensive") points at that key when only one holds it
  const holders = Object.keys(SECTORS).filter((key) =>
    key.split("-").some((w) => k.split("-").includes(w))
  );
  return holders.length === 1 ? holders[0] : null;
}

/**
 * Yahoo's key for a sector typed as its key or its name (any case, spaces or underscores for
 * hyphens); an unknown one is an InputError naming the closest key.
 */
export function sectorKeyOf(typed: string): string {
  const k = normalizeKey(typed);
  if (Object.hasOwn(SECTORS, k)) return k;
  const near = closestSectorKey(typed);
  const alias = Object.hasOwn(SECTOR_ALIASES, k);
  throw new InputError(
    `unknown sector key '${typed}'${
      near
        ? alias
          ? `; Yahoo calls this sector '${near}' (${
            SECTORS[near]
          }), and its members may differ from the classification that names it '${typed}'`
          : `; did you mean '${near}' (${SECTORS[near]})?`
        : ""
    }; valid keys: ${Object.keys(SECTORS).join(", ")}`,
  );
}

/**
 * Yahoo's display name for a sector value typed in a screener query (`sector="Health Care"`):
 * the screener matches the name exactly, so a name Yahoo does not use would match nothing and
 * return an empty list that looks like an answer.
 */
export function sectorNameOf(typed: string): string {
  const k = normalizeKey(typed);
  if (Object.hasOwn(SECTORS, k)) return SECTORS[k];
  const near = closestSectorKey(typed);
  throw new InputError(
    `query: '${typed}' is not a sector name Yahoo's screener knows${
      near ? `; did you mean "${SECTORS[near]}"?` : ""
    }; sectors: ${Object.values(SECTORS).join(", ")}`,
  );
}

/**
 * What a sector page's industry list does not add up to: the industries' market weights (each
 * a fraction of the sector) should sum to about 1, and their number should match the count the
 * page states. A shortfall means industries are missing from the list (or Yahoo changed how it
 * states weights), so shares read from it are not shares of the whole sector.
 */
export function industryListCaveats(
  sectorKey: string,
  industries: { key: string; market_weight: number | null }[],
  statedCount: number | null,
  droppedNames: string[],
): string[] {
  const out: string[] = [];
  const weights = industries.map((i) => i.market_weight).filter((w): w is number =>
    typeof w === "number"
  );
  if (weights.length) {
    const sum = weights.reduce((a, b) => a + b, 0);
    if (Math.abs(sum - 1) > 0.02) {
      out.push(
        `the market weights of ${sector(sectorKey)}'s ${weights.length} industries sum to ${
          Math.round(sum * 1e4) / 100
        }%, not 100%: ${
          sum < 1 ? "some industries are missing from the list" : "the weights overlap"
        } or Yahoo states them differently, so they are not shares of the whole sector`,
      );
    }
  }
  const noWeight = industries.length - weights.length;
  if (noWeight) {
    out.push(`${noWeight} of ${sector(sectorKey)}'s industries have no market weight`);
  }
  if (statedCount !== null && statedCount !== industries.length) {
    out.push(
      `${sector(sectorKey)}'s page states ${statedCount} industries but lists ${industries.length}${
        droppedNames.length ? ` (left out, having no key: ${droppedNames.join(", ")})` : ""
      }`,
    );
  }
  return out;
}

const sector = (key: string) => SECTORS[key] ?? key;
