/**
 * The period of each row of an R page whose columns are no periods: EDGAR draws a statement of
 * shareholders' equity with the equity components as columns ("Total", "Retained earnings") and
 * the periods one after another down the page, each between two balances dated in their labels
 * ("Beginning balances at Sep. 30, 2023" … "Ending balances at Mar. 30, 2024"). A 10-Q gives
 * four such runs (six and three months, this year and last), so "Net income" stands four times
 * with nothing in its row or cells saying which period it is for.
 */
import type { ReportRow } from "./rfile.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `Beginning balances at Sep. 30, 2023` → its date as printed and as days since the epoch. */
function datedBalance(label: string): { text: string; day: number } | null {
  const m = /\bat\s+(([A-Z][a-z]{2})[a-z]*\.?\s+(\d{1,2}),\s+(\d{4}))\s*$/.exec(label);
  const month = m ? MONTHS.indexOf(m[2]) : -1;
  if (!m || month < 0) return null;
  return { text: m[1], day: Date.UTC(Number(m[4]), month, Number(m[3])) / 86_400_000 };
}

/** True when a page's column headings name a period or a date ("3 Months Ended", "Dec. 31, 2024"). */
function columnsArePeriods(columns: string[]): boolean {
  return columns.some((c) => /\b(?:19|20)\d\d\b|\bMonths? Ended\b|\bWeeks? Ended\b/i.test(c));
}

/** Whether a dated balance opens a run, closes one, or (a plain "Balance at …") both. */
function balanceKind(label: string): "opens" | "closes" | "both" {
  if (/\b(?:beginning|opening|start)\b/i.test(label)) return "opens";
  if (/\b(?:ending|closing|end)\b/i.test(label)) return "closes";
  return "both";
}

/**
 * Gives each row of a run of the page's own table (not a note's embedded tables) the period the
 * run spans as the first entry of its context, as EDGAR heads a column: "6 Months Ended Mar. 30,
 * 2024". A run goes from an opening balance to the next closing one of a later date ("Balance at
 * …" closes one run and opens the next); a row after a run's closing balance and before the next
 * run's opening one (a dividends-per-share line) belongs to the run it follows. Returns how many
 * rows were given a period; a page whose columns are periods is left as it is.
 */
export function periodsDownThePage(title: string, columns: string[], rows: ReportRow[]): number {
  if (!columns.length || columnsArePeriods(columns)) return 0;
  const own = rows.filter((r) => r.table === title);
  const dated = own.map((r) => datedBalance(r.label));
  // the runs, as [index of the opening balance, index of the closing one]
  const runs: [number, number][] = [];
  let open = -1;
  for (const [i, d] of dated.entries()) {
    if (!d) continue;
    const kind = balanceKind(own[i].label);
    const opened = open >= 0 ? dated[open]! : null;
    if (kind !== "opens" && opened && opened.day < d.day) runs.push([open, i]);
    if (kind === "closes") open = -1;
    // the shares row of the same balance keeps the run's first opening row
    else if (!(opened && opened.day === d.day)) open = i;
  }
  let given = 0;
  let r = 0;
  for (let i = 0; i < own.length; i++) {
    if (dated[i]) continue;
    while (r + 1 < runs.length && runs[r + 1][0] < i) r++;
    const run = runs[r];
    // inside its run, or after its closing balance (and before the next run opens)
    if (!run || run[0] > i) continue;
    const [from, to] = [dated[run[0]]!, dated[run[1]]!];
    const months = Math.round((to.day - from.day) / 30.44);
    own[i].context = [`${months} Months Ended ${to.text}`, ...own[i].context];
    given++;
  }
  return given;
}
