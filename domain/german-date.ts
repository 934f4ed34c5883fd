/**
 * Long German dates without Intl (its first use costs a page ICU's setup, domain/german-number.ts).
 * Equal to `Intl.DateTimeFormat("de-DE", { day: "numeric", month: "long", year: "numeric",
 * timeZone: "UTC" })` (domain/german-number.test.ts).
 */
const MONTHS = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"];

/** A date's UTC calendar day in German: "5. März 2026". */
export function formatGermanDate(date: Date): string {
  return `${date.getUTCDate()}. ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
