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

/** Role of an item dated `date` relative to the move date. */
export function roleOf(
  moveDate: string,
  date: string,
): { relative_day: number; role: EvidenceRole } {
  const d = daysBetween(moveDate, date);
  return { relative_day: d, role: d < 0 ? "before_move" : d === 0 ? "same_day" : "after_move" };
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
