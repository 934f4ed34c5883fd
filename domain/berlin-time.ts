/**
 * The wall clock in Europe/Berlin without Intl: the first Intl object a page makes costs 40–110 ms
 * of ICU setup in the browser (domain/german-number.ts), and this is needed on the first render of
 * location and vehicle pages (opening status, delivery dates).
 *
 * Germany keeps the EU's rule (since 1996): Central European Time (UTC+1), and summer time
 * (UTC+2) from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October.
 * Should the EU end the clock change, this is the one place to change, as a time-zone database
 * update would be. domain/berlin-time.test.ts compares it with Intl's Europe/Berlin.
 */

/** 01:00 UTC on the last Sunday of a month (0-based), in ms since the epoch. */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** Minutes Berlin's clock is ahead of UTC at `instant`: 60 or 120. */
export function berlinOffsetMinutes(instant: Date): number {
  const time = instant.getTime();
  const year = instant.getUTCFullYear();
  return time >= lastSundayOneUtc(year, 2) && time < lastSundayOneUtc(year, 9) ? 120 : 60;
}

/** The date ("YYYY-MM-DD") and the minutes since midnight on Berlin's clock at `instant`. */
export function berlinWallClock(instant: Date): { date: string; minutes: number } {
  const local = new Date(instant.getTime() + berlinOffsetMinutes(instant) * 60_000);
  return { date: local.toISOString().slice(0, 10), minutes: local.getUTCHours() * 60 + local.getUTCMinutes() };
}
