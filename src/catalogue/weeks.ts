/**
 * Launch weeks: Monday 00:00 to Sunday 23:59:59 in the site's time zone. Days are handled as
 * 'YYYY-MM-DD' strings (calendar dates, no time zone); instants only where a query compares timestamps.
 */
import { ValidationError } from '../errors.js';

export interface Week {
  /** Monday, YYYY-MM-DD. */
  start: string;
  /** Sunday, YYYY-MM-DD. */
  end: string;
}

/** A year from 0001 to 9999 (the weeks the service can compute; year 0000 has none). */
const YEAR = '(?:[1-9][0-9]{3}|0[1-9][0-9]{2}|00[1-9][0-9]|000[1-9])';
/** A calendar date YYYY-MM-DD: no February 30th, February 29th only in leap years, no year 0000. */
const CALENDAR_DATE =
  '(?:(?:[0-9]{2}(?:[2468][048]|[13579][26]|0[48])|(?:0[48]|[2468][048]|[13579][26])00)-02-29|' +
  `${YEAR}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8])))`;
/** What a client may give for a week: a relative name (this, next, last) or any date of the week. */
export const WEEK_SPEC = new RegExp(`^(?:this|next|last|${CALENDAR_DATE})$`);

const DAY_MS = 86_400_000;

/** The week a spec names, relative to `now` in `timeZone`; a date is snapped to its Monday. */
export function resolveWeek(spec: string, now: Date, timeZone: string): Week {
  const current = weekOf(todayIn(now, timeZone));
  if (spec === 'this') return current;
  if (spec === 'next') return weekOf(addDays(current.start, 7));
  if (spec === 'last') return weekOf(addDays(current.start, -7));
  const week = weekOf(parseDate(spec, '/week'));
  if (!isSupportedDate(week.start) || !isSupportedDate(week.end)) {
    throw new ValidationError([{ path: '/week', message: 'The week must lie within the years 0001 to 9999' }]);
  }
  return week;
}

/** The week containing a date. */
function weekOf(date: string): Week {
  const start = addDays(date, -((dayOfWeek(date) + 6) % 7));
  return { start, end: addDays(start, 6) };
}

/** The calendar date of the UTC minute asked last, by time zone (pages ask for it on every request). */
const days = new Map<string, { minute: number; date: string }>();

/**
 * The calendar date at `now` in `timeZone`. It is the same through a UTC minute (zones have kept their offsets and
 * changes to whole minutes since 1972), so each zone's last one is kept: reading the wall clock costs microseconds.
 */
export function todayIn(now: Date, timeZone: string): string {
  const minute = Math.floor(now.getTime() / 60_000);
  const known = days.get(timeZone);
  if (known?.minute === minute) return known.date;
  const { year, month, day } = wallClock(now, timeZone);
  const date = formatDate(year, month, day);
  // Only zones that exist get here (wallClock refuses others), so the map stays as small as the zone list.
  days.set(timeZone, { minute, date });
  return date;
}

/** "Week 47, 2026": the ISO week number and week-based year of a week. */
export function weekLabel(week: Week): string {
  const thursday = addDays(week.start, 3);
  const year = thursday.slice(0, 4);
  const dayOfYear = Math.round((toUtc(thursday) - toUtc(`${year}-01-01`)) / DAY_MS) + 1;
  return `Week ${Math.floor((dayOfYear - 1) / 7) + 1}, ${Number(year)}`;
}

/** The instants a week covers in `timeZone`: from Monday 00:00 (inclusive) to the next Monday 00:00 (exclusive). */
export function weekInstants(week: Week, timeZone: string): { from: Date; to: Date } {
  return { from: startOfDayIn(week.start, timeZone), to: startOfDayIn(addDays(week.end, 1), timeZone) };
}

/** The instants a calendar date covers in `timeZone`: from its 00:00 (inclusive) to the next day's (exclusive). */
export function dayInstants(date: string, timeZone: string): { from: Date; to: Date } {
  return { from: startOfDayIn(date, timeZone), to: startOfDayIn(addDays(date, 1), timeZone) };
}

/** The instant a calendar date begins in `timeZone`. */
export function startOfDayIn(date: string, timeZone: string): Date {
  const wall = toUtc(date);
  // The zone's offset at the guessed instant may differ from the one at midnight (a DST change that
  // day); a second pass settles it.
  let instant = wall - offsetMs(new Date(wall), timeZone);
  instant = wall - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

export function addDays(date: string, days: number): string {
  const d = new Date(toUtc(date) + days * DAY_MS);
  return formatDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** A YYYY-MM-DD string that is a real calendar date; otherwise a 400 naming `path`. */
function parseDate(text: string, path: string): string {
  const [year, month, day] = text.split('-').map(Number);
  const d = new Date(toUtc(text));
  if (Number.isNaN(d.getTime()) || d.getUTCFullYear() !== year || d.getUTCMonth() + 1 !== month || d.getUTCDate() !== day) {
    throw new ValidationError([{ path, message: 'Not a calendar date (YYYY-MM-DD)' }]);
  }
  return text;
}

const isSupportedDate = (date: string) => /^\d{4}-/.test(date) && date >= '0001-01-01';

/** 0 = Sunday ... 6 = Saturday. */
const dayOfWeek = (date: string) => new Date(toUtc(date)).getUTCDay();

/** Milliseconds since the epoch of a date's midnight UTC; years below 100 are taken literally. */
function toUtc(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d.getTime();
}

function formatDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** How far the wall clock of `timeZone` is ahead of UTC at `instant`. */
function offsetMs(instant: Date, timeZone: string): number {
  const { year, month, day, hour, minute, second } = wallClock(instant, timeZone);
  const wall = new Date(0);
  wall.setUTCFullYear(year, month - 1, day);
  wall.setUTCHours(hour, minute, second);
  return wall.getTime() - Math.floor(instant.getTime() / 1000) * 1000;
}

/** One formatter per time zone: building one costs far more than using it (badge images ask for the day on every request). */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    // Only zones that exist get here (the constructor refuses others), so the map stays as small as the zone list.
    wallClocks.set(timeZone, format);
  }
  return format;
}

function wallClock(instant: Date, timeZone: string) {
  const parts = wallClockFormat(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}
