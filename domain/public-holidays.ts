/**
 * Statewide legal public holidays in Germany, per federal state.
 *
 * Holidays are set by the Feiertagsgesetze of the 16 states (only the Tag der Deutschen Einheit is
 * federal law, Einigungsvertrag Art. 2 Abs. 2). The table covers the law from 1995 on, when the
 * Buß- und Bettag stopped being a holiday outside Saxony; earlier years are not modelled.
 *
 * Deliberately left out, because they apply only in some municipalities and a location's state alone
 * cannot decide them:
 * - Fronleichnam in parts of Saxony and Thuringia (Catholic municipalities, e.g. around Bautzen and the Eichsfeld),
 * - Mariä Himmelfahrt in Bavaria (only municipalities with a Catholic majority),
 * - Augsburger Hohes Friedensfest on 8 August (city of Augsburg only).
 *
 * @example
 * publicHolidays(2026, "SN").find(({ name }) => name === "Buß- und Bettag") // { date: "2026-11-18", name: "Buß- und Bettag" }
 * holidayOn("2026-10-03", "HH") // "Tag der Deutschen Einheit"
 */

import { addDays, isoDate } from "./calendar-date.ts";
import { WEEKDAY_LABELS } from "./opening-hours.ts";
import { berlinTime, openingStatus, weekdayOf, type OpeningStatus } from "./opening-status.ts";
import type { WeeklyHours } from "./data-schemas.ts";
import { isOneOf } from "./is-one-of.ts";

export { addDays };

export const GERMAN_STATES = ["BW", "BY", "BE", "BB", "HB", "HH", "HE", "MV", "NI", "NW", "RP", "SL", "SN", "ST", "SH", "TH"] as const;
export type GermanState = (typeof GERMAN_STATES)[number];

export function isGermanState(value: string): value is GermanState {
  return isOneOf(GERMAN_STATES, value);
}

export interface PublicHoliday {
  /** YYYY-MM-DD */
  date: string;
  /** German name, e.g. "Tag der Deutschen Einheit" */
  name: string;
}

/** Easter Sunday of the Gregorian calendar (anonymous Gregorian computus after Meeus/Jones/Butcher), YYYY-MM-DD. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const monthAndDay = h + l - 7 * m + 114;
  return isoDate(year, Math.floor(monthAndDay / 31), (monthAndDay % 31) + 1);
}

/** The Wednesday before 23 November (SächsSFG § 1). */
function repentanceDay(year: number): string {
  const november22 = new Date(Date.UTC(year, 10, 22)).getUTCDay();
  return isoDate(year, 11, 22 - ((november22 + 4) % 7));
}

interface HolidayRule {
  name: string;
  date: (year: number) => string;
  applies: (year: number, state: GermanState) => boolean;
}

const everywhere = (): boolean => true;
const inStates =
  (...states: GermanState[]) =>
  (_year: number, state: GermanState): boolean =>
    states.includes(state);
const fixed = (month: number, day: number) => (year: number) => isoDate(year, month, day);
const afterEaster = (days: number) => (year: number) => addDays(easterSunday(year), days);

const RULES: readonly HolidayRule[] = [
  { name: "Neujahr", date: fixed(1, 1), applies: everywhere },
  { name: "Heilige Drei Könige", date: fixed(1, 6), applies: inStates("BW", "BY", "ST") },
  {
    name: "Internationaler Frauentag",
    date: fixed(3, 8),
    applies: (year, state) => (state === "BE" && year >= 2019) || (state === "MV" && year >= 2023),
  },
  { name: "Karfreitag", date: afterEaster(-2), applies: everywhere },
  { name: "Ostersonntag", date: afterEaster(0), applies: inStates("BB") },
  { name: "Ostermontag", date: afterEaster(1), applies: everywhere },
  { name: "Tag der Arbeit", date: fixed(5, 1), applies: everywhere },
  // One-off holidays for the 75th and 80th anniversary of the end of the war (Berlin, 2020 and 2025).
  { name: "Tag der Befreiung", date: fixed(5, 8), applies: (year, state) => state === "BE" && (year === 2020 || year === 2025) },
  { name: "Christi Himmelfahrt", date: afterEaster(39), applies: everywhere },
  { name: "Pfingstsonntag", date: afterEaster(49), applies: inStates("BB") },
  { name: "Pfingstmontag", date: afterEaster(50), applies: everywhere },
  { name: "Fronleichnam", date: afterEaster(60), applies: inStates("BW", "BY", "HE", "NW", "RP", "SL") },
  { name: "Mariä Himmelfahrt", date: fixed(8, 15), applies: inStates("SL") },
  { name: "Weltkindertag", date: fixed(9, 20), applies: (year, state) => state === "TH" && year >= 2019 },
  { name: "Tag der Deutschen Einheit", date: fixed(10, 3), applies: everywhere },
  {
    name: "Reformationstag",
    date: fixed(10, 31),
    // 2017 (500 years of the Reformation) was a holiday everywhere; the four northern states kept it from 2018.
    applies: (year, state) =>
      year === 2017 ||
      inStates("BB", "MV", "SN", "ST", "TH")(year, state) ||
      (year >= 2018 && inStates("HB", "HH", "NI", "SH")(year, state)),
  },
  { name: "Allerheiligen", date: fixed(11, 1), applies: inStates("BW", "BY", "NW", "RP", "SL") },
  { name: "Buß- und Bettag", date: repentanceDay, applies: inStates("SN") },
  { name: "1. Weihnachtstag", date: fixed(12, 25), applies: everywhere },
  { name: "2. Weihnachtstag", date: fixed(12, 26), applies: everywhere },
];

