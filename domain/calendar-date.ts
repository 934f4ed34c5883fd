/** Calendar dates as YYYY-MM-DD strings, with no time zone involved (opening hours, public holidays). */

export function isoDate(year: number, month: number, day: number): string {
  // Date.UTC normalises overflowing days ("April 33rd"), which makes it safe for day offsets.
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** The calendar date `days` days after (or before, if negative) a YYYY-MM-DD date; "2026-12-31" + 1 = "2027-01-01". */
export function addDays(date: string, days: number): string {
  return isoDate(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)) + days);
}
