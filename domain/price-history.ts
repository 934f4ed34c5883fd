import { addDays } from "./calendar-date.ts";

/**
 * Price reductions as PAngV § 11 requires them: whoever advertises a reduced
 * price must name the lowest total price of the 30 days before the reduction, and the reduction
 * refers to that price. `history` is every price the vehicle had with the first day it applied
 * (D1 vehicle_prices).
 */
export interface PricePoint {
  price: number;
  /** YYYY-MM-DD */
  validFrom: string;
}

export interface PriceReduction {
  /** The day the current price began. */
  since: string;
  /** The lowest price in effect during the 30 days before `since`. */
  lowest30Days: number;
  /** Percent below that lowest price, whole percent (rounded down: never overstated). */
  percent: number;
}

export const REDUCTION_WINDOW_DAYS = 30;

/** The reduction of the current price, or null when the current price is not below the 30-day low before it. */
export function priceReduction(history: readonly PricePoint[], currentPrice: number, today: string): PriceReduction | null {
  const points = history
    .filter((point) => point.validFrom <= today)
    .sort((a, b) => (a.validFrom < b.validFrom ? -1 : a.validFrom > b.validFrom ? 1 : 0));
  const current = points.at(-1);
  if (!current || current.price !== currentPrice) return null;
  const since = current.validFrom;
  const windowStart = addDays(since, -REDUCTION_WINDOW_DAYS);
  // Prices in effect at some point in [windowStart, since): those that began inside it, and the one in effect when it opened.
  const before = points.slice(0, -1);
  const inEffect = before.filter((point, index) => point.validFrom >= windowStart || (before[index + 1]?.validFrom ?? since) > windowStart);
  if (inEffect.length === 0) return null;
  const lowest30Days = Math.min(...inEffect.map((point) => point.price));
  if (currentPrice >= lowest30Days) return null;
  return { since, lowest30Days, percent: Math.floor((1 - currentPrice / lowest30Days) * 100) };
}
