const EURO = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR", maximumFractionDigits: 0 });

/** "12.345 €" – German currency format, whole euros. */
export function formatEuro(amount: number): string {
  return EURO.format(amount);
}
