/** All code reads time through a Clock, so replayed sessions see the time they were recorded. */
export interface Clock {
  /** The program's "now". */
  now(): Date;
  /** True when now() is fixed (replay or FINANCE_NOW) rather than the wall clock. */
  readonly fixed: boolean;
}

export const systemClock: Clock = { now: () => new Date(), fixed: false };

/** A clock frozen at `at`. */
export function fixedClock(at: Date | string): Clock {
  const time = typeof at === "string" ? new Date(at) : at;
  if (Number.isNaN(time.getTime())) throw new Error(`invalid clock time: ${at}`);
  return { now: () => new Date(time.getTime()), fixed: true };
}

/** `YYYY-MM-DD` of a date in UTC. */
export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}
