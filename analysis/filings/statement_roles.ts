/**
 * Which role of a filing is the statement asked for: chosen by its definition (never by its URI),
 * the rival roles that name it as well (a combined report's registrants), and the roles that
 * continue it over another page.
 */
import type { StatementKind } from "./statement.ts";

/** A statement role offered by the filing: its URI and its human definition. */
export interface RoleChoice {
  uri: string;
  definition: string;
}

const EXCLUDE = /parenthetical|details?\b|\(tables?\)|policies|narrative/i;
const PATTERNS: Record<StatementKind, [RegExp, number][]> = {
  income: [
    [/statements? of (consolidated )?(operations|income|earnings)(?! and comprehensive)/i, 10],
    // IFRS filers (20-F): "Consolidated Statement of Profit or Loss", "Income Statement"
    [/statements? of (consolidated )?profit (or|and) loss(?! and (other )?comprehensive)/i, 10],
    [/income statements?|statements? of (net )?(loss|income)/i, 9],
    [
      /(operations|income|earnings|profit (or|and) loss) and (other )?comprehensive (income|loss)/i,
      8,
    ],
    [/comprehensive (income|loss)/i, 2],
  ],
  balance: [
    [/balance sheets?/i, 10],
    [/(financial|statements? of) (condition|position)/i, 9],
    // business development companies and funds: "Consolidated Statements of Assets and Liabilities"
    [/statements? of (consolidated )?assets and liabilities/i, 8],
  ],
  cashflow: [[/cash flows?/i, 10]],
};

/** Picks the role of a statement by its definition (menu order breaks ties), never by URI. */
export function chooseRole(kind: StatementKind, roles: RoleChoice[]): RoleChoice | null {
  let best: RoleChoice | null = null;
  let bestScore = 0;
  for (const role of roles) {
    const score = roleScore(kind, role.definition);
    if (score > bestScore) (best = role), (bestScore = score);
  }
  return best;
}

/** How well a role's definition names a statement of `kind` (0: not at all). */
function roleScore(kind: StatementKind, def: string): number {
  if (!/statement/i.test(def) || EXCLUDE.test(def)) return 0;
  if (kind !== "income" && /comprehensive/i.test(def)) return 0;
  if (/equity|stockholders|shareholders/i.test(def) && !/balance/i.test(def)) return 0;
  return Math.max(0, ...PATTERNS[kind].filter(([re]) => re.test(def)).map(([, s]) => s));
}

/**
 * Other roles that name the statement as well as the chosen one: the statements of each
 * registrant of a combined report ("Consolidated Statements of Income - Duke Energy Carolinas"),
 * a parent company's condensed statements. The chosen one is the first in the filing's order.
 * A continuation of the chosen one ("… (Continued)") is no rival: see continuationRoles.
 */
export function rivalRoles(
  kind: StatementKind,
  roles: RoleChoice[],
  chosen: RoleChoice,
): RoleChoice[] {
  const score = roleScore(kind, chosen.definition);
  const more = new Set(continuationRoles(chosen, roles).map((r) => r.uri));
  return roles.filter((r) =>
    r.uri !== chosen.uri && r.definition !== chosen.definition && !more.has(r.uri) &&
    roleScore(kind, r.definition) === score
  );
}

// "(Continued)", ", continued", "- Cont'd", "(Cont.)" wherever it stands in the name (before
// "(Unaudited)" too); never "Discontinued" nor "Contingencies". Bounded runs of spaces only: a
// name of a million spaces reads in linear time
const CONTINUED = /[([]?\s{0,3}\b(?:continued|cont(?:'|’)?d|cont\.)(?![\w'’])/gi;
const isContinued = (definition: string) => definition.search(CONTINUED) >= 0;

/**
 * A role definition without its number, type, "(Continued)" and "(Unaudited)", its words alone:
 * the statement's name ("Cash Flows - Continued" and "Cash Flows (Continued)" alike).
 */
function statementName(definition: string): string {
  return definition.replace(/^\s*\d+\s*-\s*\w+\s*-/, "").replace(CONTINUED, " ")
    .replace(/\bunaudited\b/gi, " ").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

/**
 * The roles that continue the chosen statement, in the filing's order: a statement split over
 * two pages of the filing can be tagged as two roles, "Consolidated Statements of Cash Flows"
 * and "Consolidated Statements of Cash Flows (Continued)" (or "… (Continued) (Unaudited)"); the
 * second holds the rest of its rows (read alone, the statement ended at the page break).
 */
export function continuationRoles(chosen: RoleChoice, roles: RoleChoice[]): RoleChoice[] {
  if (isContinued(chosen.definition)) return [];
  const name = statementName(chosen.definition);
  return roles.filter((r) =>
    r.uri !== chosen.uri && isContinued(r.definition) && statementName(r.definition) === name
  );
}
