export const DAY_MS = 86_400_000;

/** Midnight UTC of the day of `t`. */
export function startOfDay(t: Date): Date {
  return new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()));
}

/** Monday 00:00 UTC of the launch week containing `t`. */
export function mondayOf(t: Date): Date {
  const day = startOfDay(t);
  const offset = (day.getUTCDay() + 6) % 7; // Monday = 0
  return new Date(day.getTime() - offset * DAY_MS);
}

export function addDays(t: Date, days: number): Date {
  return new Date(t.getTime() + days * DAY_MS);
}

/** YYYY-MM-DD (UTC). */
export function isoDate(t: Date): string {
  return t.toISOString().slice(0, 10);
}

export function isoTime(t: Date): string {
  return t.toISOString();
}

export function minDate(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}

export function maxDate(a: Date, b: Date): Date {
  return a.getTime() >= b.getTime() ? a : b;
}

/** A moment uniformly between `from` and `to` (returns `from` when the range is empty), rounded to the second. */
export function between(from: Date, to: Date, u: number): Date {
  const span = Math.max(0, to.getTime() - from.getTime());
  return new Date(Math.floor((from.getTime() + span * u) / 1000) * 1000);
}
