import { formatEuro, germanNumber } from "./german-number.ts";

/** "12.345 €" – German currency format, whole euros. */
export { formatEuro };

const NUMBER = germanNumber();

/** "12.345 km" */
export function formatKm(km: number): string {
  return `${NUMBER.format(km)} km`;
}

/** "05/2024" from the ISO month "2024-05". */
export function formatMonth(isoMonth: string): string {
  return `${isoMonth.slice(5, 7)}/${isoMonth.slice(0, 4)}`;
}
