import { BODY_STYLE_LABELS, FUEL_LABELS } from "#domain/vehicle-labels.ts";

/** German names of catalogue values; a value the vocabulary lacks is shown as it is (own keys only). */
export function fuelLabel(fuel: string): string {
  return Object.hasOwn(FUEL_LABELS, fuel) ? FUEL_LABELS[fuel as keyof typeof FUEL_LABELS] : fuel;
}

export function bodyStyleLabel(body: string): string {
  return Object.hasOwn(BODY_STYLE_LABELS, body) ? BODY_STYLE_LABELS[body as keyof typeof BODY_STYLE_LABELS] : body;
}
