import { useEffect, useState } from "react";
import type { WeeklyHours } from "#domain/data-schemas.ts";
import { openingStatus } from "#domain/opening-status.ts";

/** A date the center is closed all day (a public holiday of its state), as the loader lists them. */
export interface ClosedDay {
  /** YYYY-MM-DD */
  date: string;
  name: string;
}

const MINUTE_MS = 60_000;

/**
 * "Jetzt geöffnet · schließt um 18:30 Uhr", computed in Europe/Berlin with the state's public
 * holidays (domain/opening-status.ts). The server renders it for `renderedAt` (loader data, so the
 * browser hydrates the same text); the browser then moves it to its own clock and keeps it current
 * once a minute. The public holidays come as data (`holidays`, the loader lists the next weeks'
 * of the center's state), so the browser does not load the holiday rules. Only for a center whose
 * state is known: without its holidays the line could say "open" on Christmas Day. Not a live region: a line changing by itself must not interrupt a screen reader.
 */
export function OpeningStatusLine({
  hours,
  holidays,
  renderedAt,
  label,
}: {
  hours: WeeklyHours;
  holidays: readonly ClosedDay[];
  renderedAt: string;
  label: string;
}) {
  const [now, setNow] = useState(() => new Date(renderedAt));
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  const byDate = new Map(holidays.map(({ date, name }) => [date, name]));
  const status = openingStatus(hours, (date) => byDate.get(date) ?? null, now);
  return (
    <p className={`opening-status opening-status--${status.open ? "open" : "closed"}`}>
      <span className="opening-status__label">{label}: </span>
      {status.text}
    </p>
  );
}
