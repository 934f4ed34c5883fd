/**
 * What an import of the group's stock changes, decided before anything is written (docs/stock-import.md).
 * Pure: the caller reads the stocked vehicles, hands in the validated feed, and applies the plan in
 * one D1 batch (all or nothing), so the site never shows half an import.
 *
 * - A vehicle is known by its key at its source (`sourceKey`: the listing service's ad key or the
 *   DMS's internal number, prefixed by the source), never by its title: it keeps its id, and so its
 *   URL, across imports. A new key gets the next id, or the id its source asks for when no
 *   vehicle ever had it (the demo source keeps the ids tests, docs and legacy redirects name).
 * - A vehicle missing from the feed is sold, not deleted (compare, favourites and its page say it is
 *   gone; it leaves the search and the sitemap); one that comes back is available again.
 * - Every price that differs from the stocked one is a new point of the price history from
 *   `today` (PAngV § 11: the 30-day lowest price is read from it, domain/price-history.ts); a
 *   second change on the same day replaces that day's point when applied (one price per day).
 * - A changed title changes the slug; the vehicle page answers the old slug with a 301 to the new one.
 * - The safety valve: a broken feed must not empty the site. When a center would lose more than
 *   `maxSoldShare` of its available vehicles at once (and has at least `minCenterStock`), the plan
 *   is refused unless `force`, and says which centers and how many.
 */

/** A vehicle as the site holds it, reduced to what an import compares. */
export interface StockedVehicle {
  id: number;
  sourceKey: string;
  status: "available" | "sold";
  location: string;
  slug: string;
  price: number;
  /** A digest of everything else the site shows (the caller's choice, e.g. of the vehicle document). */
  fingerprint: string;
}

/** A vehicle of the feed, validated, with its key at the source. */
export interface IncomingVehicle {
  sourceKey: string;
  location: string;
  slug: string;
  price: number;
  fingerprint: string;
  /**
   * The id a new vehicle asks for: given when it is at least `nextId` (no vehicle ever had it)
   * and no other vehicle of the feed asks for it; else the next free id. Only the demo source sets it.
   */
  id?: number;
}

export interface ImportPlanOptions {
  /** YYYY-MM-DD (Europe/Berlin): the day new prices apply from. */
  today: string;
  /** The first id for vehicles the site has not had yet. */
  nextId: number;
  /** The share (0–1) of a center's available vehicles an import may sell at once. */
  maxSoldShare: number;
  /** Centers with fewer available vehicles are not judged by the share (selling 2 of 3 is a good day). */
  minCenterStock: number;
  /** Apply even when the valve refuses (the operator has looked). */
  force: boolean;
  /**
   * Keys whose feed row was refused (a bad value, named twice): their vehicles are left as they
   * are, not sold, so one broken row does not take a car off the site.
   */
  keep?: ReadonlySet<string>;
}

export interface ValveReading {
  location: string;
  available: number;
  sold: number;
  share: number;
}

export interface ImportPlan {
  added: Array<{ id: number; vehicle: IncomingVehicle }>;
  /** Stocked vehicles whose document, location, slug or price changed, or that are available again. */
  changed: Array<{ id: number; vehicle: IncomingVehicle; previousSlug: string; returned: boolean }>;
  /** Ids of available vehicles missing from the feed. */
  sold: number[];
  /** New points of the price history (added vehicles' first prices included). */
  prices: Array<{ id: number; price: number; validFrom: string }>;
  unchanged: number;
  /** Stocked vehicles left as they were because their row was refused (`keep`). */
  kept: number;
  /** Centers over the valve's share. */
  valve: ValveReading[];
  /** True when the valve tripped and `force` was not given: nothing may be applied. */
  refused: boolean;
}

export class DuplicateSourceKeyError extends Error {
  readonly sourceKeys: string[];
  constructor(sourceKeys: string[]) {
    super(`the feed names these vehicles more than once: ${sourceKeys.join(", ")}`);
    this.name = "DuplicateSourceKeyError";
    this.sourceKeys = sourceKeys;
  }
}

