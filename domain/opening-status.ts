import type { WeeklyHours } from "./data-schemas.ts";
import { WEEKDAY_NAMES, WEEKDAYS, type Weekday } from "./opening-hours.ts";
import { addDays } from "./calendar-date.ts";
import { berlinWallClock } from "./berlin-time.ts";

/**
 * "Jetzt geöffnet" / "Geschlossen · öffnet morgen um 08:30 Uhr" for a location's weekly hours, in the
 * dealership's time zone (Europe/Berlin) whatever the time zone of the browser or the worker.
 *
 * @example
 * openingStatus({ mon: [["08:30", "18:30"]] }, "NW", new Date("2026-03-30T08:00:00Z"))
 * // { open: true, text: "Jetzt geöffnet · schließt um 18:30 Uhr", closesAt: "18:30" }
 */

const MINUTES_PER_DAY = 24 * 60;
/** Days ahead (after today) searched for the next opening. */
const LOOKAHEAD_DAYS = 14;
/** Up to this many days ahead the next opening is named by its weekday ("öffnet Montag"). */
const WEEKDAY_NAME_DAYS = 7;

/** The weekday of a YYYY-MM-DD calendar date. */
export function weekdayOf(date: string): Weekday {
  const sundayFirst = new Date(`${date}T00:00:00Z`).getUTCDay();
  const weekday = WEEKDAYS[(sundayFirst + 6) % 7];
  if (weekday === undefined) throw new RangeError(`Not a calendar date: ${date}`);
  return weekday;
}

export interface BerlinTime {
  /** YYYY-MM-DD */
  date: string;
  weekday: Weekday;
  /** Minutes since local midnight, 0–1439. */
  minutes: number;
}

/** The wall-clock date and time in Europe/Berlin at `instant`. */
export function berlinTime(instant: Date): BerlinTime {
  const { date, minutes } = berlinWallClock(instant);
  return { date, weekday: weekdayOf(date), minutes };
}

function parseTime(time: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

function formatTime(minutes: number): string {
  const wrapped = minutes % MINUTES_PER_DAY;
  return `${String(Math.floor(wrapped / 60)).padStart(2, "0")}:${String(wrapped % 60).padStart(2, "0")}`;
}

/**
 * A day's intervals as sorted, merged [start, end) minute ranges. "00:00" as an end means midnight at the
 * end of the day; any other interval that ends before it starts is a data error and is ignored.
 */
function dayIntervals(intervals: ReadonlyArray<readonly [string, string]> | undefined): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const [from, to] of intervals ?? []) {
    const start = parseTime(from);
    const parsedEnd = parseTime(to);
    if (start === null || parsedEnd === null) continue;
    const end = parsedEnd === 0 ? MINUTES_PER_DAY : parsedEnd;
    if (end > start) ranges.push([start, end]);
  }
  ranges.sort((left, right) => left[0] - right[0]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const previous = merged[merged.length - 1];
    if (previous && range[0] <= previous[1]) previous[1] = Math.max(previous[1], range[1]);
    else merged.push(range);
  }
  return merged;
}

export interface OpeningStatus {
  open: boolean;
  /** German, ready to show: "Jetzt geöffnet · schließt um 18:30 Uhr" */
  text: string;
  /** "18:30" while open: the end of the current interval (the lunch break on split days). */
  closesAt?: string;
  /** The next opening while closed: day "heute", "morgen", "Montag" or "am 05.01."; time "08:30". */
  opensAt?: { day: string; time: string };
}

function dayWord(offset: number, date: string): string {
  if (offset === 0) return "heute";
  if (offset === 1) return "morgen";
  if (offset <= WEEKDAY_NAME_DAYS) return WEEKDAY_NAMES[weekdayOf(date)];
  return `am ${date.slice(8, 10)}.${date.slice(5, 7)}.`;
}

/**
 * Whether a department with `hours` is open at `instant`, Berlin time. A date `holidayOn` names
 * (a public holiday of the center's state, domain/public-holidays.ts) is closed all day. The
 * browser gets the holidays as data (the location pages' loaders), not the holiday rules.
 */
export function openingStatus(hours: WeeklyHours, holidayOn: (date: string) => string | null, instant: Date): OpeningStatus {
  const now = berlinTime(instant);
  const holidayToday = holidayOn(now.date);
  if (!holidayToday) {
    const current = dayIntervals(hours[now.weekday]).find(([start, end]) => start <= now.minutes && now.minutes < end);
    if (current) {
      const closesAt = formatTime(current[1]);
      return { open: true, text: `Jetzt geöffnet · schließt um ${closesAt} Uhr`, closesAt };
    }
  }

  const closed = holidayToday ? `Geschlossen (Feiertag: ${holidayToday})` : "Geschlossen";
  // Walk calendar dates rather than adding 24 h to the instant, so a DST change never skips or repeats a day.
  for (let offset = 0; offset <= LOOKAHEAD_DAYS; offset++) {
    const date = addDays(now.date, offset);
    if (holidayOn(date)) continue;
    const next = dayIntervals(hours[weekdayOf(date)]).find(([start]) => offset > 0 || start > now.minutes);
    if (next) {
      const opensAt = { day: dayWord(offset, date), time: formatTime(next[0]) };
      return { open: false, text: `${closed} · öffnet ${opensAt.day} um ${opensAt.time} Uhr`, opensAt };
    }
  }
  return { open: false, text: closed };
}
