import { useEffect, useState } from "react";
import type { WeeklyHours } from "#domain/data-schemas.ts";
import type { GermanState } from "#domain/public-holidays.ts";
import { openingStatus } from "#domain/opening-status.ts";

const MINUTE_MS = 60_000;

/**
 * "Jetzt geöffnet · schließt um 18:30 Uhr", computed in Europe/Berlin with the state's public
 * holidays (domain/opening-status.ts). The server renders it for `renderedAt` (loader data, so the
 * browser hydrates the same text); the browser then moves it to its own clock and keeps it current
 * once a minute. Only for a center whose state is known: without its public holidays the line
 * could say "open" on Christmas Day. Not a live region: a line changing by itself must not interrupt a screen reader.
 */
export function OpeningStatusLine({ hours, state, renderedAt, label }: { hours: WeeklyHours; state: GermanState; renderedAt: string; label: string }) {
  const [now, setNow] = useState(() => new Date(renderedAt));
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  const status = openingStatus(hours, state, now);
  return (
    <p className={`opening-status opening-status--${status.open ? "open" : "closed"}`}>
      <span className="opening-status__label">{label}: </span>
      {status.text}
    </p>
  );
}
