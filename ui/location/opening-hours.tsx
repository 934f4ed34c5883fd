import type { WeeklyHours } from "#domain/data-schemas.ts";
import { openingHoursRows } from "#domain/opening-hours.ts";

/** One department's opening hours as a small table (rows from domain/opening-hours.ts). */
export function OpeningHoursTable({ caption, hours }: { caption: string; hours: WeeklyHours }) {
  return (
    <table className="opening-hours">
      <caption>{caption}</caption>
      <tbody>
        {openingHoursRows(hours).map((row) => (
          <tr key={row.days}>
            <th scope="row">
              <abbr title={row.daysLong}>{row.days}</abbr>
            </th>
            <td>{row.hours}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
