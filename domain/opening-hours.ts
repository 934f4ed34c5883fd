import type { WeeklyHours } from "./data-schemas.ts";

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Opening hours as German rows ("Mo–Fr 08:30–18:30 Uhr"): equal consecutive days are merged. */

export const WEEKDAY_LABELS: Record<Weekday, string> = { mon: "Mo", tue: "Di", wed: "Mi", thu: "Do", fri: "Fr", sat: "Sa", sun: "So" };
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: "Montag",
  tue: "Dienstag",
  wed: "Mittwoch",
  thu: "Donnerstag",
  fri: "Freitag",
  sat: "Samstag",
  sun: "Sonntag",
};

const CLOSED = "geschlossen";

function intervalsText(intervals: Array<[string, string]> | undefined): string {
  if (!intervals || intervals.length === 0) return CLOSED;
  return `${intervals.map(([from, to]) => `${from}–${to}`).join(" und ")} Uhr`;
}

export interface OpeningHoursRow {
  /** "Mo–Fr", "Sa" */
  days: string;
  /** Spoken form for screen readers: "Montag bis Freitag" */
  daysLong: string;
  hours: string;
}

/** The open days in one line ("Mo–Fr 08:00–18:00 Uhr, Sa 09:00–14:00 Uhr"); null when no day is open. */
export function openingHoursSummary(hours: WeeklyHours): string | null {
  const open = openingHoursRows(hours).filter((row) => row.hours !== CLOSED);
  return open.length > 0 ? open.map((row) => `${row.days} ${row.hours}`).join(", ") : null;
}

export function openingHoursRows(hours: WeeklyHours): OpeningHoursRow[] {
  const rows: Array<OpeningHoursRow & { first: Weekday; last: Weekday }> = [];
  for (const day of WEEKDAYS) {
    const text = intervalsText(hours[day]);
    const previous = rows[rows.length - 1];
    if (previous && previous.hours === text) {
      previous.last = day;
    } else {
      rows.push({ first: day, last: day, days: "", daysLong: "", hours: text });
    }
  }
  return rows.map(({ first, last, hours: text }) => ({
    days: first === last ? WEEKDAY_LABELS[first] : `${WEEKDAY_LABELS[first]}–${WEEKDAY_LABELS[last]}`,
    daysLong: first === last ? WEEKDAY_NAMES[first] : `${WEEKDAY_NAMES[first]} bis ${WEEKDAY_NAMES[last]}`,
    hours: text,
  }));
}
