/**
 * The rules of the two per-browser vehicle lists (spec sections 4, 5 and 9): the compare list
 * holds at most 6 vehicles, favourites at most 50 (one /api/vehicles?ids= request), each vehicle
 * once, oldest first. Pure functions, so the store and its tests share one source of truth.
 */

export interface VehicleListEntry {
  id: number;
  title: string;
  /** Epoch milliseconds; the lists keep the order in which vehicles were added. */
  addedAt: number;
}

export type VehicleListKind = "compare" | "favourites";

/** Spec section 9 "Compare maximum 6". */
export const COMPARE_LIMIT = 6;
/** Not in the spec: bounded so one GET /api/vehicles?ids= answers the whole list (its cap is 50). */
export const FAVOURITES_LIMIT = 50;

export const LIST_LIMITS: Record<VehicleListKind, number> = { compare: COMPARE_LIMIT, favourites: FAVOURITES_LIMIT };

/** Spec section 5, word for word. */
export const COMPARE_LIMIT_MESSAGE = "Fahrzeug kann nicht hinzugefügt werden. Wählen Sie maximal 6 Fahrzeuge zum Vergleichen aus.";
export const FAVOURITES_LIMIT_MESSAGE = `Fahrzeug kann nicht gemerkt werden. Sie können maximal ${FAVOURITES_LIMIT} Fahrzeuge in Ihren Favoriten speichern.`;

export const LIMIT_MESSAGES: Record<VehicleListKind, string> = { compare: COMPARE_LIMIT_MESSAGE, favourites: FAVOURITES_LIMIT_MESSAGE };

/** Polite confirmations after a change (spec section 4: the lists notify the visitor). */
export const ADDED_MESSAGES: Record<VehicleListKind, string> = {
  compare: "Zum Vergleich hinzugefügt.",
  favourites: "Zu den Favoriten hinzugefügt.",
};
export const REMOVED_MESSAGES: Record<VehicleListKind, string> = {
  compare: "Aus dem Vergleich entfernt.",
  favourites: "Aus den Favoriten entfernt.",
};

/** Spec section 4: a stored vehicle that is sold or unknown leaves the list, and the visitor is told. */
export function unavailableMessage(kind: VehicleListKind, title: string): string {
  return `Das Fahrzeug „${title}“ ist nicht mehr verfügbar und wurde aus ${kind === "compare" ? "Ihrer Vergleichsliste" : "Ihren Favoriten"} entfernt.`;
}

export type AddOutcome = { added: true; entries: VehicleListEntry[] } | { added: false; entries: VehicleListEntry[]; refusal?: string };

/**
 * Adds a vehicle at the end. Already listed: nothing changes (not refused either).
 * Full list: refused with the list's message, the list stays as it was.
 */
export function addEntry(
  entries: readonly VehicleListEntry[],
  kind: VehicleListKind,
  vehicle: { id: number; title: string },
  now: number,
): AddOutcome {
  if (entries.some((entry) => entry.id === vehicle.id)) return { added: false, entries: [...entries] };
  if (entries.length >= LIST_LIMITS[kind]) return { added: false, entries: [...entries], refusal: LIMIT_MESSAGES[kind] };
  return { added: true, entries: [...entries, { id: vehicle.id, title: vehicle.title, addedAt: now }] };
}

export function removeEntries(entries: readonly VehicleListEntry[], ids: Iterable<number>): VehicleListEntry[] {
  const gone = new Set(ids);
  return entries.filter((entry) => !gone.has(entry.id));
}

/** What came out of storage, made to follow the rules: first occurrence of an id wins, oldest first. */
export function normaliseEntries(entries: readonly VehicleListEntry[]): VehicleListEntry[] {
  const seen = new Set<number>();
  return [...entries]
    .sort((a, b) => a.addedAt - b.addedAt)
    .filter((entry) => {
      if (seen.has(entry.id)) return false;
      seen.add(entry.id);
      return true;
    });
}

/**
 * The `ids` query parameter the list pages' loaders read ("3,1,2"): positive integers, each once,
 * at most `max`; anything else is left out rather than failing the page.
 */
export function parseIdList(value: string | null, max: number): number[] {
  if (!value) return [];
  const ids = value
    .split(",")
    .filter((part) => /^[1-9]\d{0,11}$/.test(part))
    .map(Number);
  return [...new Set(ids)].slice(0, max);
}
