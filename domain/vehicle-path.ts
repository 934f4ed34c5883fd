/** The detail URL of a vehicle: /carfinder/{id}-1-{slug}, or brand-scoped /{brand}/carfinder/… (spec section 2). */
export function vehiclePath(vehicle: { id: number; slug: string }, brand?: string): string {
  const base = brand ? `/${brand}/carfinder` : "/carfinder";
  return `${base}/${vehicle.id}-1-${vehicle.slug}`;
}
