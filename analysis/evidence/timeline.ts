/** Dated evidence around a price move: roles by timing only, never by cause. */
import { daysBetween } from "./windows.ts";

export type EvidenceRole = "before_move" | "same_day" | "after_move";

export interface EvidenceItem {
  date: string;
  relative_day: number;
  evidence_role: EvidenceRole;
  source_type: "filing" | "news" | "transcript";
  title: string;
  url: string | null;
  citation: Record<string, string | null>;
  metadata: Record<string, unknown>;
}

/** When in the US trading day (New York time) an item became public. */
export type Session = "pre_market" | "market_hours" | "after_close";

/**
 * Role of an item dated `date` relative to the move date. A move's date is the session whose
 * close ends it, so an item of that day published after the close (`session` after_close) came
 * after the move: it is after_move with relative_day 0, never same_day.
 */
export function roleOf(
  moveDate: string,
  date: string,
  session?: Session | null,
): { relative_day: number; role: EvidenceRole } {
  const d = daysBetween(moveDate, date);
  const role = d < 0
    ? "before_move"
    : d === 0 && session !== "after_close"
    ? "same_day"
    : "after_move";
  return { relative_day: d, role };
}

const NEW_YORK = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/New_York",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * The New York day (YYYY-MM-DD) and session of an instant given with a zone (`Z` or an
 * offset); null for a bare date or a text that is no instant. US sessions run 09:30 to 16:00
 * New York time.
 */
export function newYorkTime(
  iso: string | null | undefined,
): { day: string; session: Session } | null {
  if (!iso || !/T\d{2}:\d{2}.*(?:Z|[+-]\d{2}:?\d{2})$/.test(iso)) return null;
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return null;
  const parts = Object.fromEntries(
    NEW_YORK.formatToParts(new Date(t)).map((p) => [p.type, p.value]),
  );
  const minutes = Number(parts.hour) * 60 + Number(parts.minute);
  const session = minutes < 9 * 60 + 30
    ? "pre_market"
    : minutes < 16 * 60
    ? "market_hours"
    : "after_close";
  return { day: `${parts.year}-${parts.month}-${parts.day}`, session };
}

/** True when `date` (YYYY-MM-DD…) falls in [start, end]. */
export function inRange(date: string | null | undefined, start: string, end: string): boolean {
  if (!date) return false;
  const day = date.slice(0, 10);
  return day >= start && day <= end;
}

/** Sorts by date, then source type, then title (stable for equal keys). */
export function sortTimeline(items: EvidenceItem[]): EvidenceItem[] {
  return [...items].sort((a, b) =>
    a.date.localeCompare(b.date) || a.source_type.localeCompare(b.source_type) ||
    a.title.localeCompare(b.title)
  );
}

const NEW_YORK_OFFSET = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  timeZoneName: "longOffset",
});

/** New York's UTC offset ("-05:00", "-04:00") at an instant. */
function offsetAt(ms: number): string {
  const name = NEW_YORK_OFFSET.formatToParts(new Date(ms)).find((p) => p.type === "timeZoneName");
  return /[+-]\d{2}:\d{2}/.exec(name?.value ?? "")?.[0] ?? "+00:00";
}

/**
 * The first and last second of New York days `start` to `end` (YYYY-MM-DD, both included) as ISO
 * times with New York's offset on each (clocks change at 02:00, so a day's midnight has the
 * offset of 05:00 UTC and its last second that of 12:00 UTC).
 */
export function newYorkDays(start: string, end: string): { from: string; to: string } {
  return {
    from: `${start}T00:00:00${offsetAt(Date.parse(`${start}T05:00:00Z`))}`,
    to: `${end}T23:59:59${offsetAt(Date.parse(`${end}T12:00:00Z`))}`,
  };
}
