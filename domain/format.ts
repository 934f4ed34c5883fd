const EURO = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR", maximumFractionDigits: 0 });

/** "12.345 €" – German currency format, whole euros. */
export function formatEuro(amount: number): string {
  return EURO.format(amount);
}

const NUMBER = new Intl.NumberFormat("de-DE");

/** "12.345 km" */
export function formatKm(km: number): string {
  return `${NUMBER.format(km)} km`;
}

/** "05/2024" from the ISO month "2024-05". */
export function formatMonth(isoMonth: string): string {
  return `${isoMonth.slice(5, 7)}/${isoMonth.slice(0, 4)}`;
}