const holidaysByYear = new Map<string, readonly PublicHoliday[]>();

/**
 * The statewide legal holidays of `state` in `year`, sorted by date. Worked out once per year and
 * state (the date rules cost ≈ 0.5 ms, and every location page and the location list ask).
 */
export function publicHolidays(year: number, state: GermanState): readonly PublicHoliday[] {
  const key = `${year}-${state}`;
  let holidays = holidaysByYear.get(key);
  if (!holidays) {
    holidays = RULES.filter((rule) => rule.applies(year, state))
      .map((rule) => ({ date: rule.date(year), name: rule.name }))
      .sort((left, right) => (left.date < right.date ? -1 : left.date > right.date ? 1 : 0));
    holidaysByYear.set(key, holidays);
  }
  return holidays;
}

const holidaysByYearAndState = new Map<string, ReadonlyMap<string, string>>();

function holidayNames(year: number, state: GermanState): ReadonlyMap<string, string> {
  const key = `${year}-${state}`;
  let names = holidaysByYearAndState.get(key);
  if (!names) {
    const byDate = new Map<string, string>();
    // Two holidays can share a date (Christi Himmelfahrt fell on 1 May in 2008).
    for (const { date, name } of publicHolidays(year, state)) byDate.set(date, byDate.has(date) ? `${byDate.get(date)} und ${name}` : name);
    names = byDate;
    holidaysByYearAndState.set(key, names);
  }
  return names;
}

/** The name of the holiday on a YYYY-MM-DD date in `state`, or null on a working day. */
export function holidayOn(date: string, state: GermanState): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  return holidayNames(Number(date.slice(0, 4)), state).get(date) ?? null;
}

export interface UpcomingHoliday {
  /** YYYY-MM-DD */
  date: string;
  name: string;
  /** "Fr, 25.12." */
  label: string;
}

/**
 * The public holidays of `state` from today (Berlin) through the next `days` days, for notes such as
 * "An Feiertagen geschlossen: Fr, 25.12.". Today counts as the first of the `days` days.
 */
export function upcomingHolidays(state: GermanState, instant: Date, days = 30): UpcomingHoliday[] {
  const today = berlinTime(instant).date;
  const end = addDays(today, days);
  const firstYear = Number(today.slice(0, 4));
  const lastYear = Number(end.slice(0, 4));
  const upcoming: UpcomingHoliday[] = [];
  for (let year = firstYear; year <= lastYear; year++) {
    for (const { date, name } of publicHolidays(year, state)) {
      if (date < today || date >= end) continue;
      upcoming.push({ date, name, label: `${WEEKDAY_LABELS[weekdayOf(date)]}, ${date.slice(8, 10)}.${date.slice(5, 7)}.` });
    }
  }
  return upcoming;
}

/** The lookup openingStatus takes, for a list of dates (what the browser gets from a loader). */
export function holidayLookup(holidays: readonly PublicHoliday[]): (date: string) => string | null {
  const byDate = new Map(holidays.map(({ date, name }) => [date, name]));
  return (date) => byDate.get(date) ?? null;
}

/** openingStatus with the statewide public holidays of `state`. */
export function openingStatusIn(state: GermanState, hours: WeeklyHours, instant: Date): OpeningStatus {
  return openingStatus(hours, (date) => holidayOn(date, state), instant);
}