export function planImport(stocked: readonly StockedVehicle[], feed: readonly IncomingVehicle[], options: ImportPlanOptions): ImportPlan {
  const incoming = new Map<string, IncomingVehicle>();
  const duplicates = new Set<string>();
  for (const vehicle of feed) {
    if (incoming.has(vehicle.sourceKey)) duplicates.add(vehicle.sourceKey);
    incoming.set(vehicle.sourceKey, vehicle);
  }
  if (duplicates.size > 0) throw new DuplicateSourceKeyError([...duplicates].sort());

  const plan: ImportPlan = { added: [], changed: [], sold: [], prices: [], unchanged: 0, kept: 0, valve: [], refused: false };
  const known = new Set<string>();
  for (const current of stocked) {
    known.add(current.sourceKey);
    const next = incoming.get(current.sourceKey);
    if (!next) {
      if (options.keep?.has(current.sourceKey)) plan.kept++;
      else if (current.status === "available") plan.sold.push(current.id);
      continue;
    }
    const returned = current.status === "sold";
    if (next.price !== current.price) plan.prices.push({ id: current.id, price: next.price, validFrom: options.today });
    const same =
      !returned &&
      next.price === current.price &&
      next.slug === current.slug &&
      next.location === current.location &&
      next.fingerprint === current.fingerprint;
    if (same) plan.unchanged++;
    else plan.changed.push({ id: current.id, vehicle: next, previousSlug: current.slug, returned });
  }
  const fresh = feed.filter((vehicle) => !known.has(vehicle.sourceKey));
  const asked = new Map<number, number>();
  for (const { id } of fresh)
    if (id !== undefined && Number.isSafeInteger(id) && id >= options.nextId) asked.set(id, (asked.get(id) ?? 0) + 1);
  let next = options.nextId;
  for (const vehicle of fresh) {
    let id: number;
    if (vehicle.id !== undefined && asked.get(vehicle.id) === 1) id = vehicle.id;
    else {
      while (asked.has(next)) next++;
      id = next++;
    }
    plan.added.push({ id, vehicle });
    plan.prices.push({ id, price: vehicle.price, validFrom: options.today });
  }

  plan.valve = valveReadings(stocked, new Set(plan.sold), options, feed.length === 0 && (options.keep?.size ?? 0) === 0);
  plan.refused = plan.valve.length > 0 && !options.force;
  return plan;
}

/** The valve's reading over the whole source (all its centers), named so in the refusal. */
export const WHOLE_SOURCE = "alle Standorte der Quelle";

function valveReadings(
  stocked: readonly StockedVehicle[],
  sold: ReadonlySet<number>,
  options: ImportPlanOptions,
  emptyFeed: boolean,
): ValveReading[] {
  const byLocation = new Map<string, { available: number; sold: number }>();
  for (const vehicle of stocked) {
    if (vehicle.status !== "available") continue;
    const counts = byLocation.get(vehicle.location) ?? { available: 0, sold: 0 };
    counts.available++;
    if (sold.has(vehicle.id)) counts.sold++;
    byLocation.set(vehicle.location, counts);
  }
  const readings = [...byLocation]
    .map(([location, counts]) => ({ location, ...counts, share: counts.sold / counts.available }))
    .filter((reading) => reading.available >= options.minCenterStock && reading.share > options.maxSoldShare)
    .sort((a, b) => a.location.localeCompare(b.location));
  // Small centers are not judged one by one, but a source of many small centers is judged as a
  // whole, and an empty feed is refused whatever the size: an empty or truncated export must not
  // empty the site.
  const available = [...byLocation.values()].reduce((sum, counts) => sum + counts.available, 0);
  const soldCount = [...byLocation.values()].reduce((sum, counts) => sum + counts.sold, 0);
  const whole = { location: WHOLE_SOURCE, available, sold: soldCount, share: available === 0 ? 0 : soldCount / available };
  if (available > 0 && ((available >= options.minCenterStock && whole.share > options.maxSoldShare) || emptyFeed)) readings.push(whole);
  return readings;
}
